import { randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';
import sharp from 'sharp';

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

/** A decodable JPEG of width x height with detail in it (a gradient), as a photo or banner would be. */
export async function photoJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      pixels[offset] = (x * 255) / width;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = (x + y) % 256;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** An animated GIF of three frames of width x height (red, green, blue). */
export async function animatedGif(width = 40, height = 30): Promise<Buffer> {
  const frames = await Promise.all(
    ['#f00', '#0f0', '#00f'].map((background) =>
      sharp({ create: { width, height, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: [100, 100, 100], loop: 0 })
    .toBuffer();
}
