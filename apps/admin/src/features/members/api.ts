import {
  adminApiPaths,
  adminPath,
  adminAdjustmentValueSchema,
  adminMemberLedgerPageSchema,
  type AdminAdjustmentBody,
  type AdminAdjustmentValue,
  type AdminMemberLedgerPage,
} from '@lotus/contract';
import { idempotencyHeaderName, queryKeys } from '@lotus/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const pageSize = 20;

export const memberKeys = queryKeys('members');
/** A member's ledger; `memberLedgerKeys.of(memberId)` covers every page and kind of one member. */
export const memberLedgerKeys = queryKeys('member-ledger');

export const memberLedgerQuery = (memberId: string, kind: string, page: number) =>
  queryOptions({
    queryKey: memberLedgerKeys.of(memberId, kind, page),
    queryFn: ({ signal }) =>
      apiRequest<AdminMemberLedgerPage>(adminPath(adminApiPaths.memberLedger, { memberId }), {
        signal,
        query: { kind, page, pageSize },
        schema: import.meta.env.DEV && adminMemberLedgerPageSchema,
      }),
    placeholderData: keepPreviousData,
  });

export function adjustBalance(memberId: string, body: AdminAdjustmentBody, idempotencyKey: string) {
  return apiRequest<AdminAdjustmentValue>(adminPath(adminApiPaths.memberAdjustments, { memberId }), {
    method: 'POST',
    body,
    headers: { [idempotencyHeaderName]: idempotencyKey },
    schema: import.meta.env.DEV && adminAdjustmentValueSchema,
  });
}
