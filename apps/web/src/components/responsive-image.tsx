import { mediaVariantSrcSet, mediaVariantWidthsOf, parseMediaImageUrl } from '@lotus/contract';
import type { ImgHTMLAttributes } from 'react';

/**
 * How an image is asked for: `first-screen` is the largest image of the first screen (eager, fetched
 * before the rest), `lazy` a thumbnail further down (fetched when it nears the view), `auto` the
 * browser's default.
 */
export type ImagePriority = 'first-screen' | 'lazy' | 'auto';

export interface ResponsiveSources {
  avif: string;
  webp: string;
  width: number;
  height: number;
}

/**
 * The AVIF and WebP `srcset`s of an uploaded image (modules/media) and its intrinsic size, read from
 * its address alone (`/media/{m}/{sha256}-{w}x{h}.{ext}`); null for the site's SVG art, external
 * URLs, GIFs (an animation is drawn whole) and uploads from before the size was in the address.
 */
export function responsiveSources(src: string): ResponsiveSources | null {
  const address = parseMediaImageUrl(src);
  if (!address || address.width === null || address.height === null) return null;
  if (mediaVariantWidthsOf(address).length === 0) return null;
  return {
    avif: mediaVariantSrcSet(address, 'avif'),
    webp: mediaVariantSrcSet(address, 'webp'),
    width: address.width,
    height: address.height,
  };
}

export interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'loading' | 'fetchPriority'
> {
  src: string;
  alt: string;
  /** The width the image is drawn at, as the `sizes` attribute says it (`100vw`, `(max-width: 600px) 34vw, 220px`). */
  sizes: string;
  priority?: ImagePriority;
  /** False draws the original alone (LazyImage's retry after a variant failed). */
  hasVariants?: boolean;
}

/**
 * An image in the smallest form the browser takes: for an uploaded raster image a `<picture>` with
 * AVIF and WebP sources at the widths the server makes, and the original as the `<img>` fallback;
 * width and height always set when known (from the address for uploads, else the caller's), so the
 * page does not shift when it arrives. Anything else (SVG art, external URLs, GIFs) is a plain img.
 */
export function ResponsiveImage({
  src,
  sizes,
  priority = 'auto',
  hasVariants = true,
  width,
  height,
  alt,
  ...imageProps
}: ResponsiveImageProps) {
  const sources = hasVariants ? responsiveSources(src) : null;
  const image = (
    <img
      {...imageProps}
      src={src}
      alt={alt}
      width={sources?.width ?? width}
      height={sources?.height ?? height}
      loading={priority === 'lazy' ? 'lazy' : priority === 'first-screen' ? 'eager' : undefined}
      fetchPriority={priority === 'first-screen' ? 'high' : undefined}
      decoding={priority === 'first-screen' ? undefined : 'async'}
    />
  );
  if (!sources) return image;
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {image}
    </picture>
  );
}
