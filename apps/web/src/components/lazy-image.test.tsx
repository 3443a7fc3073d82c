// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { LazyImage, lazyImagePlaceholder } from './lazy-image';

afterEach(cleanup);

describe('LazyImage', () => {
  test('retries twice with a fresh address, then shows the placeholder after the 3rd failure', () => {
    render(<LazyImage src="/art/games/lucky-lotus.svg" alt="Lucky Lotus" />);
    const image = () => screen.getByAltText('Lucky Lotus');
    expect(image().getAttribute('src')).toBe('/art/games/lucky-lotus.svg');
    expect(image().dataset.status).toBe('loading');

    fireEvent.error(image());
    expect(image().getAttribute('src')).toBe('/art/games/lucky-lotus.svg?attempt=2');
    fireEvent.error(image());
    expect(image().getAttribute('src')).toBe('/art/games/lucky-lotus.svg?attempt=3');
    fireEvent.error(image());
    expect(image().getAttribute('src')).toBe(lazyImagePlaceholder);
    expect(image().dataset.status).toBe('error');
  });

  test('a successful load ends in the loaded state', () => {
    render(<LazyImage src="/art/games/ocean-king.svg" alt="Ocean King" />);
    fireEvent.load(screen.getByAltText('Ocean King'));
    expect(screen.getByAltText('Ocean King').dataset.status).toBe('loaded');
  });

  test('waits until the image scrolls into view when IntersectionObserver exists', () => {
    const observed: Element[] = [];
    let notify: (entries: Partial<IntersectionObserverEntry>[]) => void = () => undefined;
    class FakeObserver {
      constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
        notify = callback;
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {}
    }
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
    try {
      render(<LazyImage src="/art/games/dummy.svg" alt="Dummy" />);
      expect(screen.queryByAltText('Dummy')).toBeNull();
      expect(observed).toHaveLength(1);
      act(() => notify([{ isIntersecting: false }]));
      expect(screen.queryByAltText('Dummy')).toBeNull();
      act(() => notify([{ isIntersecting: true }]));
      expect(screen.getByAltText('Dummy').getAttribute('src')).toBe('/art/games/dummy.svg');
    } finally {
      globalThis.IntersectionObserver = original;
    }
  });
});
