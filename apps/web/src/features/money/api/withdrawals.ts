import {
  paymentConfirmationListSchema,
  paymentPasswordStatusSchema,
  withdrawAccountInfoSchema,
  withdrawReportSchema,
  withdrawSettingsSchema,
  withdrawalSchema,
  withdrawalPaths,
  type BankAccount,
  type BindBankAccountRequest,
  type ChangePaymentPasswordRequest,
  type PaymentConfirmationList,
  type PaymentPasswordStatus,
  type RemoveBankAccountRequest,
  type ReportNotReceivedRequest,
  type SetPaymentPasswordRequest,
  type UpdateBankAccountRequest,
  type WithdrawAccountInfo,
  type Withdrawal,
  type WithdrawReport,
  type WithdrawReportQuery,
  type WithdrawRequest,
  type WithdrawSettings,
} from '@lotus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionToken } from '../../../api/member';
import { ApiError, apiHeaders, apiRequest } from '../../../lib/api-client';
import { idempotencyHeaderName, queryKeys, useIdempotentMutation } from '@lotus/client';
import { sealedRequest } from '../../../lib/sealed-request';

/** Withdrawal calls of packages/contract/src/withdrawals.ts (page withdraw). Sealed where the contract says so. */
const withdrawals = queryKeys('withdrawals');

export const withdrawalKeys = {
  all: withdrawals.all,
  paymentPassword: (token: string | null) => withdrawals.of('payment-password', token),
  accountInfo: (token: string | null) => withdrawals.of('account-info', token),
  settings: (token: string | null) => withdrawals.of('settings', token),
  report: (token: string | null, query: Partial<WithdrawReportQuery>) => withdrawals.of('report', token, query),
  confirmations: (token: string | null) => withdrawals.of('confirmations', token),
  payoutSlip: (token: string | null, withdrawalId: number) => withdrawals.of('payout-slip', token, withdrawalId),
};

const idempotent = (key: string) => ({ [idempotencyHeaderName]: key });

