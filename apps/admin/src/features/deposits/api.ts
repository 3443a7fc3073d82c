import {
  adminDepositPageSchema,
  adminDepositSchema,
  depositPaths,
  type AdminAnswerDepositQuestionBody,
  type AdminApproveDepositBody,
  type AdminDeposit,
  type AdminDepositPage,
  type AdminRejectDepositBody,
} from '@lotus/contract';
import { queryKeys, type QueryParams } from '@lotus/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** `depositKeys.all` covers the queue and every detail: a decision invalidates both. */
export const depositKeys = queryKeys('deposits');

const checked = { schema: import.meta.env.DEV && adminDepositSchema };

/** The deposit queue, keyed by the filters as typed; refreshed every 20 s while open. */
export const depositListQuery = (filters: Record<string, string>, page: number, query: QueryParams) =>
  queryOptions({
    queryKey: depositKeys.of(filters, page),
    queryFn: ({ signal }) =>
      apiRequest<AdminDepositPage>(depositPaths.adminList, {
        signal,
        query,
        schema: import.meta.env.DEV && adminDepositPageSchema,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 20_000,
  });

export const depositDetailKey = (depositId: number | null) => depositKeys.of('detail', depositId);

export const depositDetailQuery = (depositId: number | null) =>
  queryOptions({
    queryKey: depositDetailKey(depositId),
    queryFn: ({ signal }) =>
      apiRequest<AdminDeposit>(depositPaths.adminDetail, { signal, query: { depositId: depositId! }, ...checked }),
    enabled: depositId !== null,
  });

export function approveDeposit(body: AdminApproveDepositBody) {
  return apiRequest<AdminDeposit>(depositPaths.adminApprove, { method: 'POST', body, ...checked });
}

export function rejectDeposit(body: AdminRejectDepositBody) {
  return apiRequest<AdminDeposit>(depositPaths.adminReject, { method: 'POST', body, ...checked });
}

export function answerDepositQuestion(body: AdminAnswerDepositQuestionBody) {
  return apiRequest<AdminDeposit>(depositPaths.adminAnswerQuestion, { method: 'POST', body, ...checked });
}
