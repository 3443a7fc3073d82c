import { depositPaths, depositProofSchema, errorEnvelopeSchema } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { depositKit, jpegBytes, multipartBody, pngBytes, type DepositKit } from './deposit.testing.ts';
import { inspectProofImage } from './proof-image.ts';
import { maxUnusedProofsPerDay } from './proofs.ts';

const fiveMegabytes = 5 * 1024 * 1024;

/** A valid PNG with one byte of its image data flipped: the chunk's CRC no longer matches. */
function corruptedPng(): Buffer {
  const bytes = Buffer.from(pngBytes(16, 16));
  const idat = bytes.indexOf('IDAT');
  bytes[idat + 6] = bytes[idat + 6]! ^ 0xff;
  return bytes;
}

/** A PNG whose header claims 60000 x 60000 pixels (a decompression bomb's first step). */
function hugePng(): Buffer {
  const bytes = Buffer.from(pngBytes(2, 2));
  bytes.writeUInt32BE(60_000, 16);
  bytes.writeUInt32BE(60_000, 20);
  return bytes;
}

describe('inspectProofImage: decided by the bytes alone', () => {
  test('a PNG and a JPEG are read with their dimensions', () => {
    expect(inspectProofImage(pngBytes(12, 7))).toEqual({ contentType: 'image/png', width: 12, height: 7 });
    expect(inspectProofImage(jpegBytes(8, 8))).toEqual({ contentType: 'image/jpeg', width: 8, height: 8 });
    expect(inspectProofImage(jpegBytes(640, 480))).toEqual({ contentType: 'image/jpeg', width: 640, height: 480 });
  });

  test.each([
    ['text', Buffer.from('hello, this is not an image')],
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>')],
    ['empty', Buffer.alloc(0)],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    [
      'a PNG signature and garbage',
      Buffer.concat([pngBytes().subarray(0, 8), Buffer.from('garbage garbage garbage garbage')]),
    ],
    ['a truncated PNG', pngBytes(16, 16).subarray(0, 45)],
    ['a PNG with a broken chunk', corruptedPng()],
    ['a PNG claiming 60000 x 60000 pixels', hugePng()],
    [
      'a PNG of 0 x 0',
      (() => {
        const bytes = Buffer.from(pngBytes());
        bytes.writeUInt32BE(0, 16);
        return bytes;
      })(),
    ],
    ['a JPEG start marker alone', Buffer.from([0xff, 0xd8, 0xff])],
    ['a JPEG without its end marker', jpegBytes().subarray(0, -2)],
    ['a JPEG of width 0', jpegBytes(0, 8)],
    [
      'a JPEG whose scan comes before its frame',
      (() => {
        const bytes = jpegBytes();
        const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
        return Buffer.concat([bytes.subarray(0, sof), bytes.subarray(sof + 13)]);
      })(),
    ],
    ['a JPEG with a segment longer than the file', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff, 0x00])],
  ])('refuses %s', (_name, bytes) => {
    expect(inspectProofImage(bytes)).toBe('not.image');
  });

  test('refuses more than 5 MB before looking inside', () => {
    expect(inspectProofImage(Buffer.concat([pngBytes(), Buffer.alloc(fiveMegabytes)]))).toBe('too.large');
  });
});

describe('POST MCSFE_uploadDepositProof', () => {
  let testApp: TestApp;
  let kit: DepositKit;
  beforeAll(async () => {
    testApp = await createTestApp();
    kit = depositKit(testApp);
  });
  afterAll(() => testApp?.close());

  test('a JPEG is accepted whatever its name and declared type say', async () => {
    const { token } = await kit.member();
    const response = await kit.upload(token, jpegBytes(320, 240), {
      fileName: 'slip.gif',
      contentType: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(depositProofSchema.parse(response.json().value)).toMatchObject({
      contentType: 'image/jpeg',
      width: 320,
      height: 240,
    });
  });

  test.each([
    ['a text file named .png and declared image/png', Buffer.from('not an image at all'), 'deposit.proof.not.image'],
    ['HTML declared image/jpeg', Buffer.from('<svg onload="alert(1)"></svg>'), 'deposit.proof.not.image'],
    ['a broken PNG', corruptedPng(), 'deposit.proof.not.image'],
    ['a file over 5 MB', Buffer.concat([pngBytes(), Buffer.alloc(fiveMegabytes)]), 'deposit.proof.too.large'],
  ])('%s: 400 naming file, nothing stored', async (_name, bytes, errorCode) => {
    const { token } = await kit.member();
    const before = await kit.snapshot();
    const response = await kit.upload(token, bytes, { fileName: 'slip.png', contentType: 'image/png' });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json())).toMatchObject({ errorCode, field: 'file' });
    expect(await kit.snapshot()).toEqual(before);
  });

  test('no file part, another field name, or no multipart body at all: 400 naming file', async () => {
    const { token } = await kit.member();
    const before = await kit.snapshot();
    const wrongField = await kit.upload(token, pngBytes(), { fieldName: 'image' });
    expect(wrongField.json()).toMatchObject({ errorCode: 'validation.failed', field: 'file' });
    const json = await testApp.app.inject({
      method: 'POST',
      url: depositPaths.uploadProof,
      headers: kit.headers(token),
      payload: { file: 'data' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().field).toBe('file');
    const boundary = 'x'.repeat(20);
    const empty = await testApp.app.inject({
      method: 'POST',
      url: depositPaths.uploadProof,
      headers: kit.headers(token, { 'content-type': `multipart/form-data; boundary=${boundary}` }),
      payload: `--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('file');
    expect(await kit.snapshot()).toEqual(before);
  });

  test(`at most ${maxUnusedProofsPerDay} unused proofs a day per member (429), others unaffected`, async () => {
    const { token } = await kit.member();
    for (let index = 0; index < maxUnusedProofsPerDay; index++) await kit.uploadOk(token);
    const refused = await kit.upload(token, pngBytes());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('deposit.proof.quota');
    const other = await kit.member();
    await kit.uploadOk(other.token);
  });

  test('a multipart body is only accepted here: other calls still refuse it', async () => {
    const { token } = await kit.member();
    const { payload, contentType } = multipartBody(pngBytes());
    const response = await testApp.app.inject({
      method: 'POST',
      url: depositPaths.setLimits,
      headers: kit.headers(token, { 'content-type': contentType }),
      payload,
    });
    expect(response.statusCode).toBe(415);
  });
});
