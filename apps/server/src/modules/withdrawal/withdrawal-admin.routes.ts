import {
  adminApproveWithdrawalRequestSchema,
  adminConfirmSecondApprovalRequestSchema,
  adminReturnSecondApprovalRequestSchema,
  adminSecondApprovalPageSchema,
  adminSecondApprovalQuerySchema,
  adminForceReceivedRequestSchema,
  adminRejectWithdrawalRequestSchema,
  adminWithdrawalIdQuerySchema,
  adminWithdrawalListQuerySchema,
  adminWithdrawalListSchema,
  adminWithdrawalSchema,
  envelopeSchema,
  proofImageMaxBytes,
  withdrawalPaths,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { auditContext, recordAudit, requireOperator } from '../backoffice/index.ts';
import {
  describeForOperator,
  getPayoutSlip,
  getWithdrawalForOperator,
  getWithdrawalProof,
  listWithdrawalsForReview,
} from './list-withdrawals.ts';
import { confirmSecondApproval, listSecondApprovals, returnSecondApproval } from './withdrawal-second-approval.ts';
import {
  approveWithdrawal,
  forceReceived,
  readPayout,
  rejectWithdrawal,
  type OperatorActionContext,
} from './withdrawal-transitions.ts';

const tags = ['backoffice', 'withdrawals'];

/** Room for a 5 MB payout slip as base64 (4/3 of it) in JSON, and no more. */
const slipBodyLimitBytes = Math.ceil((proofImageMaxBytes * 4) / 3) + 64 * 1024;

/**
 * The operator's withdrawal desk (`/admin-api/withdrawals...`, permission `withdrawals.review`):
 * the review queue, one withdrawal, its not-received proof and payout slip, approve (pay, with the
 * bank's reference and an optional slip), reject with a reason, force received. Each action is one
 * transaction with its ledger posting and its audit row. A payout above the merchant's approval
 * threshold waits for a second operator (`approvals.review`, never the one who asked): the
 * `secondApprovals` calls list, confirm and return those.
 */
export async function withdrawalAdminRoutes(app: AppInstance): Promise<void> {
  const guard = { onRequest: requireOperator('withdrawals.review') };
  const secondGuard = { onRequest: requireOperator('approvals.review') };
  const languageOf = (request: FastifyRequest) => request.language ?? 'TH';

  const actionContext = (request: FastifyRequest): OperatorActionContext => {
    const merchant = request.merchant;
    const context = auditContext(request);
    return {
      db: app.db,
      merchantId: request.operator.merchantId,
      currency: merchant.currency,
      confirmMinutes: merchant.config.withdrawals.confirmMinutes,
      operatorId: request.operator.id,
      nowMs: context.nowMs,
      audit: (trx, entry) => recordAudit(trx, { ...context, targetType: 'withdrawal', ...entry }),
    };
  };

  app.get(
    withdrawalPaths.adminList,
    {
      ...guard,
      schema: {
        tags,
        querystring: adminWithdrawalListQuerySchema,
        response: { 200: envelopeSchema(adminWithdrawalListSchema) },
      },
    },
    async (request) =>
      ok(await listWithdrawalsForReview(app.db, request.operator.merchantId, request.query, languageOf(request))),
  );
  app.get(
    withdrawalPaths.adminDetail,
    {
      ...guard,
      schema: {
        tags,
        querystring: adminWithdrawalIdQuerySchema,
        response: { 200: envelopeSchema(adminWithdrawalSchema) },
      },
    },
    async (request) =>
      ok(
        await getWithdrawalForOperator(
          app.db,
          request.operator.merchantId,
          request.query.withdrawalId,
          languageOf(request),
        ),
      ),
  );
  app.get(
    withdrawalPaths.adminProof,
    { ...guard, schema: { tags, querystring: adminWithdrawalIdQuerySchema } },
    async (request, reply) => {
      const proof = await getWithdrawalProof(app.db, request.operator.merchantId, request.query.withdrawalId);
      // Served as the image it was checked to be, never sniffed into anything else.
      return reply
        .type(proof.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .send(proof.content);
    },
  );
  app.get(
    withdrawalPaths.adminPayoutSlip,
    { ...guard, schema: { tags, querystring: adminWithdrawalIdQuerySchema } },
    async (request, reply) => {
      const slip = await getPayoutSlip(app.db, { merchantId: request.operator.merchantId }, request.query.withdrawalId);
      return reply
        .type(slip.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .send(slip.content);
    },
  );
  app.post(
    withdrawalPaths.adminApprove,
    {
      ...guard,
      bodyLimit: slipBodyLimitBytes,
      schema: {
        tags,
        body: adminApproveWithdrawalRequestSchema,
        response: { 200: envelopeSchema(adminWithdrawalSchema) },
      },
    },
    async (request) => {
      // The reference and the slip are checked before the withdrawal is even read.
      const payout = readPayout(request.body);
      return ok(
        await describeForOperator(
          app.db,
          await approveWithdrawal(actionContext(request), request.body.withdrawalId, payout),
          languageOf(request),
        ),
      );
    },
  );
  app.post(
    withdrawalPaths.adminReject,
    {
      ...guard,
      schema: {
        tags,
        body: adminRejectWithdrawalRequestSchema,
        response: { 200: envelopeSchema(adminWithdrawalSchema) },
      },
    },
    async (request) =>
      ok(
        await describeForOperator(
          app.db,
          await rejectWithdrawal(actionContext(request), request.body.withdrawalId, request.body.reason),
          languageOf(request),
        ),
      ),
  );
  app.post(
    withdrawalPaths.adminForceReceived,
    {
      ...guard,
      schema: { tags, body: adminForceReceivedRequestSchema, response: { 200: envelopeSchema(adminWithdrawalSchema) } },
    },
    async (request) =>
      ok(
        await describeForOperator(
          app.db,
          await forceReceived(actionContext(request), request.body.withdrawalId, request.body.remark || null),
          languageOf(request),
        ),
      ),
  );

  app.get(
    withdrawalPaths.adminSecondApprovals,
    {
      ...secondGuard,
      schema: {
        tags,
        querystring: adminSecondApprovalQuerySchema,
        response: { 200: envelopeSchema(adminSecondApprovalPageSchema) },
      },
    },
    async (request) =>
      ok(await listSecondApprovals(app.db, request.operator.merchantId, request.query.status, languageOf(request))),
  );
  app.post(
    withdrawalPaths.adminConfirmSecondApproval,
    {
      ...secondGuard,
      schema: {
        tags,
        body: adminConfirmSecondApprovalRequestSchema,
        response: { 200: envelopeSchema(adminWithdrawalSchema) },
      },
    },
    async (request) =>
      ok(
        await describeForOperator(
          app.db,
          await confirmSecondApproval(actionContext(request), request.body.withdrawalId),
          languageOf(request),
        ),
      ),
  );
  app.post(
    withdrawalPaths.adminReturnSecondApproval,
    {
      ...secondGuard,
      schema: {
        tags,
        body: adminReturnSecondApprovalRequestSchema,
        response: { 200: envelopeSchema(adminWithdrawalSchema) },
      },
    },
    async (request) =>
      ok(
        await describeForOperator(
          app.db,
          await returnSecondApproval(actionContext(request), request.body.withdrawalId, request.body.reason),
          languageOf(request),
        ),
      ),
  );
}
