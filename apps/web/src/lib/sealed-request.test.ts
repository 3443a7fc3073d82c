import type { PublicKey } from '@lotus/contract';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { forgetPublicKey, sealPayload, sealedRequest } from './sealed-request';

/**
 * Seals with the site's WebCrypto code and opens with the server's own opener (node:crypto), which
 * proves both ends speak the one scheme. The site never imports server code (a lint rule); this
 * test loads the opener by path at run time, so neither the site's build nor its type check sees it.
 */
interface ServerOpener {
  openSealedRequest(input: {
    encryptionHeader: unknown;
    body: unknown;
    nowMs: number;
    findPrivateKey(keyId: string): CryptoKey | null;
  }): Promise<{ payload: Record<string, unknown>; nonce: string; tsMs: number }>;
}

const serverOpenerUrl = new URL('../../../server/src/modules/sealed/open-sealed-payload.ts', import.meta.url).href;
const nowMs = Date.UTC(2026, 10, 22, 12, 0, 0);
let opener: ServerOpener;
let privateKey: CryptoKey;
let publicKey: PublicKey;

function toBase64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

async function generatePublicKey(keyId: string): Promise<{ publicKey: PublicKey; privateKey: CryptoKey }> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  return {
    publicKey: { keyId, spki: toBase64(await crypto.subtle.exportKey('spki', pair.publicKey)) },
    privateKey: pair.privateKey,
  };
}

beforeAll(async () => {
  opener = (await import(/* @vite-ignore */ serverOpenerUrl)) as ServerOpener;
  ({ publicKey, privateKey } = await generatePublicKey('web-test'));
});

function open(sealed: { body: unknown; encryptionHeader: string }, atMs = nowMs) {
  return opener.openSealedRequest({
    encryptionHeader: sealed.encryptionHeader,
    body: sealed.body,
    nowMs: atMs,
    findPrivateKey: (keyId) => (keyId === publicKey.keyId ? privateKey : null),
  });
}

describe('sealPayload', () => {
  test('the server opens what the site seals: same payload, ts, and a 32-character nonce', async () => {
    const payload = { username: 'somchai', password: 'รหัสผ่าน-๑๒๓', loginDeviceId: 'd1', remember: true, captcha: null };
    const sealed = await sealPayload(payload, publicKey, nowMs);
    expect(sealed.encryptionHeader.startsWith('web-test.')).toBe(true);
    expect(Object.keys(sealed.body)).toEqual(['value']);
    const opened = await open(sealed);
    expect(opened.payload).toEqual(payload);
    expect(opened.tsMs).toBe(nowMs);
    expect(opened.nonce).toMatch(/^[0-9a-f]{32}$/);
  });

  test('every sealing has its own key, IV and nonce', async () => {
    const [a, b] = await Promise.all([
      sealPayload({ n: 1 }, publicKey, nowMs),
      sealPayload({ n: 1 }, publicKey, nowMs),
    ]);
    expect(a.body.value).not.toBe(b.body.value);
    expect(a.encryptionHeader).not.toBe(b.encryptionHeader);
    expect((await open(a)).nonce).not.toBe((await open(b)).nonce);
  });

  test("the server refuses the site's payload when stale or tampered", async () => {
    const sealed = await sealPayload({ username: 'somchai' }, publicKey, nowMs);
    await expect(open(sealed, nowMs + 6 * 60_000)).rejects.toMatchObject({ errorCode: 'payload.encryption.expired' });
    const bytes = Uint8Array.from(atob(sealed.body.value), (char) => char.charCodeAt(0));
    bytes[bytes.length - 1]! ^= 1;
    const tampered = { ...sealed, body: { value: btoa(String.fromCharCode(...bytes)) } };
    await expect(open(tampered)).rejects.toMatchObject({
      errorCode: 'payload.encryption.invalid',
      options: { field: 'value' },
    });
  });

  test.each(['ts', 'nonce'])('refuses a payload with its own %s field', async (field) => {
    await expect(sealPayload({ [field]: 1 }, publicKey)).rejects.toThrow(field);
  });
});

describe('sealedRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetPublicKey();
  });

  function envelope(status: number, body: object): Response {
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }

  test('fetches the key once, sends the Encryption header and { value }, and refetches once on key.unknown', async () => {
    const rotated = await generatePublicKey('web-test-2');
    const keys = [publicKey, rotated.publicKey];
    const sent: Array<{ url: string; encryption: string | null; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/wps/system/publicKey') return envelope(200, { success: true, value: keys.shift() });
        const encryption = new Headers(init.headers).get('Encryption');
        sent.push({ url, encryption, body: JSON.parse(String(init.body)) });
        if (encryption?.startsWith('web-test.') && sent.length > 1) {
          return envelope(400, {
            success: false,
            value: null,
            errorCode: 'payload.encryption.key.unknown',
            message: 'refetch',
          });
        }
        return envelope(200, { success: true, value: { token: 't' } });
      }),
    );

    await expect(sealedRequest('/wps/session/login', { username: 'somchai' })).resolves.toEqual({ token: 't' });
    // The key was rotated away: one refusal, one refetch, one resend with the new key.
    await expect(sealedRequest('/wps/session/login', { username: 'somchai' })).resolves.toEqual({ token: 't' });
    expect(sent.map((call) => call.encryption?.split('.')[0])).toEqual(['web-test', 'web-test', 'web-test-2']);
    for (const call of sent) expect(Object.keys(call.body as object)).toEqual(['value']);
    expect(keys).toEqual([]);
  });

  test("a second key.unknown is the caller's error, not a loop", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/wps/system/publicKey'
          ? envelope(200, { success: true, value: publicKey })
          : envelope(400, {
              success: false,
              value: null,
              errorCode: 'payload.encryption.key.unknown',
              message: 'refetch',
            }),
      ),
    );
    await expect(sealedRequest('/wps/session/login', { username: 'somchai' })).rejects.toMatchObject({
      errorCode: 'payload.encryption.key.unknown',
    });
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(4);
  });
});
