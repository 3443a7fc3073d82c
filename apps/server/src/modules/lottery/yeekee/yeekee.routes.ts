import {
  envelopeSchema,
  launchErrorCodes,
  lotteryYeekeePaths,
  lotteryYeekeeShootRequestSchema,
  lotteryYeekeeShootResultSchema,
  lotteryYeekeeSubmissionsQuerySchema,
  lotteryYeekeeSubmissionsSchema,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { hashToken, requireRealMember } from '../../identity/index.ts';
import { listYeekeeSubmissions } from './list-submissions.ts';
import { shootNumber } from './shoot-number.ts';

const tags = ['lottery'];

/**
 * The 5-second rule is the service's (per member, under the round's lock); this only stops a script
 * hammering the call with refusals. Counted per session, like the bets.
 */
const shootLimit = {
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    `yeekee:${request.headers.authorization ? hashToken(request.headers.authorization) : request.ip}`,
};

/**
 * Yee-Kee (README): shooting a number (real members; a trial account's numbers would move a real
 * result) and the public list of a round's shots, read by anyone to recompute the result. Answers are
 * never cached (the list grows every second).
 */
export async function yeekeeRoutes(app: AppInstance): Promise<void> {
  app.post(
    lotteryYeekeePaths.shoot,
    {
      onRequest: requireRealMember,
      config: { rateLimit: shootLimit },
      schema: {
        tags,
        body: lotteryYeekeeShootRequestSchema,
        response: { 200: envelopeSchema(lotteryYeekeeShootResultSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (request.member.gamesForbidden) throw new AppError(403, launchErrorCodes.gamesForbidden);
      return ok(
        await shootNumber(
          app.db,
          { merchantId: request.merchant.id, memberId: request.member.id },
          request.body,
          app.now(),
        ),
      );
    },
  );

  app.get(
    lotteryYeekeePaths.submissions,
    {
      schema: {
        tags,
        querystring: lotteryYeekeeSubmissionsQuerySchema,
        response: { 200: envelopeSchema(lotteryYeekeeSubmissionsSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await listYeekeeSubmissions(app.db, request.query, app.now()));
    },
  );
}
