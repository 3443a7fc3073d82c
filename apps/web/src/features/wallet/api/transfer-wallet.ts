import {
  merchantWalletSchema,
  walletReturnResultSchema,
  walletTransferResultSchema,
  apiPaths,
  launchPaths,
  type MerchantWallet,
  type WalletReturnResult,
  type WalletTransferRequest,
  type WalletTransferResult,
} from '@lotus/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSessionToken } from '../../../api/member';
import { walletBalanceQuery } from '../../../api/wallet';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaderName, queryKeys, useIdempotentMutation } from '@lotus/client';

export const merchantWalletKeys = queryKeys('merchant-wallet');

/** What the page sends: `all` may be left out (the contract defaults it to false). */
export type TransferRequest = Omit<WalletTransferRequest, 'all'> & { all?: boolean };

/** GET GCS_merchantWallet: which vendors keep a wallet of their own (transfer mode, `isSingle: false`). */
export const merchantWalletQuery = (token: string | null) =>
  queryOptions({
    queryKey: merchantWalletKeys.of(token),
    queryFn: () =>
      apiRequest<MerchantWallet>(apiPaths.merchantWallet, {
        schema: import.meta.env.DEV && merchantWalletSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
  });

export function useMerchantWallet() {
  return useQuery(merchantWalletQuery(useSessionToken()));
}

/**
 * Whatever a transfer answered, the balances may have moved (a FAILED one moved back, a PENDING one
 * sits in transit): the wallet balance is read again.
 */
export function useRefreshBalances(): () => Promise<void> {
  const client = useQueryClient();
  const token = useSessionToken();
  return useCallback(() => client.invalidateQueries({ queryKey: walletBalanceQuery(token).queryKey }), [client, token]);
}

/** POST GCS_walletTransfer, one Idempotency-Key per member action (@lotus/client idempotency.ts). */
export function useWalletTransfer() {
  const refreshBalances = useRefreshBalances();
  return useIdempotentMutation<WalletTransferResult, TransferRequest>({
    mutationFn: (body, key) =>
      apiRequest<WalletTransferResult>(launchPaths.walletTransfer, {
        schema: import.meta.env.DEV && walletTransferResultSchema,
        method: 'POST',
        body,
        headers: { [idempotencyHeaderName]: key },
        isSilent: true,
      }),
    onSettled: refreshBalances,
  });
}

/** POST GCS_walletReturn: every vendor wallet back to the main wallet, under one Idempotency-Key. */
export function useWalletReturn() {
  const refreshBalances = useRefreshBalances();
  return useIdempotentMutation<WalletReturnResult, void>({
    mutationFn: (_nothing, key) =>
      apiRequest<WalletReturnResult>(launchPaths.walletReturn, {
        schema: import.meta.env.DEV && walletReturnResultSchema,
        method: 'POST',
        body: {},
        headers: { [idempotencyHeaderName]: key },
        isSilent: true,
      }),
    onSettled: refreshBalances,
  });
}
