import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { PublicKey } from '@lotus/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { flipBit, sealForTest, type SealOptions } from '../../testing/seal-payload.ts';
import { openSealedRequest } from './open-sealed-payload.ts';

const nowMs = Date.UTC(2026, 10, 22, 12, 0, 0);
const minute = 60_000;
let privateKey: KeyObject;
let otherPrivateKey: KeyObject;
let publicKey: PublicKey;

beforeAll(() => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  privateKey = pair.privateKey;
  publicKey = { keyId: 'k1', spki: pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64') };
  otherPrivateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
});

function open(encryptionHeader: unknown, body: unknown, key: KeyObject | null = privateKey) {
  return openSealedRequest({ encryptionHeader, body, nowMs, findPrivateKey: (keyId) => (keyId === 'k1' ? key : null) });
}

function seal(payload: Record<string, unknown> = { username: 'somchai' }, options: SealOptions = {}) {
  return sealForTest(payload, publicKey, { nowMs, ...options });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  return { statusCode: appError.statusCode, errorCode: appError.errorCode, field: appError.options.field };
}

describe('openSealedRequest', () => {
  test('opens a sealed payload and strips ts and nonce', async () => {
    const sealed = seal(
      { username: 'somchai', password: 'รหัส-1234', remember: true },
      { fields: { nonce: 'n'.repeat(16) } },
    );
    const opened = await open(sealed.encryptionHeader, sealed.body);
    expect(opened).toEqual({
      payload: { username: 'somchai', password: 'รหัส-1234', remember: true },
      nonce: 'n'.repeat(16),
      tsMs: nowMs,
    });
  });

  test.each([
    ['ts exactly 5 minutes old', nowMs - 5 * minute],
    ['ts exactly 5 minutes ahead', nowMs + 5 * minute],
  ])('accepts %s', async (_name, ts) => {
    const sealed = seal({}, { fields: { ts } });
    await expect(open(sealed.encryptionHeader, sealed.body)).resolves.toMatchObject({ payload: {}, tsMs: ts });
  });

  const invalid = (field: string) => ({ statusCode: 400, errorCode: 'payload.encryption.invalid', field });
  test.each<[string, () => [unknown, unknown], object]>([
    ['no header', () => [undefined, seal().body], invalid('Encryption')],
    ['an empty header', () => ['', seal().body], invalid('Encryption')],
    [
      'a header without a key id',
      () => [`.${seal().encryptionHeader.split('.')[1]}`, seal().body],
      invalid('Encryption'),
    ],
    ['a header without a wrapped key', () => ['k1.', seal().body], invalid('Encryption')],
    ['a header whose wrapped key is not base64', () => ['k1.not*base64!', seal().body], invalid('Encryption')],
    [
      'a key id with a space',
      () => [`k 1.${seal().encryptionHeader.split('.')[1]}`, seal().body],
      invalid('Encryption'),
    ],
    ['no body', () => [seal().encryptionHeader, undefined], invalid('value')],
    ['a body without value', () => [seal().encryptionHeader, {}], invalid('value')],
    ['a value that is not a string', () => [seal().encryptionHeader, { value: 12 }], invalid('value')],
    ['a value that is not base64', () => [seal().encryptionHeader, { value: '%%%%' }], invalid('value')],
    [
      'a value shorter than IV and tag',
      () => [seal().encryptionHeader, { value: Buffer.alloc(28).toString('base64') }],
      invalid('value'),
    ],
    [
      'a body with another field beside value',
      () => [seal().encryptionHeader, { ...seal().body, extra: 1 }],
      invalid('value'),
    ],
    ['an array body', () => [seal().encryptionHeader, [seal().body.value]], invalid('value')],
    [
      'an unknown key id',
      () => [`k2.${seal().encryptionHeader.split('.')[1]}`, seal().body],
      { statusCode: 400, errorCode: 'payload.encryption.key.unknown', field: 'Encryption' },
    ],
    [
      'a wrapped key that is not the sealed one',
      () => {
        const [a, b] = [seal(), seal()];
        return [a.encryptionHeader, b.body];
      },
      invalid('value'),
    ],
    [
      'a tampered wrapped key',
      () => {
        const sealed = seal();
        const [keyId, wrapped] = sealed.encryptionHeader.split('.') as [string, string];
        return [`${keyId}.${flipBit(wrapped, 10)}`, sealed.body];
      },
      invalid('value'),
    ],
    [
      'a tampered IV',
      () => {
        const s = seal();
        return [s.encryptionHeader, { value: flipBit(s.body.value, 0) }];
      },
      invalid('value'),
    ],
    [
      'a tampered ciphertext',
      () => {
        const s = seal();
        return [s.encryptionHeader, { value: flipBit(s.body.value, 14) }];
      },
      invalid('value'),
    ],
    [
      'a tampered tag',
      () => {
        const s = seal();
        return [s.encryptionHeader, { value: flipBit(s.body.value, -1) }];
      },
      invalid('value'),
    ],
    [
      'a plaintext that is not JSON',
      () => {
        const s = seal({}, { plaintext: Buffer.from('username=somchai') });
        return [s.encryptionHeader, s.body];
      },
      invalid('value'),
    ],
    [
      'a plaintext that is not UTF-8',
      () => {
        const s = seal({}, { plaintext: Buffer.from([0x7b, 0xff, 0x7d]) });
        return [s.encryptionHeader, s.body];
      },
      invalid('value'),
    ],
    [
      'a JSON array',
      () => {
        const s = seal({}, { plaintext: Buffer.from('[1,2]') });
        return [s.encryptionHeader, s.body];
      },
      invalid('value'),
    ],
    [
      'no ts',
      () => {
        const s = seal({}, { fields: { ts: undefined } });
        return [s.encryptionHeader, s.body];
      },
      invalid('ts'),
    ],
    [
      'ts as a string',
      () => {
        const s = seal({}, { fields: { ts: String(nowMs) } });
        return [s.encryptionHeader, s.body];
      },
      invalid('ts'),
    ],
    [
      'ts with a fraction',
      () => {
        const s = seal({}, { fields: { ts: nowMs + 0.5 } });
        return [s.encryptionHeader, s.body];
      },
      invalid('ts'),
    ],
    [
      'ts 6 minutes old',
      () => {
        const s = seal({}, { fields: { ts: nowMs - 6 * minute } });
        return [s.encryptionHeader, s.body];
      },
      { statusCode: 400, errorCode: 'payload.encryption.expired', field: undefined },
    ],
    [
      'ts 6 minutes ahead',
      () => {
        const s = seal({}, { fields: { ts: nowMs + 6 * minute } });
        return [s.encryptionHeader, s.body];
      },
      { statusCode: 400, errorCode: 'payload.encryption.expired', field: undefined },
    ],
    [
      'no nonce',
      () => {
        const s = seal({}, { fields: { nonce: undefined } });
        return [s.encryptionHeader, s.body];
      },
      invalid('nonce'),
    ],
    [
      'a nonce of 15 characters',
      () => {
        const s = seal({}, { fields: { nonce: 'a'.repeat(15) } });
        return [s.encryptionHeader, s.body];
      },
      invalid('nonce'),
    ],
    [
      'a nonce of 129 characters',
      () => {
        const s = seal({}, { fields: { nonce: 'a'.repeat(129) } });
        return [s.encryptionHeader, s.body];
      },
      invalid('nonce'),
    ],
    [
      'a nonce with spaces',
      () => {
        const s = seal({}, { fields: { nonce: 'a nonce with spaces' } });
        return [s.encryptionHeader, s.body];
      },
      invalid('nonce'),
    ],
    [
      'a nonce with a NUL',
      () => {
        const s = seal({}, { fields: { nonce: `${'a'.repeat(16)}\u0000` } });
        return [s.encryptionHeader, s.body];
      },
      invalid('nonce'),
    ],
    [
      'a numeric nonce',
      () => {
        const s = seal({}, { fields: { nonce: 1234567890123456 } });
        return [s.encryptionHeader, s.body];
      },
      invalid('nonce'),
    ],
  ])('refuses %s', async (_name, build, expected) => {
    const [header, body] = build();
    expect(await refusal(open(header, body))).toEqual(expected);
  });

  test('a payload sealed for another key of the same id does not open', async () => {
    const sealed = seal();
    expect(await refusal(open(sealed.encryptionHeader, sealed.body, otherPrivateKey))).toEqual(invalid('value'));
  });
});
