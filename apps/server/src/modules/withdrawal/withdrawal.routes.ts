import {
  bankAccountSchema,
  bindBankAccountRequestSchema,
  changePaymentPasswordRequestSchema,
  confirmReceivedRequestSchema,
  envelopeSchema,
  paymentConfirmationListSchema,
  paymentPasswordStatusSchema,
  payoutSlipQuerySchema,
  proofImageMaxBytes,
  removeBankAccountRequestSchema,
  reportNotReceivedRequestSchema,
  setPaymentPasswordRequestSchema,
  updateBankAccountRequestSchema,
  withdrawAccountInfoSchema,
  withdrawalPaths,
  withdrawalSchema,
  withdrawReportQuerySchema,
  withdrawReportSchema,
  withdrawRequestSchema,
  withdrawSettingsSchema,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireRealMember } from '../identity/index.ts';
import {
  bindBankAccount,
  getWithdrawAccountInfo,
  removeBankAccount,
  updateBankAccount,
  type BankAccountContext,
} from './bank-accounts.ts';
import { getPayoutSlip, listMemberWithdrawals, listPaymentConfirmations } from './list-withdrawals.ts';
import {
  changePaymentPassword,
  getPaymentPasswordStatus,
  setPaymentPassword,
  type MemberScope,
  type PaymentPasswordContext,
} from './payment-password.ts';
import { getWithdrawSettings, requestWithdrawal, type WithdrawContext } from './request-withdrawal.ts';
import type { BonusTurnoverGate, TurnoverExclusion } from './turnover.ts';
import { withdrawalAdminRoutes } from './withdrawal-admin.routes.ts';
import { confirmReceived, reportNotReceived } from './withdrawal-transitions.ts';

const tags = ['withdrawals'];

/** Room for a 5 MB proof as base64 (4/3 of it) in JSON, and no more. */
const proofBodyLimitBytes = Math.ceil((proofImageMaxBytes * 4) / 3) + 64 * 1024;

/**
 * The member's payment password, bank accounts and withdrawals (README.md; the money history is the wallet module's). Every call is
 * a real member's (trial accounts get 403 `member.trial.forbidden`) and every answer is `no-store`.
 */
