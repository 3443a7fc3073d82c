import {
  adminFeedbackPageSchema,
  adminFeedbackQuerySchema,
  adminFeedbackSchema,
  answerFeedbackBodySchema,
  closeFeedbackBodySchema,
  envelopeSchema,
  feedbackParamsSchema,
  feedbackPaths,
  feedbackRequestSchema,
  memberFeedbackPageSchema,
  memberFeedbackQuerySchema,
  memberFeedbackRequestSchema,
} from '@lotus/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { auditContext, requireOperator } from '../backoffice/index.ts';
import { requireMember } from '../identity/index.ts';
import { createFeedback, createMemberFeedback } from './create-feedback.ts';
import { answerFeedback, closeFeedback, listFeedbackDesk, type DeskActor } from './feedback-desk.ts';
import { listMemberFeedback } from './list-member-feedback.ts';

const tags = ['feedback'];

/** Feedback needs no login, so it is throttled per IP to keep the operator's desk usable. */
const feedbackRateLimit = { max: 5, timeWindow: '10 minutes' };

/** The site's feedback calls (visitor and member) and the back-office's feedback desk. */
export async function feedbackRoutes(app: AppInstance): Promise<void> {
  app.put(
    feedbackPaths.visitor,
    {
      config: { rateLimit: feedbackRateLimit },
      schema: { tags, body: feedbackRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await createFeedback(app.db, request.merchant.id, request.body, request.ip);
      return ok(null);
    },
  );

  app.post(
    feedbackPaths.mine,
    {
      onRequest: requireMember,
      config: { rateLimit: feedbackRateLimit },
      schema: {
        tags,
        body: memberFeedbackRequestSchema,
        response: { 200: envelopeSchema(z.object({ id: z.string() })) },
      },
    },
    async (request) =>
      ok(
        await createMemberFeedback(
          app.db,
          { merchantId: request.merchant.id, memberId: request.member.id },
          request.body,
          request.ip,
        ),
      ),
  );

  app.get(
    feedbackPaths.mine,
    {
      onRequest: requireMember,
      schema: {
        tags,
        querystring: memberFeedbackQuerySchema,
        response: { 200: envelopeSchema(memberFeedbackPageSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(
        await listMemberFeedback(
          app.db,
          { merchantId: request.merchant.id, memberId: request.member.id },
          request.query,
        ),
      );
    },
  );

  app.get(
    feedbackPaths.adminList,
    {
      onRequest: requireOperator('feedback.manage'),
      schema: {
        tags,
        querystring: adminFeedbackQuerySchema,
        response: { 200: envelopeSchema(adminFeedbackPageSchema) },
      },
    },
    async (request) => ok(await listFeedbackDesk(app.db, request.operator.merchantId, request.query)),
  );

  app.put(
    feedbackPaths.adminAnswer,
    {
      onRequest: requireOperator('feedback.manage'),
      schema: {
        tags,
        params: feedbackParamsSchema,
        body: answerFeedbackBodySchema,
        response: { 200: envelopeSchema(adminFeedbackSchema) },
      },
    },
    async (request) =>
      ok(await answerFeedback(app.db, deskActor(request), BigInt(request.params.feedbackId), request.body)),
  );

  app.post(
    feedbackPaths.adminClose,
    {
      onRequest: requireOperator('feedback.manage'),
      schema: {
        tags,
        params: feedbackParamsSchema,
        body: closeFeedbackBodySchema,
        response: { 200: envelopeSchema(adminFeedbackSchema) },
      },
    },
    async (request) =>
      ok(await closeFeedback(app.db, deskActor(request), BigInt(request.params.feedbackId), request.body)),
  );
}

function deskActor(request: Parameters<typeof auditContext>[0]): DeskActor {
  return { ...auditContext(request), operatorId: request.operator.id };
}
