import { describe, expect, test } from 'vitest';
import { ApiError, networkErrorCode } from './api-client';
import { IdempotencyKeys, isRetryableFailure } from './idempotency';

describe('isRetryableFailure: may the request have run without an answer?', () => {
  test.each([
    ['a dropped connection', new ApiError('Network error', networkErrorCode, 0), true],
    [
      'a server failure (nothing stored under the key)',
      new ApiError('Bad gateway', 'deposit.gateway.unavailable', 502),
      true,
    ],
    ['the first attempt still running', new ApiError('In progress', 'idempotency.in.progress', 409), true],
    ['something that is not an ApiError (a bug, an abort)', new Error('boom'), true],
    [
      'a refusal (stored, replaying it only repeats it)',
      new ApiError('Too small', 'withdraw.amount.below.min', 400),
      false,
    ],
    ['a conflict of the action itself', new ApiError('Not pending', 'deposit.not.pending', 409), false],
    ['a key reused with another request', new ApiError('Reused', 'idempotency.key.reused', 422), false],
  ])('%s → %s', (_name, error, expected) => {
    expect(isRetryableFailure(error)).toBe(expected);
  });
});

describe('IdempotencyKeys: one key per action, the same on its retries', () => {
  const request = { methodCode: 'DEMOPAY', amount: '500.00' };

  test('a retry after a dropped connection, or a double submit while it runs, keeps the key', () => {
    const keys = new IdempotencyKeys();
    const first = keys.keyFor(request);
    expect(keys.keyFor({ ...request })).toBe(first);
    keys.settle(new ApiError('Network error', networkErrorCode, 0));
    expect(keys.keyFor(request)).toBe(first);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a changed request, a success or a final refusal makes the next attempt a new action', () => {
    const keys = new IdempotencyKeys();
    const first = keys.keyFor(request);
    const changed = keys.keyFor({ ...request, amount: '600.00' });
    expect(changed).not.toBe(first);

    keys.settle();
    const afterSuccess = keys.keyFor({ ...request, amount: '600.00' });
    expect(afterSuccess).not.toBe(changed);

    keys.settle(new ApiError('Balance', 'withdraw.balance.not.enough', 400));
    expect(keys.keyFor({ ...request, amount: '600.00' })).not.toBe(afterSuccess);
  });
});

test('a second submit of the same request while it runs shares its answer: one request is sent', async () => {
  const keys = new IdempotencyKeys();
  const sent: string[] = [];
  let answer: (value: string) => void = () => undefined;
  const send = (key: string) => {
    sent.push(key);
    return new Promise<string>((resolve) => (answer = resolve));
  };
  const first = keys.run({ amount: '1.00' }, send);
  const second = keys.run({ amount: '1.00' }, send);
  answer('done');
  expect(await Promise.all([first, second])).toEqual(['done', 'done']);
  expect(sent).toHaveLength(1);
  await keys.run({ amount: '1.00' }, async (key) => {
    sent.push(key);
    return 'again';
  });
  expect(sent[1]).not.toBe(sent[0]);
});
