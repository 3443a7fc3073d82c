import {
  adminApiPaths,
  adminPath,
  type AdminAdjustmentBody,
  type AdminAdjustmentValue,
  type AdminMemberLedgerPage,
  type AdminMemberPage,
} from '@lotus/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { idempotencyHeaderName } from '@lotus/client';

export const pageSize = 20;

export const membersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['members', q, page],
    queryFn: ({ signal }) =>
      apiRequest<AdminMemberPage>(adminApiPaths.members, { signal, query: { q, page, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const memberLedgerQuery = (memberId: string, kind: string, page: number) =>
  queryOptions({
    queryKey: ['member-ledger', memberId, kind, page],
    queryFn: ({ signal }) =>
      apiRequest<AdminMemberLedgerPage>(adminPath(adminApiPaths.memberLedger, { memberId }), {
        signal,
        query: { kind, page, pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export function adjustBalance(memberId: string, body: AdminAdjustmentBody, idempotencyKey: string) {
  return apiRequest<AdminAdjustmentValue>(adminPath(adminApiPaths.memberAdjustments, { memberId }), {
    method: 'POST',
    body,
    headers: { [idempotencyHeaderName]: idempotencyKey },
  });
}
