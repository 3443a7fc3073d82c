import { depositProofMaxBytes } from '@lotus/contract';
import { PNG } from 'pngjs';

export interface ProofImage {
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

export type ProofImageRefusal = 'not.image' | 'too.large';

/**
 * The most pixels a proof may have. A 5 MB PNG can inflate to gigabytes (a "decompression bomb");
 * the header's dimensions are checked before anything is inflated, and 20 million pixels (a phone's
 * screenshot is 2-3 million) keeps one decode under about 80 MB.
 */
const maxPixels = 20_000_000;

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Decides what an uploaded file is from its bytes alone (the name and the declared type are the
 * client's word and are ignored): a PNG that fully decodes (every chunk's CRC, the compressed image
 * data, the filters), or a JPEG whose segments walk cleanly from SOI to a frame header with its
 * dimensions and on to the scan and EOI. Anything else is refused.
 */
export function inspectProofImage(bytes: Buffer): ProofImage | ProofImageRefusal {
  if (bytes.length > depositProofMaxBytes) return 'too.large';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(pngSignature)) return inspectPng(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return inspectJpeg(bytes);
  return 'not.image';
}

function inspectPng(bytes: Buffer): ProofImage | ProofImageRefusal {
  // The first chunk must be IHDR (length 13) with the dimensions; read them before decoding.
  if (bytes.length < 33 || bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR')
    return 'not.image';
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width === 0 || height === 0 || width * height > maxPixels) return 'not.image';
  try {
    const decoded = PNG.sync.read(bytes, { checkCRC: true });
    if (decoded.width !== width || decoded.height !== height) return 'not.image';
  } catch {
    return 'not.image';
  }
  return { contentType: 'image/png', width, height };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames. */
const startOfFrameMarkers = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function inspectJpeg(bytes: Buffer): ProofImage | ProofImageRefusal {
  let at = 2;
  let frame: { width: number; height: number } | null = null;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return 'not.image';
    // Any number of 0xFF fill bytes may precede a marker.
    while (at < bytes.length && bytes[at] === 0xff) at += 1;
    if (at >= bytes.length) return 'not.image';
    const marker = bytes[at]!;
    at += 1;
    if (marker === 0xd8 || marker === 0xd9 || marker === 0x00) return 'not.image';
    // Restart markers and TEM stand alone, without a length.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (at + 2 > bytes.length) return 'not.image';
    const length = bytes.readUInt16BE(at);
    if (length < 2 || at + length > bytes.length) return 'not.image';
    if (startOfFrameMarkers.has(marker)) {
      if (length < 8) return 'not.image';
      const height = bytes.readUInt16BE(at + 3);
      const width = bytes.readUInt16BE(at + 5);
      const components = bytes[at + 7]!;
      if (
        width === 0 ||
        height === 0 ||
        components === 0 ||
        length !== 8 + 3 * components ||
        width * height > maxPixels
      )
        return 'not.image';
      frame = { width, height };
    }
    if (marker === 0xda) {
      // Start of scan: entropy-coded data follows up to the end-of-image marker.
      if (!frame) return 'not.image';
      const end = bytes.lastIndexOf(Buffer.from([0xff, 0xd9]));
      if (end < at + length) return 'not.image';
      return { contentType: 'image/jpeg', ...frame };
    }
    at += length;
  }
  return 'not.image';
}
