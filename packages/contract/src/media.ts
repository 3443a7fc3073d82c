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
  /** GET (public): the image itself, `/media/{merchantId}/{sha256}.{ext}`; cached for a year (the address names the content). */
  image: '/media/:merchantId/:fileName',
} as const;

export const mediaImageSchema = z.object({
  id: z.number().int(),
  /** Where the image is served (a path on the API's own origin): store this and draw it. */
  url: z.string(),
  contentType: z.enum(mediaImageTypes),
  sizeBytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  sha256: z.string(),
});
export type MediaImage = z.infer<typeof mediaImageSchema>;

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