export function usePaymentPasswordStatus() {
  const token = useSessionToken();
  return useQuery({
    queryKey: withdrawalKeys.paymentPassword(token),
    queryFn: () =>
      apiRequest<PaymentPasswordStatus>(withdrawalPaths.paymentPassword, {
        schema: import.meta.env.DEV && paymentPasswordStatusSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
  });
}

export function useWithdrawAccountInfo() {
  const token = useSessionToken();
  return useQuery({
    queryKey: withdrawalKeys.accountInfo(token),
    queryFn: () =>
      apiRequest<WithdrawAccountInfo>(withdrawalPaths.withdrawAccountInfo, {
        schema: import.meta.env.DEV && withdrawAccountInfoSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
  });
}

/** Limits, fee, today's count and turnover: fresh whenever the page shows. */
export function useWithdrawSettings() {
  const token = useSessionToken();
  return useQuery({
    queryKey: withdrawalKeys.settings(token),
    queryFn: () =>
      apiRequest<WithdrawSettings>(withdrawalPaths.withdrawSettings, {
        schema: import.meta.env.DEV && withdrawSettingsSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

export function useWithdrawReport(query: Partial<WithdrawReportQuery>) {
  const token = useSessionToken();
  return useQuery({
    queryKey: withdrawalKeys.report(token, query),
    queryFn: () =>
      apiRequest<WithdrawReport>(withdrawalPaths.withdrawReport, {
        schema: import.meta.env.DEV && withdrawReportSchema,
        query,
        isSilent: true,
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** Paid withdrawals waiting for "received" or "not received" (spec §4). */
export function usePaymentConfirmations() {
  const token = useSessionToken();
  return useQuery({
    queryKey: withdrawalKeys.confirmations(token),
    queryFn: () =>
      apiRequest<PaymentConfirmationList>(withdrawalPaths.paymentConfirmationList, {
        schema: import.meta.env.DEV && paymentConfirmationListSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
  });
}

/** Everything of this page after a change: settings, accounts, lists. */
function useRefreshWithdrawals() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.all });
}

export function useSetPaymentPassword() {
  const refresh = useRefreshWithdrawals();
  return useMutation({
    mutationFn: (request: SetPaymentPasswordRequest) =>
      sealedRequest<null>(withdrawalPaths.setPaymentPassword, { ...request }, { method: 'PUT' }),
    onSuccess: refresh,
  });
}

export function useChangePaymentPassword() {
  return useMutation({
    mutationFn: (request: ChangePaymentPasswordRequest) =>
      sealedRequest<null>(withdrawalPaths.changePaymentPassword, { ...request }),
  });
}

export function useBindBankAccount() {
  const refresh = useRefreshWithdrawals();
  return useIdempotentMutation<BankAccount, BindBankAccountRequest>({
    mutationFn: (request, key) =>
      sealedRequest<BankAccount>(
        withdrawalPaths.bindBankAccount,
        { ...request },
        { method: 'PUT', headers: idempotent(key) },
      ),
    onSuccess: refresh,
  });
}

export function useUpdateBankAccount() {
  const refresh = useRefreshWithdrawals();
  return useMutation({
    mutationFn: (request: UpdateBankAccountRequest) =>
      sealedRequest<BankAccount>(withdrawalPaths.updateBankAccount, { ...request }),
    onSuccess: refresh,
  });
}

export function useRemoveBankAccount() {
  const refresh = useRefreshWithdrawals();
  return useMutation({
    mutationFn: (request: RemoveBankAccountRequest) =>
      sealedRequest<null>(withdrawalPaths.removeBankAccount, { ...request }),
    onSuccess: refresh,
  });
}

/** POST withdraw, sealed, under the action's Idempotency-Key. The balance follows by the balance stream. */
export function useWithdraw() {
  const refresh = useRefreshWithdrawals();
  return useIdempotentMutation<Withdrawal, WithdrawRequest>({
    mutationFn: (request, key) =>
      sealedRequest<Withdrawal>(withdrawalPaths.withdraw, { ...request }, { headers: idempotent(key) }),
    onSettled: refresh,
  });
}

export function useConfirmReceived() {
  const refresh = useRefreshWithdrawals();
  return useIdempotentMutation<Withdrawal, number>({
    mutationFn: (withdrawalId, key) =>
      apiRequest<Withdrawal>(withdrawalPaths.confirmReceived, {
        schema: import.meta.env.DEV && withdrawalSchema,
        method: 'POST',
        body: { withdrawalId },
        headers: idempotent(key),
      }),
    onSettled: refresh,
  });
}

export function useReportNotReceived() {
  const refresh = useRefreshWithdrawals();
  return useIdempotentMutation<Withdrawal, ReportNotReceivedRequest>({
    mutationFn: (request, key) =>
      apiRequest<Withdrawal>(withdrawalPaths.reportNotReceived, {
        schema: import.meta.env.DEV && withdrawalSchema,
        method: 'POST',
        body: request,
        headers: idempotent(key),
      }),
    onSettled: refresh,
  });
}

/**
 * The payout slip the operator attached, as a data: URL: an <img> cannot send the member's token,
 * and the site's CSP allows images from data:. Asked only when shown; the image never changes.
 */
export function usePayoutSlip(withdrawalId: number, isEnabled: boolean) {
  const token = useSessionToken();
  return useQuery({
    queryKey: withdrawalKeys.payoutSlip(token, withdrawalId),
    queryFn: async ({ signal }) => {
      const response = await fetch(`${withdrawalPaths.payoutSlip}?withdrawalId=${withdrawalId}`, {
        headers: apiHeaders(),
        signal,
        credentials: 'same-origin',
      });
      if (!response.ok) throw new ApiError(response.statusText, `http.${response.status}`, response.status);
      const type = response.headers.get('Content-Type') === 'image/jpeg' ? 'image/jpeg' : 'image/png';
      const bytes = new Uint8Array(await response.arrayBuffer());
      let binary = '';
      // In slices: String.fromCharCode takes its bytes as arguments, and a 5 MB slip would be too many.
      for (let start = 0; start < bytes.length; start += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
      return `data:${type};base64,${btoa(binary)}`;
    },
    enabled: Boolean(token) && isEnabled,
    staleTime: Infinity,
    retry: false,
  });
}
