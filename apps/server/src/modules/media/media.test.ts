import { errorEnvelopeSchema, mediaImageSchema, mediaPaths } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, insertTestRole, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { jpegBytes } from '../deposit/deposit.testing.ts';
import { demoMerchantConfig } from '../merchant/index.ts';
import { inspectImage } from './inspect-image.ts';
import { gifImage, multipartFile, pngBomb, pngImage, webpImage } from './media.testing.ts';

let t: TestApp;
let admin: TestOperator;
let otherMerchantId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'admin' });
  const other = await t.db
    .insertInto('merchant')
    .values({
      code: 'media-other',
      name: 'Other',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: JSON.stringify(demoMerchantConfig) as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherMerchantId = other.id;
}, 60_000);
afterAll(() => t?.close());

function upload(
  bytes: Buffer,
  options: { token?: string; fileName?: string; contentType?: string; fieldName?: string; language?: 'TH' | 'EN' } = {},
) {
  const body = multipartFile(bytes, options);
  return t.app.inject({
    method: 'POST',
    url: mediaPaths.upload,
    headers: {
      merchant: 'demo',
      language: options.language ?? 'EN',
      authorization: options.token ?? admin.token,
      'content-type': body.contentType,
    },
    payload: body.payload,
  });
}

const storedImages = async () =>
  (
    await t.db
      .selectFrom('media_image')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow()
  ).count;

/** A PNG with its last chunk (IEND) and part of its image data cut off. */
const truncatedPng = () => pngImage(32, 32).subarray(0, -20);

describe('inspectImage: decided by the bytes alone', () => {
  test('PNG, JPEG, GIF and WebP are read with their dimensions', () => {
    expect(inspectImage(pngImage(12, 7))).toEqual({ contentType: 'image/png', width: 12, height: 7 });
    expect(inspectImage(jpegBytes(640, 480))).toEqual({ contentType: 'image/jpeg', width: 640, height: 480 });
    expect(inspectImage(gifImage())).toEqual({ contentType: 'image/gif', width: 1, height: 1 });
    expect(inspectImage(webpImage())).toEqual({ contentType: 'image/webp', width: 1, height: 1 });
  });

  test.each([
    ['empty', Buffer.alloc(0), 'media.file.missing'],
    ['text', Buffer.from('hello, not an image'), 'media.type.unsupported'],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'media.type.unsupported'],
    ['HTML', Buffer.from('<html><body><script>alert(1)</script></body></html>'), 'media.type.unsupported'],
    [
      'an SVG with script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'media.svg.refused',
    ],
    [
      'an SVG behind an XML prolog',
      Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- art -->\n<svg onload="alert(1)"/>'),
      'media.svg.refused',
    ],
    ['a truncated PNG', truncatedPng(), 'media.file.corrupt'],
    ['a PNG header alone', pngImage().subarray(0, 33), 'media.file.corrupt'],
    ['a JPEG without its end', jpegBytes(64, 64).subarray(0, -2), 'media.file.corrupt'],
    ['a GIF without its trailer', gifImage().subarray(0, -1), 'media.file.corrupt'],
    ['a WebP cut short', webpImage().subarray(0, -4), 'media.file.corrupt'],
    ['a PNG claiming 60000 x 60000 pixels', pngBomb(), 'media.image.too.many.pixels'],
    ['a JPEG of 8000 x 8000 (64 million pixels)', jpegBytes(8000, 8000), 'media.image.too.many.pixels'],
    ['a JPEG 9000 pixels wide', jpegBytes(9000, 10), 'media.image.too.many.pixels'],
    ['over 2 MB', Buffer.concat([pngImage(), Buffer.alloc(2 * 1024 * 1024)]), 'media.file.too.large'],
  ])('refuses %s', (_name, bytes, refusal) => {
    expect(inspectImage(bytes)).toBe(refusal);
  });
});

