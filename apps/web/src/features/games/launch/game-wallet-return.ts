import { launchPaths, type WalletReturnResult } from '@lotus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { walletBalanceQuery } from '../../../api/wallet';
import { apiHeaders } from '../../../lib/api-client';
import { idempotencyHeaderName, newIdempotencyKey } from '@lotus/client';
import { session } from '../../../lib/session';

/**
 * Leaving a transfer-mode game brings its money back to the main wallet (GCS_walletReturn: every game
 * wallet of the member, all out). One Idempotency-Key per launch: however often leaving is signalled
 * (the frame unmounts, the tab closes, another game is launched over it), the money moves once, and a
 * repeat only replays the first answer. A return that fails leaves the money where it is, in the game
 * wallet, which "my wallet" shows and can empty later.
 */

/** The key a launch's return will use (kept with the launched game). */
export const newReturnKey = (): string => newIdempotencyKey();

/** Where each key's return stands: a second call for a key gets the first one's answer. */
const returns = new Map<string, Promise<boolean>>();

/**
 * Sends the return for `key` once; true when every game wallet that held money is back (or on its way:
 * a PENDING transfer is settled by the server), false when it could not be done now. `keepalive` lets it
 * finish while the tab closes.
 */
export function returnGameWallets(queryClient: QueryClient, key: string): Promise<boolean> {
  const earlier = returns.get(key);
  if (earlier) return earlier;
  const token = session.getToken();
  const sending = (async () => {
    if (!token) return false;
    try {
      const headers = apiHeaders('application/json');
      headers.set(idempotencyHeaderName, key);
      const response = await fetch(launchPaths.walletReturn, {
        method: 'POST',
        headers,
        body: '{}',
        keepalive: true,
        credentials: 'same-origin',
      });
      const envelope = (await response.json()) as { success?: boolean; value?: WalletReturnResult | null };
      if (!response.ok || !envelope.success || !envelope.value) return false;
      return envelope.value.transfers.every((transfer) => transfer.status !== 'FAILED');
    } catch {
      return false;
    } finally {
      // The balance stream follows the ledger by itself; read it again in case the stream is down.
      void queryClient.invalidateQueries({ queryKey: walletBalanceQuery(token).queryKey });
    }
  })();
  returns.set(key, sending);
  // A failure may be tried again under the same key (the server replays a stored answer, or runs it if none).
  void sending.then((isDone) => {
    if (!isDone) returns.delete(key);
  });
  return sending;
}

/** Returns waiting for the end of the current task (see scheduleReturn). */
const scheduled = new Map<string, number>();

/**
 * The return of a game the member is leaving, sent after the current task unless the same game is drawn
 * again meanwhile (React draws a component twice in development; `cancelScheduledReturn`).
 * `onDone(isDone)` follows the answer.
 */
export function scheduleReturn(queryClient: QueryClient, key: string, onDone: (isDone: boolean) => void): void {
  cancelScheduledReturn(key);
  scheduled.set(
    key,
    window.setTimeout(() => {
      scheduled.delete(key);
      void returnGameWallets(queryClient, key).then(onDone);
    }, 0),
  );
}

export function cancelScheduledReturn(key: string): void {
  const timer = scheduled.get(key);
  if (timer !== undefined) window.clearTimeout(timer);
  scheduled.delete(key);
}
