import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * Images uploaded by operators (logos, banners, announcement art, game thumbnails) and served by
 * the platform itself (modules/media). The URL an upload answers is the one to store and draw.
 * ---------------------------------------------------------------------------------------------- */

/** The types an image may have, decided by its bytes (never by its name or declared type). SVG is refused. */
export const mediaImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type MediaImageType = (typeof mediaImageTypes)[number];

/** The most bytes one image may have (2 MB). */
export const mediaImageMaxBytes = 2 * 1024 * 1024;
/**
 * The most pixels one image may have: a small file can claim huge dimensions and inflate to
 * gigabytes when drawn (an "image bomb"). 16 million pixels is a 4000 x 4000 banner.
 */
export const mediaImageMaxPixels = 16_000_000;
/** The longest side in pixels (a 1 x 16,000,000 strip is no banner either). */
export const mediaImageMaxSide = 8192;

export const mediaPaths = {
  /** POST multipart (operator with content.manage, brands.manage or games.manage): one part `file`; answers the image. */
  upload: '/admin-api/media/images',
  /**
   * GET (public): the image itself, `/media/{merchantId}/{sha256}-{width}x{height}.{ext}` (uploads before
   * issue 19: `/media/{merchantId}/{sha256}.{ext}`), or one of its variants, `/media/{merchantId}/{sha256}-{width}.{avif|webp}`
   * (mediaVariantUrl); cached for a year (the address names the content).
   */
  image: '/media/:merchantId/:fileName',
} as const;

export const mediaImageSchema = z.object({
  id: z.number().int(),
  /**
   * Where the image is served (a path on the API's own origin): store this and draw it. It names the
   * content and the intrinsic size (`-{width}x{height}`), so whoever draws it knows its size and its
   * variants from the address alone (parseMediaImageUrl).
   */
  url: z.string(),
  contentType: z.enum(mediaImageTypes),
  sizeBytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  sha256: z.string(),
});
export type MediaImage = z.infer<typeof mediaImageSchema>;

/* ------------------------------------------------------------------------------------------------
 * Variants: smaller copies in AVIF and WebP for `<picture>`/`srcset`, derived by the server from the
 * original on first request and kept. Which exist follows from the address alone, so the site needs
 * no extra call: the fixed widths below the original's, and the original's own width (at most the
 * largest fixed width). GIFs have none (an animation stays whole; the original is drawn).
 * ---------------------------------------------------------------------------------------------- */

/** The widths variants are made at (CSS pixels of a phone, a tablet, a laptop, a wide screen at 2x). */
export const mediaVariantWidths = [360, 720, 1080, 1600] as const;
export const mediaVariantFormats = ['avif', 'webp'] as const;
export type MediaVariantFormat = (typeof mediaVariantFormats)[number];

/** What an address of an uploaded image says: its content, type and (since issue 19) its intrinsic size. */
export interface MediaImageAddress {
  merchantId: number;
  sha256: string;
  extension: 'png' | 'jpg' | 'webp' | 'gif';
  /** Null for addresses answered before the size was part of them (no variants are offered for those). */
  width: number | null;
  height: number | null;
}

const mediaImageUrlPattern =
  /^\/media\/(\d{1,9})\/([0-9a-f]{64})(?:-([1-9]\d{0,4})x([1-9]\d{0,4}))?\.(png|jpg|webp|gif)$/;

/** Reads an address the upload answered (`/media/{m}/{sha256}[-{w}x{h}].{ext}`); null for anything else (SVG art, https URLs). */
export function parseMediaImageUrl(url: string): MediaImageAddress | null {
  const match = mediaImageUrlPattern.exec(url);
  if (!match) return null;
  const [, merchantId, sha256, width, height, extension] = match;
  return {
    merchantId: Number(merchantId),
    sha256: sha256!,
    extension: extension as MediaImageAddress['extension'],
    width: width ? Number(width) : null,
    height: height ? Number(height) : null,
  };
}

/**
 * The widths an image of `originalWidth` has variants at: every fixed width below it, and its own
 * width when that is not above the largest (never upscaled). 2400 wide: 360, 720, 1080, 1600;
 * 1200 wide: 360, 720, 1080, 1200; 200 wide: 200.
 */
export function mediaVariantWidthsFor(originalWidth: number): number[] {
  const largest = mediaVariantWidths[mediaVariantWidths.length - 1]!;
  const widths: number[] = mediaVariantWidths.filter((width) => width < originalWidth);
  if (originalWidth <= largest) widths.push(originalWidth);
  return widths;
}

/** The variant widths of an address: none for GIFs and for addresses without their size. */
export function mediaVariantWidthsOf(address: MediaImageAddress): number[] {
  if (address.extension === 'gif' || address.width === null) return [];
  return mediaVariantWidthsFor(address.width);
}

/** The address of one variant: `/media/{m}/{sha256}-{width}.{format}`. */
export function mediaVariantUrl(
  address: Pick<MediaImageAddress, 'merchantId' | 'sha256'>,
  width: number,
  format: MediaVariantFormat,
): string {
  return `/media/${address.merchantId}/${address.sha256}-${width}.${format}`;
}

/** A `srcset` of an address's variants in one format (`… 360w, … 720w`); empty when it has none. */
export function mediaVariantSrcSet(address: MediaImageAddress, format: MediaVariantFormat): string {
  return mediaVariantWidthsOf(address)
    .map((width) => `${mediaVariantUrl(address, width, format)} ${width}w`)
    .join(', ');
}

/** Error codes of uploads (400, field `file`); messages in TH and EN in the server's catalogue. */
export const mediaErrorCodes = {
  /** No file part, or an empty file. */
  fileMissing: 'media.file.missing',
  /** More than 2 MB. */
  tooLarge: 'media.file.too.large',
  /** Not a PNG, JPEG, WebP or GIF by its bytes (a renamed file, a document, HTML). */
  typeUnsupported: 'media.type.unsupported',
  /** An SVG: refused outright (it can carry script). */
  svgRefused: 'media.svg.refused',
  /** A known type whose bytes are cut short or broken. */
  corrupt: 'media.file.corrupt',
  /** Dimensions above the limits (an image bomb). */
  tooManyPixels: 'media.image.too.many.pixels',
  /** No image at this address (404). */
  notFound: 'media.not.found',
} as const;
