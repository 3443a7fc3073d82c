import {
  adminIdSchema,
  adminMemberPageSchema,
  adminPageQuerySchema,
  envelopeSchema,
  formatMinorUnits,
  linkedMemberListSchema,
  memberAgentTreeSchema,
  memberBankAccountListSchema,
  memberBetPageSchema,
  memberDepositPageSchema,
  memberDeskPaths,
  memberLoginPageSchema,
  memberNoteBodySchema,
  memberNoteListSchema,
  memberPasswordResetValueSchema,
  memberProfileSchema,
  memberReasonBodySchema,
  memberSearchQuerySchema,
  memberSessionListSchema,
  memberSessionParamsSchema,
  memberSessionsEndedSchema,
  memberStatusBodySchema,
  memberStatusValueSchema,
  memberTagOptionBodySchema,
  memberTagOptionListSchema,
  memberTagsBodySchema,
  memberTagsValueSchema,
  memberWithdrawalPageSchema,
} from '@lotus/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { listMemberBetsForDesk } from '../bet-records/index.ts';
import { listMemberDepositsForDesk } from '../deposit/index.ts';
import { listLiveSessions, listMemberLogins } from '../identity/index.ts';
import { listMemberBankAccountsForDesk, listMemberWithdrawalsForDesk } from '../withdrawal/index.ts';
import { requireOperator } from '../backoffice/index.ts';
import {
  addNote,
  addTagOption,
  changeMemberStatus,
  endSessions,
  getAgentTree,
  getMemberProfile,
  listLinkedMembers,
  listNotes,
  listTagOptions,
  requireDeskMember,
  resetPassword,
  resetTwoFactor,
  searchMemberDesk,
  setMemberTags,
} from './member-desk.ts';

const tags = ['backoffice'];
const memberParams = z.object({ memberId: adminIdSchema });
const read = requireOperator('members.read');
const manage = requireOperator('members.manage');

/**
 * The member desk's calls (`memberDeskPaths`, README "Member desk"): reads need `members.read`,
 * changes `members.manage`. Thin: each is one service call of member-desk.ts or of the owner module.
 */
