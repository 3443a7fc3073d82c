import {
  adminSecondApprovalPageSchema,
  adminWithdrawalListSchema,
  adminWithdrawalSchema,
  withdrawalPaths,
  type AdminApproveWithdrawalRequest,
  type AdminConfirmSecondApprovalRequest,
  type AdminReturnSecondApprovalRequest,
  type AdminSecondApprovalPage,
  type SecondApprovalStatus,
  type AdminForceReceivedRequest,
  type AdminRejectWithdrawalRequest,
  type AdminWithdrawal,
  type AdminWithdrawalList,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const withdrawalPageSize = 20;
export const withdrawalKeys = queryKeys('withdrawals');

const checked = { schema: import.meta.env.DEV && adminWithdrawalSchema };

/** The withdrawal queue, keyed by the filters as typed; refreshed every 20 s while open. */
export const withdrawalListQuery = (filters: { status: string; account: string }, page: number) =>
  queryOptions({
    queryKey: withdrawalKeys.of(filters, page),
    queryFn: ({ signal }) =>
      apiRequest<AdminWithdrawalList>(withdrawalPaths.adminList, {
        signal,
        query: { status: filters.status, account: filters.account, pageNo: page, pageSize: withdrawalPageSize },
        schema: import.meta.env.DEV && adminWithdrawalListSchema,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 20_000,
  });

/** Paid: the payout reference, and the transfer slip when the operator attached one. */
export function approveWithdrawal(body: AdminApproveWithdrawalRequest) {
  return apiRequest<AdminWithdrawal>(withdrawalPaths.adminApprove, { method: 'POST', body, ...checked });
}

export function rejectWithdrawal(body: AdminRejectWithdrawalRequest) {
  return apiRequest<AdminWithdrawal>(withdrawalPaths.adminReject, { method: 'POST', body, ...checked });
}

/** The member said the money did not arrive; the operator confirms it did. */
export function forceWithdrawalReceived(body: AdminForceReceivedRequest) {
  return apiRequest<AdminWithdrawal>(withdrawalPaths.adminForceReceived, { method: 'POST', body, ...checked });
}

/** Payouts above the approval threshold (`approvals.review`), by second-approval status; refreshed while open. */
export const secondApprovalsQuery = (status: SecondApprovalStatus) =>
  queryOptions({
    queryKey: withdrawalKeys.of('secondApprovals', status),
    queryFn: ({ signal }) =>
      apiRequest<AdminSecondApprovalPage>(withdrawalPaths.adminSecondApprovals, {
        signal,
        query: { status },
        schema: import.meta.env.DEV && adminSecondApprovalPageSchema,
      }),
    refetchInterval: 20_000,
  });

/** The second operator pays the waiting payout (never the one who asked: the server answers 409). */
export function confirmSecondApproval(body: AdminConfirmSecondApprovalRequest) {
  return apiRequest<AdminWithdrawal>(withdrawalPaths.adminConfirmSecondApproval, { method: 'POST', body, ...checked });
}

/** The second operator sends it back to the desk with a reason; nothing is paid or refunded. */
export function returnSecondApproval(body: AdminReturnSecondApprovalRequest) {
  return apiRequest<AdminWithdrawal>(withdrawalPaths.adminReturnSecondApproval, { method: 'POST', body, ...checked });
}