export async function withdrawalRoutes(
  app: AppInstance,
  options: { turnoverExclusion?: TurnoverExclusion; bonusGate?: BonusTurnoverGate } = {},
): Promise<void> {
  // Money and account answers are the member's alone: never kept by a browser or a proxy, errors included.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  const scopeOf = (request: FastifyRequest): MemberScope => ({
    merchantId: request.merchant.id,
    memberId: request.member.id,
    nowMs: app.now(),
  });
  const passwordContext = (request: FastifyRequest): PaymentPasswordContext => ({
    db: app.db,
    config: request.merchant.config.withdrawals,
    scope: scopeOf(request),
  });
  const accountContext = (request: FastifyRequest): BankAccountContext => ({
    db: app.db,
    merchant: request.merchant,
    scope: scopeOf(request),
    language: request.language,
  });
  const withdrawContext = (request: FastifyRequest): WithdrawContext => ({
    db: app.db,
    merchant: request.merchant,
    scope: scopeOf(request),
    language: request.language,
    ...(options.turnoverExclusion ? { turnoverExclusion: options.turnoverExclusion } : {}),
    ...(options.bonusGate ? { bonusGate: options.bonusGate } : {}),
  });
  const member = { onRequest: requireRealMember };

  /* Payment password. */
  app.get(
    withdrawalPaths.paymentPassword,
    { ...member, schema: { tags, response: { 200: envelopeSchema(paymentPasswordStatusSchema) } } },
    async (request) => ok(await getPaymentPasswordStatus(passwordContext(request))),
  );
  app.put(
    withdrawalPaths.setPaymentPassword,
    {
      ...member,
      config: { sealed: true },
      schema: { tags, body: setPaymentPasswordRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await setPaymentPassword(passwordContext(request), request.body);
      return ok(null);
    },
  );
  app.post(
    withdrawalPaths.changePaymentPassword,
    {
      ...member,
      config: { sealed: true },
      schema: { tags, body: changePaymentPasswordRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await changePaymentPassword(passwordContext(request), request.body);
      return ok(null);
    },
  );

  /* Bank accounts. */
  app.get(
    withdrawalPaths.withdrawAccountInfo,
    { ...member, schema: { tags, response: { 200: envelopeSchema(withdrawAccountInfoSchema) } } },
    async (request) => ok(await getWithdrawAccountInfo(accountContext(request))),
  );
  app.put(
    withdrawalPaths.bindBankAccount,
    {
      ...member,
      config: { sealed: true },
      schema: { tags, body: bindBankAccountRequestSchema, response: { 200: envelopeSchema(bankAccountSchema) } },
    },
    async (request) => ok(await bindBankAccount(accountContext(request), request.body)),
  );
  app.post(
    withdrawalPaths.updateBankAccount,
    {
      ...member,
      config: { sealed: true },
      schema: { tags, body: updateBankAccountRequestSchema, response: { 200: envelopeSchema(bankAccountSchema) } },
    },
    async (request) => ok(await updateBankAccount(accountContext(request), request.body)),
  );
  app.post(
    withdrawalPaths.removeBankAccount,
    {
      ...member,
      config: { sealed: true },
      schema: { tags, body: removeBankAccountRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await removeBankAccount(accountContext(request), request.body);
      return ok(null);
    },
  );

  /* Withdrawals. */
  app.get(
    withdrawalPaths.withdrawSettings,
    { ...member, schema: { tags, response: { 200: envelopeSchema(withdrawSettingsSchema) } } },
    async (request) => ok(await getWithdrawSettings(withdrawContext(request))),
  );
  app.post(
    withdrawalPaths.withdraw,
    {
      ...member,
      config: { sealed: true, idempotent: true },
      schema: { tags, body: withdrawRequestSchema, response: { 200: envelopeSchema(withdrawalSchema) } },
    },
    // The idempotency layer set the key (idempotent routes refuse a request without one).
    async (request) => ok(await requestWithdrawal(withdrawContext(request), request.idempotencyKey!, request.body)),
  );
  app.get(
    withdrawalPaths.withdrawReport,
    {
      ...member,
      schema: { tags, querystring: withdrawReportQuerySchema, response: { 200: envelopeSchema(withdrawReportSchema) } },
    },
    async (request) => ok(await listMemberWithdrawals(app.db, scopeOf(request), request.query, request.language)),
  );
  app.get(
    withdrawalPaths.paymentConfirmationList,
    { ...member, schema: { tags, response: { 200: envelopeSchema(paymentConfirmationListSchema) } } },
    async (request) => ok(await listPaymentConfirmations(app.db, scopeOf(request), request.language)),
  );
  app.post(
    withdrawalPaths.confirmReceived,
    {
      ...member,
      schema: { tags, body: confirmReceivedRequestSchema, response: { 200: envelopeSchema(withdrawalSchema) } },
    },
    async (request) =>
      ok(
        await confirmReceived(
          { db: app.db, scope: scopeOf(request), language: request.language },
          request.body.withdrawalId,
        ),
      ),
  );
  app.post(
    withdrawalPaths.reportNotReceived,
    {
      ...member,
      bodyLimit: proofBodyLimitBytes,
      schema: { tags, body: reportNotReceivedRequestSchema, response: { 200: envelopeSchema(withdrawalSchema) } },
    },
    async (request) =>
      ok(await reportNotReceived({ db: app.db, scope: scopeOf(request), language: request.language }, request.body)),
  );

  app.get(
    withdrawalPaths.payoutSlip,
    { ...member, schema: { tags, querystring: payoutSlipQuerySchema } },
    async (request, reply) => {
      // The member's own only: another member's id answers 404 like one that does not exist.
      const slip = await getPayoutSlip(
        app.db,
        { merchantId: request.merchant.id, memberId: request.member.id },
        request.query.withdrawalId,
      );
      return reply
        .type(slip.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header(
          'Content-Disposition',
          `inline; filename="payout-${request.query.withdrawalId}.${slip.contentType === 'image/png' ? 'png' : 'jpg'}"`,
        )
        .send(slip.content);
    },
  );

  await app.register(withdrawalAdminRoutes);
}
