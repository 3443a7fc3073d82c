import {
  errorEnvelopeSchema,
  mediaImageSchema,
  mediaPaths,
  mediaVariantUrl,
  mediaVariantWidthsOf,
  parseMediaImageUrl,
  type MediaImage,
} from '@lotus/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { variantEncodeCount } from './image-variants.ts';
import { storeImage } from './images.ts';
import { animatedGif, multipartFile, photoJpeg, pngImage } from './media.testing.ts';

let t: TestApp;
let admin: TestOperator;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'admin' });
}, 60_000);
afterAll(() => t?.close());

async function upload(bytes: Buffer): Promise<MediaImage> {
  const body = multipartFile(bytes);
  const response = await t.app.inject({
    method: 'POST',
    url: mediaPaths.upload,
    headers: { merchant: 'demo', authorization: admin.token, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return mediaImageSchema.parse(response.json().value);
}

const get = (url: string, app = t.app) => app.inject({ method: 'GET', url });

/** What the served bytes are, decoded: AVIF is a HEIF container with AV1 inside. */
async function decoded(bytes: Buffer) {
  const { format, compression, width, height } = await sharp(bytes).metadata();
  return { format: format === 'heif' && compression === 'av1' ? 'avif' : format, width, height };
}

async function expectNotFound(url: string) {
  const response = await get(url);
  expect(response.statusCode, url).toBe(404);
  expect(errorEnvelopeSchema.parse(response.json()).errorCode, url).toBe('media.not.found');
}

describe('variants of an uploaded image', () => {
  test('a 2000 x 1000 JPEG has AVIF and WebP at 360, 720, 1080 and 1600, nothing wider', async () => {
    const original = await photoJpeg(2000, 1000);
    const image = await upload(original);
    expect(image.url).toBe(`/media/${t.demoMerchantId}/${image.sha256}-2000x1000.jpg`);
    const address = parseMediaImageUrl(image.url)!;
    expect(address).toMatchObject({ width: 2000, height: 1000, extension: 'jpg' });
    expect(mediaVariantWidthsOf(address)).toEqual([360, 720, 1080, 1600]);

    for (const width of [360, 720, 1080, 1600])
      for (const format of ['avif', 'webp'] as const) {
        const url = mediaVariantUrl(address, width, format);
        const served = await get(url);
        expect(served.statusCode, url).toBe(200);
        expect(served.headers['content-type']).toBe(`image/${format}`);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(await decoded(served.rawPayload)).toEqual({ format, width, height: width / 2 });
        expect(served.rawPayload.length).toBeLessThan(original.length);
        const etag = served.headers['etag'] as string;
        expect(etag).toBe(`"${image.sha256}-${width}.${format}"`);
        expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
      }
    // Not a width of the convention, or the original's own width above the largest: none.
    await expectNotFound(mediaVariantUrl(address, 2000, 'avif'));
    await expectNotFound(mediaVariantUrl(address, 500, 'webp'));
  });

  test('a phone photo stored sideways (EXIF orientation 6) has its upright size in the address and its variants', async () => {
    const sideways = await sharp(await photoJpeg(1200, 800))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const image = await upload(sideways);
    expect(image).toMatchObject({ width: 800, height: 1200 });
    const address = parseMediaImageUrl(image.url)!;
    expect(address).toMatchObject({ width: 800, height: 1200 });
    expect(mediaVariantWidthsOf(address)).toEqual([360, 720, 800]);
    const variant = await get(mediaVariantUrl(address, 720, 'webp'));
    expect(await decoded(variant.rawPayload)).toEqual({ format: 'webp', width: 720, height: 1080 });
  });

  test('a 500 x 300 PNG is never upscaled: 360 and its own 500, no 720', async () => {
    const image = await upload(pngImage(500, 300));
    const address = parseMediaImageUrl(image.url)!;
    expect(mediaVariantWidthsOf(address)).toEqual([360, 500]);
    const own = await get(mediaVariantUrl(address, 500, 'avif'));
    expect(await decoded(own.rawPayload)).toEqual({ format: 'avif', width: 500, height: 300 });
    const small = await get(mediaVariantUrl(address, 360, 'webp'));
    expect(await decoded(small.rawPayload)).toEqual({ format: 'webp', width: 360, height: 216 });
    await expectNotFound(mediaVariantUrl(address, 720, 'avif'));
    await expectNotFound(mediaVariantUrl(address, 1080, 'webp'));
  });

  test('the upload derives every variant in the background (the warm-up): 2 widths x 2 formats', async () => {
    const image = await upload(pngImage(400, 100));
    const stored = () =>
      t.db
        .selectFrom('media_image_variant')
        .select(['width', 'format', 'height'])
        .where('media_image_id', '=', BigInt(image.id))
        .orderBy('width')
        .orderBy('format')
        .execute();
    await vi.waitFor(async () => expect(await stored()).toHaveLength(4), { timeout: 20_000, interval: 100 });
    expect(await stored()).toEqual([
      { width: 360, format: 'avif', height: 90 },
      { width: 360, format: 'webp', height: 90 },
      { width: 400, format: 'avif', height: 100 },
      { width: 400, format: 'webp', height: 100 },
    ]);
  });

  test('an animated GIF stays as it is: no variants, the original served whole', async () => {
    const bytes = await animatedGif(40, 30);
    const image = await upload(bytes);
    expect(image).toMatchObject({ contentType: 'image/gif', width: 40, height: 30 });
    const address = parseMediaImageUrl(image.url)!;
    expect(mediaVariantWidthsOf(address)).toEqual([]);
    await expectNotFound(mediaVariantUrl(address, 40, 'webp'));
    await expectNotFound(mediaVariantUrl(address, 40, 'avif'));
    const original = await get(image.url);
    expect(original.headers['content-type']).toBe('image/gif');
    expect(original.rawPayload.equals(bytes)).toBe(true);
    expect((await sharp(original.rawPayload, { animated: true }).metadata()).pages).toBe(3);
    const rows = await t.db
      .selectFrom('media_image_variant')
      .select('width')
      .where('media_image_id', '=', BigInt(image.id))
      .execute();
    expect(rows).toEqual([]);
  });

  test('concurrent first requests on two API instances derive the variant once', async () => {
    // Stored without the upload route, so no warm-up has derived anything yet.
    const image = await storeImage(t.db, {
      bytes: await photoJpeg(1200, 600),
      audit: { merchantId: t.demoMerchantId, operatorId: admin.id, ip: '127.0.0.1', nowMs: Date.now() },
    });
    const second = await createTestApp({}, { database: t.database });
    try {
      const url = mediaVariantUrl(parseMediaImageUrl(image.url)!, 1080, 'avif');
      const before = variantEncodeCount();
      const answers = await Promise.all(
        [t.app, second.app, t.app, second.app, t.app, second.app].map((app) => get(url, app)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      for (const answer of answers) expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
      expect(variantEncodeCount() - before).toBe(1);
      const rows = await t.db
        .selectFrom('media_image_variant')
        .select(['width', 'format'])
        .where('media_image_id', '=', BigInt(image.id))
        .execute();
      expect(rows).toEqual([{ width: 1080, format: 'avif' }]);
    } finally {
      await second.close();
    }
  });
});

describe('addresses', () => {
  test('the address before sizes were in it still serves the original; a wrong size, unknown hash or merchant is 404', async () => {
    const image = await upload(pngImage(64, 48));
    const address = parseMediaImageUrl(image.url)!;
    const legacy = await get(`/media/${t.demoMerchantId}/${image.sha256}.png`);
    expect(legacy.statusCode).toBe(200);
    expect(legacy.headers['content-type']).toBe('image/png');
    for (const url of [
      `/media/${t.demoMerchantId}/${image.sha256}-64x49.png`,
      `/media/${t.demoMerchantId}/${image.sha256}-64x48.jpg`,
      `/media/${t.demoMerchantId}/${image.sha256}-64.png`,
      `/media/${t.demoMerchantId}/${image.sha256}-64.gif`,
      `/media/${t.demoMerchantId}/${image.sha256}-64.jxl`,
      `/media/${t.demoMerchantId}/${image.sha256}-0064.avif`,
      `/media/${t.demoMerchantId}/${'0'.repeat(64)}-360.avif`,
      mediaVariantUrl({ ...address, merchantId: t.demoMerchantId + 1000 }, 64, 'avif'),
      `/media/x/${image.sha256}-64.avif`,
    ])
      await expectNotFound(url);
  });
});
