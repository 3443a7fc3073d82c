import { randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';

/** Test images and multipart bodies for uploads (media tests, and other modules' image fields). */

/** A real PNG of width x height, filled grey. */
export function pngImage(width = 4, height = 3): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/** A minimal GIF89a of 1 x 1: header, logical screen, one image block with two bytes of LZW data, trailer. */
export function gifImage(): Buffer {
  return Buffer.from('474946383961010001008000000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex');
}

/** A minimal lossless WebP (VP8L) of 1 x 1 as a whole RIFF file. */
export function webpImage(): Buffer {
  return Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
}

/** A PNG whose header claims 60000 x 60000 pixels (an image bomb: a few bytes that would inflate to gigabytes). */
export function pngBomb(): Buffer {
  const bytes = Buffer.from(pngImage(2, 2));
  bytes.writeUInt32BE(60_000, 16);
  bytes.writeUInt32BE(60_000, 20);
  return bytes;
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(
  bytes: Buffer,
  { fieldName = 'file', fileName = 'banner.png', contentType = 'image/png' } = {},
): { payload: Buffer; contentType: string } {
  const boundary = `----lotus${randomUUID().replaceAll('-', '')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
