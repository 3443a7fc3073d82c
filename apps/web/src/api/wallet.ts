import {
  apiPaths,
  errorCodes,
  walletStreamEventName,
  walletStreamRewardsEventName,
  walletStreamSessionEndedEventName,
  walletStreamUnreadEventName,
  type WalletBalance,
  type WalletStreamRewards,
  type WalletStreamUnread,
} from '@lotus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiHeaders, apiRequest } from '../lib/api-client';
import { session } from '../lib/session';
import { receiveUnreadCount } from './inbox';
import { useSessionToken } from './member';
import { receiveClaimableRewards } from './promotions';
import { queryClient } from './query-client';

/** GET /wps/v2/wallets/balance: the member's wallets, kept fresh by the balance stream below. */
export const walletBalanceQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['wallet-balance', token],
    queryFn: () => apiRequest<WalletBalance>(apiPaths.walletBalance, { isSilent: true }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });

export function useWalletBalance() {
  return useQuery(walletBalanceQuery(useSessionToken()));
}

/** Reconnection waits grow to this, so a server restart or a flaky network is not hammered. */
const maxRetryDelayMs = 30_000;

/**
 * Reads GET /wps/v2/wallets/stream while logged in and puts each balance it sends into the query
 * cache, so every open page shows a deposit, a win or an operator's adjustment at once, and each
 * unread inbox count, so the header's badge and an open inbox follow new messages at once, and each
 * claimable rewards count, so the reward badges and an open reward centre follow new rewards. It is read
 * with fetch rather than EventSource, which cannot send the Authorization header; it reconnects
 * with backoff and stops on logout. A revoked session (the member locked or closed, sessions ended
 * in the back-office, a password reset, a logout in another tab) ends the stream with a
 * `session_ended` event, and a reconnect with a dead token is refused 401: either logs the member
 * out at once, without waiting for the page's next call.
 */
export function useBalanceStream(): void {
  const token = useSessionToken();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let retryDelayMs = 1000;

    const readOnce = async () => {
      const response = await fetch(apiPaths.walletStream, {
        headers: apiHeaders(),
        signal: controller.signal,
        credentials: 'same-origin',
      });
      if (response.status === 401) {
        const refusal = (await response.json().catch(() => null)) as { errorCode?: string } | null;
        if (refusal?.errorCode === errorCodes.tokenInvalid && session.getToken() === token) session.clear();
      }
      if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status}`);
      retryDelayMs = 1000;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.startsWith(`event: ${walletStreamEventName}`) && data) {
            queryClient.setQueryData(walletBalanceQuery(token).queryKey, JSON.parse(data.slice(6)) as WalletBalance);
          } else if (block.startsWith(`event: ${walletStreamUnreadEventName}`) && data) {
            receiveUnreadCount(token, (JSON.parse(data.slice(6)) as WalletStreamUnread).unreadCount);
          } else if (block.startsWith(`event: ${walletStreamRewardsEventName}`) && data) {
            receiveClaimableRewards(token, (JSON.parse(data.slice(6)) as WalletStreamRewards).claimableCount);
          } else if (block.startsWith(`event: ${walletStreamSessionEndedEventName}`)) {
            // The same forced logout as a call refused 401 (lib/api-client).
            if (session.getToken() === token) session.clear();
            return;
          }
          end = buffer.indexOf('\n\n');
        }
      }
    };

    const run = async () => {
      while (!controller.signal.aborted) {
        try {
          await readOnce();
        } catch {
          // Offline, a restart, a refused token (the next call logs out): wait, then try again.
        }
        if (controller.signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
        retryDelayMs = Math.min(maxRetryDelayMs, retryDelayMs * 2);
      }
    };
    void run();
    return () => controller.abort();
  }, [token]);
}
