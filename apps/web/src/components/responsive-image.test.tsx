// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { LazyImage } from './lazy-image';
import { ResponsiveImage } from './responsive-image';

afterEach(cleanup);

const sha = 'ab'.repeat(32);
const banner = `/media/7/${sha}-2000x800.jpg`;

describe('ResponsiveImage', () => {
  test('an upload is a <picture>: AVIF then WebP sources at the widths made, the original with its size', () => {
    const { container } = render(<ResponsiveImage src={banner} alt="Banner" sizes="100vw" priority="first-screen" />);
    const picture = container.querySelector('picture')!;
    const sources = [...picture.querySelectorAll('source')].map((source) => ({
      type: source.getAttribute('type'),
      srcset: source.getAttribute('srcset'),
      sizes: source.getAttribute('sizes'),
    }));
    const srcset = (format: string) =>
      [360, 720, 1080, 1600].map((width) => `/media/7/${sha}-${width}.${format} ${width}w`).join(', ');
    expect(sources).toEqual([
      { type: 'image/avif', srcset: srcset('avif'), sizes: '100vw' },
      { type: 'image/webp', srcset: srcset('webp'), sizes: '100vw' },
    ]);
    const image = screen.getByAltText('Banner');
    expect(image.parentElement).toBe(picture);
    expect(image.getAttribute('src')).toBe(banner);
    expect(image.getAttribute('width')).toBe('2000');
    expect(image.getAttribute('height')).toBe('800');
    // The first screen's largest image: asked for at once and first.
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');
  });

  test('a thumbnail is lazy and decoded off the main thread; a small upload offers only its own width', () => {
    const thumbnail = `/media/7/${sha}-300x400.png`;
    const { container } = render(<ResponsiveImage src={thumbnail} alt="Game" sizes="240px" priority="lazy" />);
    expect(container.querySelector('source[type="image/avif"]')!.getAttribute('srcset')).toBe(
      `/media/7/${sha}-300.avif 300w`,
    );
    const image = screen.getByAltText('Game');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
    expect(image.getAttribute('fetchpriority')).toBeNull();
  });

  test.each([
    ['SVG art', '/art/banners/home-1.svg'],
    ['an external URL', 'https://cdn.example.com/banner.jpg'],
    ['a GIF (an animation is drawn whole)', `/media/7/${sha}-400x200.gif`],
    ['an upload from before sizes were in its address', `/media/7/${sha}.png`],
  ])('%s is a plain img with the size given', (_name, src) => {
    const { container } = render(<ResponsiveImage src={src} alt="Art" sizes="100vw" width={1920} height={560} />);
    expect(container.querySelector('picture')).toBeNull();
    const image = screen.getByAltText('Art');
    expect(image.getAttribute('src')).toBe(src);
    expect(image.getAttribute('width')).toBe('1920');
    expect(image.getAttribute('height')).toBe('560');
  });
});

describe('LazyImage with an upload', () => {
  test('draws the variants, and after a failure retries with the original alone', () => {
    const thumbnail = `/media/7/${sha}-600x800.webp`;
    const { container } = render(<LazyImage src={thumbnail} alt="Game" sizes="240px" width={300} height={400} />);
    expect(container.querySelectorAll('picture source')).toHaveLength(2);
    const image = () => screen.getByAltText('Game');
    expect(image().getAttribute('width')).toBe('600');
    expect(image().getAttribute('loading')).toBe('lazy');
    fireEvent.error(image());
    expect(container.querySelector('picture')).toBeNull();
    expect(image().getAttribute('src')).toBe(`${thumbnail}?attempt=2`);
  });
});
