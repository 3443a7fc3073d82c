import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, networkErrorCode } from './api-client';

/**
 * The `Idempotency-Key` of money-moving calls (apps/server/src/modules/idempotency/README.md): a new
 * random key per action of a member or an operator, the same key on every retry of that action, so a lost answer or a
 * double click can never move money twice. The server stores the first answer under the key and
 * replays it, and refuses the key with another request (422 `idempotency.key.reused`).
 */
export const idempotencyHeaderName = 'Idempotency-Key';

/** errorCode of a retry that arrived while the first attempt with its key was still running (409). */
export const idempotencyInProgressCode = 'idempotency.in.progress';

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Whether the request may have been applied without anyone seeing the answer, so trying it
 * again must reuse its key: no answer at all, a server failure (nothing stored, the key may be
 * retried) or the first attempt still running. Any other answer is final and is stored under the
 * key: retrying it would only replay it, so the next attempt is a new action with a new key.
 */
export function isRetryableFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.errorCode === networkErrorCode ||
    error.status === 0 ||
    error.status >= 500 ||
    error.errorCode === idempotencyInProgressCode
  );
}

/**
 * Remembers the key of the current action. `keyFor(request)` gives the same key while the
 * same request is outstanding or was left without a final answer, and a new key for a different
 * request or once the last one got its final answer.
 */
export class IdempotencyKeys {
  private current: { key: string; fingerprint: string } | null = null;
  /** The attempt on its way, so a second submit of the same request joins it instead of sending. */
  private inFlight: { fingerprint: string; result: Promise<unknown> } | null = null;

  keyFor(request: unknown): string {
    const fingerprint = JSON.stringify(request ?? null);
    if (this.current?.fingerprint !== fingerprint) this.current = { key: newIdempotencyKey(), fingerprint };
    return this.current.key;
  }

  /** Sends `request` with its key, unless the same request is already on its way: then its answer is shared. */
  run<T>(request: unknown, send: (key: string) => Promise<T>): Promise<T> {
    const fingerprint = JSON.stringify(request ?? null);
    if (this.inFlight?.fingerprint === fingerprint) return this.inFlight.result as Promise<T>;
    const result = send(this.keyFor(request)).then(
      (value) => {
        this.settle();
        return value;
      },
      (error: unknown) => {
        this.settle(error);
        throw error;
      },
    );
    const attempt = { fingerprint, result };
    this.inFlight = attempt;
    const clear = () => {
      if (this.inFlight === attempt) this.inFlight = null;
    };
    result.then(clear, clear);
    return result;
  }

  /** The attempt ended: keep its key only when it may be retried. */
  settle(error?: unknown): void {
    if (error === undefined || !isRetryableFailure(error)) this.current = null;
  }
}

/**
 * A TanStack mutation whose `mutationFn` receives the action's Idempotency-Key as well. A second
 * submit of the same request while it is on its way shares its answer (a double click sends once;
 * disable the button with `isPending` too); a retry after a network error sends the same request
 * under the same key.
 */
export function useIdempotentMutation<TResult, TVariables>(
  options: Omit<UseMutationOptions<TResult, Error, TVariables>, 'mutationFn'> & {
    mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TResult>;
  },
) {
  const [keys] = useState(() => new IdempotencyKeys());
  const { mutationFn, ...rest } = options;
  return useMutation<TResult, Error, TVariables>({
    ...rest,
    mutationFn: (variables) => keys.run(variables, (key) => mutationFn(variables, key)),
  });
}
