import {
  adminMemberPageSchema,
  adminPath,
  linkedMemberListSchema,
  memberAgentTreeSchema,
  memberBankAccountListSchema,
  memberBetPageSchema,
  memberDepositPageSchema,
  memberDeskPaths,
  memberLoginPageSchema,
  memberNoteListSchema,
  memberPasswordResetValueSchema,
  memberProfileSchema,
  memberSessionListSchema,
  memberSessionsEndedSchema,
  memberStatusValueSchema,
  memberTagOptionListSchema,
  memberTagsValueSchema,
  memberWithdrawalPageSchema,
  type AdminMemberPage,
  type LinkedMemberList,
  type MemberAgentTree,
  type MemberBankAccountList,
  type MemberBetPage,
  type MemberDepositPage,
  type MemberLoginPage,
  type MemberNoteList,
  type MemberPasswordResetValue,
  type MemberProfile,
  type MemberSearchField,
  type MemberSessionList,
  type MemberStatusBody,
  type MemberStatusValue,
  type MemberTagOptionList,
  type MemberWithdrawalPage,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { pageSize } from './api';

/**
 * The member desk's calls (contract `memberDeskPaths`). `memberDeskKeys.of(memberId)` covers every
 * tab of one member, so a change (status, reset, tags) refreshes the whole page at once.
 */
export const memberDeskKeys = queryKeys('member-desk');
export const memberSearchKeys = queryKeys('member-search');
export const tagOptionKeys = queryKeys('member-tag-options');

const dev = import.meta.env.DEV;
const memberUrl = (template: string, memberId: string) => adminPath(template, { memberId });

export const memberSearchQuery = (by: MemberSearchField, q: string, page: number) =>
  queryOptions({
    queryKey: memberSearchKeys.of(by, q, page),
    queryFn: ({ signal }) =>
      apiRequest<AdminMemberPage>(memberDeskPaths.search, {
        signal,
        query: { by, q, page, pageSize },
        schema: dev && adminMemberPageSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const memberProfileQuery = (memberId: string) =>
  queryOptions({
    queryKey: memberDeskKeys.of(memberId, 'profile'),
    queryFn: ({ signal }) =>
      apiRequest<MemberProfile>(memberUrl(memberDeskPaths.profile, memberId), {
        signal,
        schema: dev && memberProfileSchema,
      }),
  });

/** A paged tab (logins, deposits, withdrawals, bets, the agent tree's downlines). */
function pagedQuery<T>(template: string, name: string, schema: unknown) {
  return (memberId: string, page: number) =>
    queryOptions({
      queryKey: memberDeskKeys.of(memberId, name, page),
      queryFn: ({ signal }) =>
        apiRequest<T>(memberUrl(template, memberId), {
          signal,
          query: { page, pageSize },
          schema: dev && (schema as never),
        }),
      placeholderData: keepPreviousData,
    });
}

function listQuery<T>(template: string, name: string, schema: unknown) {
  return (memberId: string) =>
    queryOptions({
      queryKey: memberDeskKeys.of(memberId, name),
      queryFn: ({ signal }) =>
        apiRequest<T>(memberUrl(template, memberId), { signal, schema: dev && (schema as never) }),
    });
}

export const memberLoginsQuery = pagedQuery<MemberLoginPage>(memberDeskPaths.logins, 'logins', memberLoginPageSchema);
export const memberDepositsQuery = pagedQuery<MemberDepositPage>(
  memberDeskPaths.deposits,
  'deposits',
  memberDepositPageSchema,
);
export const memberWithdrawalsQuery = pagedQuery<MemberWithdrawalPage>(
  memberDeskPaths.withdrawals,
  'withdrawals',
  memberWithdrawalPageSchema,
);
export const memberBetsQuery = pagedQuery<MemberBetPage>(memberDeskPaths.bets, 'bets', memberBetPageSchema);
export const memberTreeQuery = pagedQuery<MemberAgentTree>(memberDeskPaths.agentTree, 'tree', memberAgentTreeSchema);
export const memberSessionsQuery = listQuery<MemberSessionList>(
  memberDeskPaths.sessions,
  'sessions',
  memberSessionListSchema,
);
export const memberBankAccountsQuery = listQuery<MemberBankAccountList>(
  memberDeskPaths.bankAccounts,
  'banks',
  memberBankAccountListSchema,
);
export const memberNotesQuery = listQuery<MemberNoteList>(memberDeskPaths.notes, 'notes', memberNoteListSchema);
export const linkedMembersQuery = listQuery<LinkedMemberList>(memberDeskPaths.linked, 'linked', linkedMemberListSchema);

export const tagOptionsQuery = () =>
  queryOptions({
    queryKey: tagOptionKeys.all,
    queryFn: ({ signal }) =>
      apiRequest<MemberTagOptionList>(memberDeskPaths.tagOptions, { signal, schema: dev && memberTagOptionListSchema }),
  });

export function changeStatus(memberId: string, body: MemberStatusBody) {
  return apiRequest<MemberStatusValue>(memberUrl(memberDeskPaths.status, memberId), {
    method: 'PUT',
    body,
    schema: dev && memberStatusValueSchema,
  });
}

export function resetPassword(memberId: string, reason: string) {
  return apiRequest<MemberPasswordResetValue>(memberUrl(memberDeskPaths.passwordReset, memberId), {
    method: 'POST',
    body: { reason },
    schema: dev && memberPasswordResetValueSchema,
  });
}

export function resetTwoFactor(memberId: string, reason: string) {
  return apiRequest<null>(memberUrl(memberDeskPaths.twoFactorReset, memberId), { method: 'POST', body: { reason } });
}

export function endSessions(memberId: string, sessionId?: string) {
  const url =
    sessionId === undefined
      ? memberUrl(memberDeskPaths.sessions, memberId)
      : adminPath(memberDeskPaths.session, { memberId, sessionId });
  return apiRequest<{ sessionsEnded: number }>(url, { method: 'DELETE', schema: dev && memberSessionsEndedSchema });
}

export function saveTags(memberId: string, tags: string[], version: number) {
  return apiRequest<{ names: string[]; version: number }>(memberUrl(memberDeskPaths.tags, memberId), {
    method: 'PUT',
    body: { tags, version },
    schema: dev && memberTagsValueSchema,
  });
}

export function addTagOption(name: string) {
  return apiRequest<MemberTagOptionList>(memberDeskPaths.tagOptions, {
    method: 'POST',
    body: { name },
    schema: dev && memberTagOptionListSchema,
  });
}

export function addNote(memberId: string, body: string) {
  return apiRequest<MemberNoteList>(memberUrl(memberDeskPaths.notes, memberId), {
    method: 'POST',
    body: { body },
    schema: dev && memberNoteListSchema,
  });
}