describe(`POST ${mediaPaths.upload}`, () => {
  test('a PNG uploaded under a JPEG name is stored as what its bytes are, served at its address', async () => {
    const bytes = pngImage(40, 20);
    const response = await upload(bytes, { fileName: 'photo.jpg', contentType: 'image/jpeg' });
    expect(response.statusCode, response.body).toBe(200);
    const image = mediaImageSchema.parse(response.json().value);
    expect(image).toMatchObject({ contentType: 'image/png', width: 40, height: 20, sizeBytes: bytes.length });
    expect(image.url).toBe(`/media/${t.demoMerchantId}/${image.sha256}-40x20.png`);

    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['etag']).toBe(`"${image.sha256}"`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");

    const again = await t.app.inject({
      method: 'GET',
      url: image.url,
      headers: { 'if-none-match': `"${image.sha256}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'target_id', 'after'])
      .where('operator_id', '=', admin.id)
      .where('action', '=', 'media.upload')
      .execute();
    expect(audit.at(-1)).toMatchObject({ target_id: String(image.id), after: { sha256: image.sha256, isNew: true } });
  });

  test('the same bytes twice are one image with one address', async () => {
    const bytes = pngImage(9, 9);
    const first = mediaImageSchema.parse((await upload(bytes)).json().value);
    const before = await storedImages();
    const second = mediaImageSchema.parse((await upload(bytes, { fileName: 'copy.png' })).json().value);
    expect(second).toEqual(first);
    expect(await storedImages()).toBe(before);
  });

  test('GIF, WebP and JPEG are accepted and served with their types', async () => {
    for (const [bytes, type] of [
      [gifImage(), 'image/gif'],
      [webpImage(), 'image/webp'],
      [jpegBytes(16, 16), 'image/jpeg'],
    ] as const) {
      const image = mediaImageSchema.parse(
        (await upload(bytes, { contentType: 'application/octet-stream' })).json().value,
      );
      expect(image.contentType).toBe(type);
      const served = await t.app.inject({ method: 'GET', url: image.url });
      expect(served.headers['content-type']).toBe(type);
    }
  });

  test.each([
    ['a text file renamed banner.png', Buffer.from('just text, renamed'), 'media.type.unsupported'],
    [
      'an SVG with script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
      'media.svg.refused',
    ],
    ['an empty file', Buffer.alloc(0), 'media.file.missing'],
    ['a truncated PNG', truncatedPng(), 'media.file.corrupt'],
    ['an image bomb', pngBomb(), 'media.image.too.many.pixels'],
    ['a file one byte over 2 MB', Buffer.alloc(2 * 1024 * 1024 + 1, 1), 'media.file.too.large'],
  ])('%s: 400 naming the field file, in TH and EN, nothing stored', async (_name, bytes, errorCode) => {
    const before = await storedImages();
    const english = await upload(bytes);
    expect(english.statusCode, english.body).toBe(400);
    const refusal = errorEnvelopeSchema.parse(english.json());
    expect(refusal).toMatchObject({ errorCode, field: 'file' });
    expect(refusal.message).toContain('(file)');
    const thai = errorEnvelopeSchema.parse((await upload(bytes, { language: 'TH' })).json());
    expect(thai.errorCode).toBe(errorCode);
    expect(thai.message).toMatch(/[\u0E00-\u0E7F]/);
    expect(thai.message).not.toBe(refusal.message);
    expect(await storedImages()).toBe(before);
  });

  test('no file part, or another field name: 400 media.file.missing naming file', async () => {
    const wrongField = await upload(pngImage(), { fieldName: 'image' });
    expect(wrongField.json()).toMatchObject({ errorCode: 'media.file.missing', field: 'file' });
    const json = await t.app.inject({
      method: 'POST',
      url: mediaPaths.upload,
      headers: { merchant: 'demo', authorization: admin.token },
      payload: { file: 'data' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().field).toBe('file');
  });

  test('operators without content, brand or game rights are refused (403), without a token 401', async () => {
    const support = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'support' });
    const before = await storedImages();
    expect((await upload(pngImage(3, 3), { token: support.token })).json().errorCode).toBe(
      'operator.permission.denied',
    );
    expect((await upload(pngImage(3, 3), { token: 'nope' })).statusCode).toBe(401);
    expect(await storedImages()).toBe(before);
  });

  test("a promotion editor (promotions.manage alone) uploads a promotion's picture; a reviewer alone may not", async () => {
    const editorRole = await insertTestRole(t.db, { merchantId: t.demoMerchantId, permissions: ['promotions.manage'] });
    const reviewerRole = await insertTestRole(t.db, {
      merchantId: t.demoMerchantId,
      permissions: ['promotions.review'],
    });
    const editor = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: editorRole });
    const reviewer = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: reviewerRole });
    const uploaded = await upload(pngImage(7, 4), { token: editor.token });
    expect(uploaded.statusCode).toBe(200);
    expect(mediaImageSchema.parse(uploaded.json().value).width).toBe(7);
    expect((await upload(pngImage(8, 4), { token: reviewer.token })).json().errorCode).toBe(
      'operator.permission.denied',
    );
  });
});

describe('GET /media/{merchantId}/{sha256}.{ext}', () => {
  test("another merchant's address, a wrong extension and malformed names are 404", async () => {
    const image = mediaImageSchema.parse((await upload(pngImage(5, 6))).json().value);
    for (const url of [
      image.url.replace(`/media/${t.demoMerchantId}/`, `/media/${otherMerchantId}/`),
      image.url.replace('.png', '.gif'),
      `/media/${t.demoMerchantId}/${image.sha256}`,
      `/media/${t.demoMerchantId}/..%2F..%2Fetc%2Fpasswd`,
      `/media/x/${image.sha256}.png`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });
});
