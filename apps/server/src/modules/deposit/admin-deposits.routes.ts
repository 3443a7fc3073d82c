import {
  adminAnswerDepositQuestionBodySchema,
  adminApproveDepositBodySchema,
  adminDepositChannelsSchema,
  adminDepositIdQuerySchema,
  adminDepositListQuerySchema,
  adminDepositPageSchema,
  adminDepositSchema,
  adminRejectDepositBodySchema,
  adminUpdateDepositChannelsBodySchema,
  depositErrorCodes,
  depositPaths,
  envelopeSchema,
} from '@lotus/contract';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { auditContext, requireOperator } from '../backoffice/index.ts';
import {
  findAdminDeposit,
  getAdminChannels,
  listAdminDeposits,
  reviewDeposit,
  updateAdminChannels,
} from './admin-deposits.ts';
import { answerDepositQuestion } from './deposit-questions.ts';
import { findDepositProof } from './proofs.ts';

const tags = ['admin: deposits'];
const noStore = 'no-store';

/**
 * The operators' deposit calls (`/admin-api/deposits...`): the review queue, the proof, approve and
 * reject, answering a member's question (`deposits.review`), and the channel settings (`channels.manage`). The guard runs as an
 * `onRequest` hook, so a caller without a token is refused before the body is even read.
 */
export async function registerAdminDepositRoutes(app: AppInstance): Promise<void> {
  const review = requireOperator('deposits.review');
  const manageChannels = requireOperator('channels.manage');

  app.get(
    depositPaths.adminList,
    {
      onRequest: review,
      schema: {
        tags,
        querystring: adminDepositListQuerySchema,
        response: { 200: envelopeSchema(adminDepositPageSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listAdminDeposits(app.db, request.operator.merchantId, request.query, app.now()));
    },
  );

  app.get(
    depositPaths.adminDetail,
    {
      onRequest: review,
      schema: { tags, querystring: adminDepositIdQuerySchema, response: { 200: envelopeSchema(adminDepositSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const deposit = await findAdminDeposit(app.db, request.operator.merchantId, request.query.depositId, app.now());
      if (!deposit) throw new AppError(404, depositErrorCodes.notFound);
      return ok(deposit);
    },
  );

  app.get(
    depositPaths.adminProof,
    { onRequest: review, schema: { tags, querystring: adminDepositIdQuerySchema } },
    async (request, reply) => {
      const proof = await findDepositProof(app.db, request.operator.merchantId, request.query.depositId);
      if (!proof) throw new AppError(404, depositErrorCodes.notFound);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header(
          'Content-Disposition',
          `inline; filename="deposit-${request.query.depositId}.${proof.contentType === 'image/png' ? 'png' : 'jpg'}"`,
        )
        .type(proof.contentType)
        .send(proof.content);
    },
  );

  app.post(
    depositPaths.adminApprove,
    {
      onRequest: review,
      schema: { tags, body: adminApproveDepositBodySchema, response: { 200: envelopeSchema(adminDepositSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const decision = { action: 'approve' as const, remark: request.body.remark ?? null };
      return ok(
        await reviewDeposit(app.db, auditContext(request), request.operator.username, request.body.depositId, decision),
      );
    },
  );

  app.post(
    depositPaths.adminReject,
    {
      onRequest: review,
      schema: { tags, body: adminRejectDepositBodySchema, response: { 200: envelopeSchema(adminDepositSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const decision = { action: 'reject' as const, reason: request.body.reason };
      return ok(
        await reviewDeposit(app.db, auditContext(request), request.operator.username, request.body.depositId, decision),
      );
    },
  );

  app.post(
    depositPaths.adminAnswerQuestion,
    {
      onRequest: review,
      schema: {
        tags,
        body: adminAnswerDepositQuestionBodySchema,
        response: { 200: envelopeSchema(adminDepositSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const audit = auditContext(request);
      return ok(
        await answerDepositQuestion(app.db, audit, request.operator.username, request.body, (depositId) =>
          findAdminDeposit(app.db, audit.merchantId, depositId, audit.nowMs),
        ),
      );
    },
  );

  app.get(
    depositPaths.adminChannels,
    { onRequest: manageChannels, schema: { tags, response: { 200: envelopeSchema(adminDepositChannelsSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await getAdminChannels(app.db, app.config, request.operator.merchantId));
    },
  );

  app.put(
    depositPaths.adminUpdateChannels,
    {
      onRequest: manageChannels,
      schema: {
        tags,
        body: adminUpdateDepositChannelsBodySchema,
        response: { 200: envelopeSchema(adminDepositChannelsSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await updateAdminChannels(app.db, app.config, auditContext(request), request.body));
    },
  );
}
