import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, networkErrorCode } from './api-client';

/**
 * The `Idempotency-Key` of money-moving operator calls (the manual adjustment): a new random key per
 * action, the same key on every retry of that action, so a double click or a lost answer never moves
 * money twice. The server answers a repeated key with the first answer.
 */
export const idempotencyHeaderName = 'Idempotency-Key';

/** No final answer was seen (network, a server failure): the retry must reuse the key. */
export function isRetryableFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.errorCode === networkErrorCode ||
    error.status === 0 ||
    error.status >= 500 ||
    error.errorCode === 'idempotency.in.progress'
  );
}

class IdempotencyKeys {
  private current: { key: string; fingerprint: string } | null = null;

  keyFor(request: unknown): string {
    const fingerprint = JSON.stringify(request ?? null);
    if (this.current?.fingerprint !== fingerprint) this.current = { key: crypto.randomUUID(), fingerprint };
    return this.current.key;
  }

  settle(error?: unknown): void {
    if (error === undefined || !isRetryableFailure(error)) this.current = null;
  }
}

/** A mutation whose `mutationFn` also receives the action's Idempotency-Key. */
export function useIdempotentMutation<TResult, TVariables>(
  options: Omit<UseMutationOptions<TResult, Error, TVariables>, 'mutationFn'> & {
    mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TResult>;
  },
) {
  const [keys] = useState(() => new IdempotencyKeys());
  const { mutationFn, ...rest } = options;
  return useMutation<TResult, Error, TVariables>({
    ...rest,
    mutationFn: async (variables) => {
      const key = keys.keyFor(variables);
      try {
        const result = await mutationFn(variables, key);
        keys.settle();
        return result;
      } catch (error) {
        keys.settle(error);
        throw error;
      }
    },
  });
}
