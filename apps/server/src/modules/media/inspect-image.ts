import {
  mediaErrorCodes,
  mediaImageMaxBytes,
  mediaImageMaxPixels,
  mediaImageMaxSide,
  type MediaImageType,
} from '@lotus/contract';
import { imageSize } from 'image-size';
import { PNG } from 'pngjs';

export interface InspectedImage {
  contentType: MediaImageType;
  width: number;
  height: number;
}

/** Why a file was refused: one of mediaErrorCodes (all 400, field `file`). */
export type ImageRefusal = (typeof mediaErrorCodes)[Exclude<keyof typeof mediaErrorCodes, 'notFound'>];

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type the first bytes say, whatever the file is called or declared as. */
function sniffType(bytes: Buffer): MediaImageType | 'svg' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(pngSignature)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes.toString('latin1', 0, 12);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  // An SVG is text that opens an <svg> element (after an XML prolog, a doctype or comments).
  const text = bytes
    .toString('utf8', 0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<') && /<svg[\s>/]/i.test(text)) return 'svg';
  return null;
}

/**
 * Whether the file ends where its format says it ends, so a cut-short upload is refused rather than
 * stored and drawn half. PNG is decoded in full (every chunk's CRC and the compressed data), which
 * is safe because the pixel limit was checked first; the others are checked by their structure.
 */
function isWhole(bytes: Buffer, contentType: MediaImageType): boolean {
  switch (contentType) {
    case 'image/png':
      try {
        PNG.sync.read(bytes, { checkCRC: true });
        return true;
      } catch {
        return false;
      }
    case 'image/jpeg':
      return bytes.length > 4 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
    case 'image/gif':
      // The trailer byte ';'.
      return bytes[bytes.length - 1] === 0x3b;
    case 'image/webp':
      // The RIFF header states the size of everything after its first 8 bytes.
      return bytes.length >= 12 && bytes.readUInt32LE(4) + 8 === bytes.length;
  }
}

/**
 * Decides what an uploaded image is from its bytes alone, before anything is stored:
 *
 * 1. empty, or more than 2 MB: refused before looking inside;
 * 2. the type by magic bytes: PNG, JPEG, WebP or GIF; an SVG is refused outright (it is a document
 *    that can carry script, and sanitising it well is more than a logo is worth); anything else too;
 * 3. the dimensions from the header without decoding (image-size); above 16 million pixels or 8192
 *    on a side refused (an image bomb: a few KB claiming 60000 x 60000);
 * 4. the file must be whole (isWhole).
 */
export function inspectImage(bytes: Buffer): InspectedImage | ImageRefusal {
  if (bytes.length === 0) return mediaErrorCodes.fileMissing;
  if (bytes.length > mediaImageMaxBytes) return mediaErrorCodes.tooLarge;
  const sniffed = sniffType(bytes);
  if (sniffed === 'svg') return mediaErrorCodes.svgRefused;
  if (sniffed === null) return mediaErrorCodes.typeUnsupported;
  let width: number | undefined;
  let height: number | undefined;
  let orientation: number | undefined;
  try {
    ({ width, height, orientation } = imageSize(bytes));
  } catch {
    return mediaErrorCodes.corrupt;
  }
  if (!width || !height) return mediaErrorCodes.corrupt;
  // A phone's JPEG stored sideways says so in EXIF (orientations 5 to 8 turn it a quarter): browsers
  // draw it upright and the variants are made upright, so its size is the upright one.
  if (orientation !== undefined && orientation >= 5 && orientation <= 8) [width, height] = [height, width];
  if (width > mediaImageMaxSide || height > mediaImageMaxSide || width * height > mediaImageMaxPixels)
    return mediaErrorCodes.tooManyPixels;
  if (!isWhole(bytes, sniffed)) return mediaErrorCodes.corrupt;
  return { contentType: sniffed, width, height };
}
