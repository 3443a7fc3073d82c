import { z } from 'zod';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, createApiClient, networkErrorCode, type ApiClientWiring } from './api-client';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch answering `answer` (or throwing it), remembering what was sent. */
function fakeFetch(answer: (() => Response) | Error): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    if (answer instanceof Error) throw answer;
    return answer();
  });
  return sent;
}

const envelope =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function client(wiring: Partial<ApiClientWiring> = {}) {
  return createApiClient({ getToken: () => 'token-1', getMerchant: () => 'demo', ...wiring });
}

afterEach(() => vi.unstubAllGlobals());

describe('createApiClient', () => {
  test('sends the raw token, merchant, device and language, and returns the envelope value', async () => {
    const sent = fakeFetch(envelope({ success: true, value: { balance: 1 } }));
    const api = client();
    api.setLanguage('EN');
    await expect(api.request('/wps/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ balance: 1 });
    const headers = new Headers(sent[0]!.init.headers);
    expect(headers.get('Authorization')).toBe('token-1');
    expect(headers.get('Merchant')).toBe('demo');
    expect(headers.get('Device')).toBe('web');
    expect(headers.get('Language')).toBe('EN');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(sent[0]!.init.body).toBe('{"a":1}');
  });

  test('a call with its own token sends it and is not a stored-token refusal', async () => {
    const sent = fakeFetch(envelope({ success: false, value: null, errorCode: 'x.invalid' }, 401));
    const onRefusal = vi.fn();
    await expect(client({ onRefusal }).request('/x', { token: 'stage-token' })).rejects.toBeInstanceOf(ApiError);
    expect(new Headers(sent[0]!.init.headers).get('Authorization')).toBe('stage-token');
    expect(onRefusal).toHaveBeenCalledWith(expect.objectContaining({ errorCode: 'x.invalid' }), false);
  });

  test('a refusal becomes an ApiError with code, message, value and field, told to the wiring first', async () => {
    fakeFetch(
      envelope(
        { success: false, value: { captchaRequired: true }, errorCode: 'a.b', message: 'No', field: 'amountMinor' },
        400,
      ),
    );
    const onRefusal = vi.fn();
    const error = await client({ onRefusal })
      .request('/x')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'No',
      errorCode: 'a.b',
      status: 400,
      value: { captchaRequired: true },
      field: 'amountMinor',
    });
    expect(onRefusal).toHaveBeenCalledWith(error, true);
  });

  test.each([
    ['no answer at all', new TypeError('Failed to fetch'), networkErrorCode, 0],
    ['an answer that is not an envelope', () => new Response('<html>', { status: 502 }), 'http.502', 502],
  ])('%s is an ApiError %s', async (_name, answer, errorCode, status) => {
    fakeFetch(answer as (() => Response) | Error);
    await expect(client().request('/x')).rejects.toMatchObject({ errorCode, status });
  });

  test('query strings leave out undefined and null; empty strings only when the wiring says so', async () => {
    const sent = fakeFetch(envelope({ success: true, value: null }));
    const query = { a: 'x', b: undefined, c: null, d: '', e: 2 };
    await client().request('/x', { query });
    await client({ omitsEmptyQueryValues: true }).request('/x', { query });
    expect(sent.map((call) => call.url)).toEqual(['/x?a=x&d=&e=2', '/x?a=x&e=2']);
  });

  test('the wiring is told when a call that is not silent starts and ends', async () => {
    fakeFetch(envelope({ success: true, value: null }));
    const onBusy = vi.fn();
    await client({ onBusy }).request('/x');
    await client({ onBusy }).request('/x', { isSilent: true });
    expect(onBusy.mock.calls).toEqual([[true], [false]]);
  });

  test('in tests an answer is checked against its contract schema', async () => {
    fakeFetch(envelope({ success: true, value: { balance: 'ten' } }));
    const schema = import.meta.env.DEV && z.object({ balance: z.number() });
    expect(import.meta.env.DEV).toBe(true);
    await expect(client().request('/wps/x', { schema })).rejects.toThrow('does not match the contract');
    fakeFetch(envelope({ success: true, value: { balance: 10 } }));
    await expect(client().request('/wps/x', { schema })).resolves.toEqual({ balance: 10 });
  });
});
