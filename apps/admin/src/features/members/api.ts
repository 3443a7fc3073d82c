import {
  adminApiPaths,
  adminPath,
  adjustmentOutcomeSchema,
  adminMemberLedgerPageSchema,
  type AdminAdjustmentBody,
  type AdjustmentOutcome,
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
  // `pending`: above the merchant's four-eyes threshold, waiting for another operator's approval.
  return apiRequest<AdjustmentOutcome>(adminPath(adminApiPaths.memberAdjustments, { memberId }), {
    method: 'POST',
    body,
    headers: { [idempotencyHeaderName]: idempotencyKey },
    schema: import.meta.env.DEV && adjustmentOutcomeSchema,
  });
}