export async function memberDeskRoutes(app: AppInstance): Promise<void> {
  const idOf = (params: { memberId: string }) => BigInt(params.memberId);

  app.get(
    memberDeskPaths.search,
    {
      onRequest: read,
      schema: { tags, querystring: memberSearchQuerySchema, response: { 200: envelopeSchema(adminMemberPageSchema) } },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok({ ...(await searchMemberDesk(app.db, request.merchant, request.query)), page, pageSize });
    },
  );

  app.get(
    memberDeskPaths.profile,
    { onRequest: read, schema: { tags, params: memberParams, response: { 200: envelopeSchema(memberProfileSchema) } } },
    async (request) => ok(await getMemberProfile(app.db, request.merchant, idOf(request.params), app.now())),
  );

  app.put(
    memberDeskPaths.status,
    {
      onRequest: manage,
      schema: {
        tags,
        params: memberParams,
        body: memberStatusBodySchema,
        response: { 200: envelopeSchema(memberStatusValueSchema) },
      },
    },
    async (request) => ok(await changeMemberStatus(app.db, request, idOf(request.params), request.body)),
  );

  app.post(
    memberDeskPaths.passwordReset,
    {
      onRequest: manage,
      schema: {
        tags,
        params: memberParams,
        body: memberReasonBodySchema,
        response: { 200: envelopeSchema(memberPasswordResetValueSchema) },
      },
    },
    async (request) => ok(await resetPassword(app.db, request, idOf(request.params), request.body.reason)),
  );

  app.post(
    memberDeskPaths.twoFactorReset,
    {
      onRequest: manage,
      schema: { tags, params: memberParams, body: memberReasonBodySchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await resetTwoFactor(app.db, request, idOf(request.params), request.body.reason);
      return ok(null);
    },
  );

  app.get(
    memberDeskPaths.logins,
    {
      onRequest: read,
      schema: {
        tags,
        params: memberParams,
        querystring: adminPageQuerySchema,
        response: { 200: envelopeSchema(memberLoginPageSchema) },
      },
    },
    async (request) => {
      const memberId = idOf(request.params);
      await requireDeskMember(app.db, request.merchant.id, memberId);
      const { items, total } = await listMemberLogins(app.db, request.merchant.id, memberId, request.query);
      return ok({
        items: items.map((login) => ({
          id: String(login.id),
          createdAt: login.createdAt.getTime(),
          succeeded: login.succeeded,
          failureReason: login.failureReason,
          ip: login.ip,
          country: login.country,
          device: login.device,
          deviceId: login.deviceId,
        })),
        total,
        ...request.query,
      });
    },
  );

  app.get(
    memberDeskPaths.sessions,
    {
      onRequest: read,
      schema: { tags, params: memberParams, response: { 200: envelopeSchema(memberSessionListSchema) } },
    },
    async (request) => {
      const memberId = idOf(request.params);
      await requireDeskMember(app.db, request.merchant.id, memberId);
      const sessions = await listLiveSessions(app.db, request.merchant.id, memberId, app.now());
      return ok({
        items: sessions.map((session) => ({
          id: String(session.id),
          createdAt: session.createdAt.getTime(),
          lastSeenAt: session.lastSeenAt.getTime(),
          expiresAt: session.expiresAt.getTime(),
          ip: session.ip,
          country: session.country,
          device: session.device,
          deviceId: session.deviceId,
        })),
      });
    },
  );

  app.delete(
    memberDeskPaths.sessions,
    {
      onRequest: manage,
      schema: { tags, params: memberParams, response: { 200: envelopeSchema(memberSessionsEndedSchema) } },
    },
    async (request) => ok({ sessionsEnded: await endSessions(app.db, request, idOf(request.params), null) }),
  );

  app.delete(
    memberDeskPaths.session,
    {
      onRequest: manage,
      schema: { tags, params: memberSessionParamsSchema, response: { 200: envelopeSchema(memberSessionsEndedSchema) } },
    },
    async (request) => {
      const sessionId = BigInt(request.params.sessionId);
      return ok({ sessionsEnded: await endSessions(app.db, request, idOf(request.params), sessionId) });
    },
  );

  app.get(
    memberDeskPaths.bankAccounts,
    {
      onRequest: read,
      schema: { tags, params: memberParams, response: { 200: envelopeSchema(memberBankAccountListSchema) } },
    },
    async (request) => {
      const memberId = idOf(request.params);
      await requireDeskMember(app.db, request.merchant.id, memberId);
      const accounts = await listMemberBankAccountsForDesk(app.db, request.merchant.id, memberId);
      return ok({
        items: accounts.map((account) => ({
          id: String(account.id),
          bankCode: account.bankCode,
          accountNumber: account.accountNumber,
          accountName: account.accountName,
          createdAt: account.createdAt.getTime(),
          removedAt: account.removedAt?.getTime() ?? null,
        })),
      });
    },
  );

  app.get(
    memberDeskPaths.deposits,
    {
      onRequest: read,
      schema: {
        tags,
        params: memberParams,
        querystring: adminPageQuerySchema,
        response: { 200: envelopeSchema(memberDepositPageSchema) },
      },
    },
    async (request) => {
      const memberId = idOf(request.params);
      await requireDeskMember(app.db, request.merchant.id, memberId);
      const { items, total } = await listMemberDepositsForDesk(app.db, request.merchant.id, memberId, request.query);
      return ok({
        items: items.map((deposit) => ({
          id: String(deposit.id),
          createdAt: deposit.createdAt.getTime(),
          method: deposit.methodCode,
          status: deposit.status,
          amount: formatMinorUnits(deposit.amountMinor),
          fee: formatMinorUnits(deposit.feeMinor),
          settledAt: deposit.settledAt?.getTime() ?? null,
        })),
        total,
        ...request.query,
      });
    },
  );

  app.get(
    memberDeskPaths.withdrawals,
    {
      onRequest: read,
      schema: {
        tags,
        params: memberParams,
        querystring: adminPageQuerySchema,
        response: { 200: envelopeSchema(memberWithdrawalPageSchema) },
      },
    },
    async (request) => {
      const memberId = idOf(request.params);
      await requireDeskMember(app.db, request.merchant.id, memberId);
      const { items, total } = await listMemberWithdrawalsForDesk(app.db, request.merchant.id, memberId, request.query);
      return ok({
        items: items.map((withdrawal) => ({
          id: String(withdrawal.id),
          createdAt: withdrawal.createdAt.getTime(),
          status: withdrawal.status,
          amount: formatMinorUnits(withdrawal.amountMinor),
          fee: formatMinorUnits(withdrawal.feeMinor),
          bankCode: withdrawal.bankCode,
          accountNumber: withdrawal.accountNumber,
          reviewedAt: withdrawal.reviewedAt?.getTime() ?? null,
        })),
        total,
        ...request.query,
      });
    },
  );

  app.get(
    memberDeskPaths.bets,
    {
      onRequest: read,
      schema: {
        tags,
        params: memberParams,
        querystring: adminPageQuerySchema,
        response: { 200: envelopeSchema(memberBetPageSchema) },
      },
    },
    async (request) => {
      const memberId = idOf(request.params);
      await requireDeskMember(app.db, request.merchant.id, memberId);
      const { items, total } = await listMemberBetsForDesk(app.db, request.merchant.id, memberId, request.query);
      return ok({
        items: items.map((bet) => ({
          id: String(bet.id),
          firstBetAt: bet.firstBetAt.getTime(),
          vendor: bet.vassalage,
          gameId: bet.gameId,
          roundId: bet.roundId,
          status: bet.status,
          stake: formatMinorUnits(bet.stakeMinor),
          validBet: formatMinorUnits(bet.validBetMinor),
          payout: formatMinorUnits(bet.payoutMinor),
        })),
        total,
        ...request.query,
      });
    },
  );

  app.put(
    memberDeskPaths.tags,
    {
      onRequest: manage,
      schema: {
        tags,
        params: memberParams,
        body: memberTagsBodySchema,
        response: { 200: envelopeSchema(memberTagsValueSchema) },
      },
    },
    async (request) => ok(await setMemberTags(app.db, request, idOf(request.params), request.body)),
  );

  app.get(
    memberDeskPaths.tagOptions,
    { onRequest: read, schema: { tags, response: { 200: envelopeSchema(memberTagOptionListSchema) } } },
    async (request) => ok({ items: await listTagOptions(app.db, request.merchant.id) }),
  );

  app.post(
    memberDeskPaths.tagOptions,
    {
      onRequest: manage,
      schema: { tags, body: memberTagOptionBodySchema, response: { 200: envelopeSchema(memberTagOptionListSchema) } },
    },
    async (request) => ok({ items: await addTagOption(app.db, request, request.body.name) }),
  );

  app.get(
    memberDeskPaths.notes,
    {
      onRequest: read,
      schema: { tags, params: memberParams, response: { 200: envelopeSchema(memberNoteListSchema) } },
    },
    async (request) => ok(await listNotes(app.db, request.merchant.id, idOf(request.params))),
  );

  app.post(
    memberDeskPaths.notes,
    {
      onRequest: manage,
      schema: {
        tags,
        params: memberParams,
        body: memberNoteBodySchema,
        response: { 200: envelopeSchema(memberNoteListSchema) },
      },
    },
    async (request) => ok(await addNote(app.db, request, idOf(request.params), request.body.body)),
  );

  app.get(
    memberDeskPaths.agentTree,
    {
      onRequest: read,
      schema: {
        tags,
        params: memberParams,
        querystring: adminPageQuerySchema,
        response: { 200: envelopeSchema(memberAgentTreeSchema) },
      },
    },
    async (request) => ok(await getAgentTree(app.db, request.merchant.id, idOf(request.params), request.query)),
  );

  app.get(
    memberDeskPaths.linked,
    {
      onRequest: read,
      schema: { tags, params: memberParams, response: { 200: envelopeSchema(linkedMemberListSchema) } },
    },
    async (request) => ok(await listLinkedMembers(app.db, request.merchant.id, idOf(request.params))),
  );
}
