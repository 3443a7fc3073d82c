import {
  adminLotteryDayChangeAddedSchema,
  adminLotteryDayChangeAddRequestSchema,
  adminLotteryDayChangeParamsSchema,
  adminLotteryDayChangePaths,
  adminLotteryDayChangesQuerySchema,
  adminLotteryDayChangesSchema,
  envelopeSchema,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { auditContext, requireOperator } from '../../backoffice/index.ts';
import { addDayChange, listDayChanges, removeDayChange, type DayChangeActor } from './day-changes.ts';

const tags = ['lottery-results'];
const guard = requireOperator('lottery.results');

/**
 * Holiday day changes of the official calendars (day-changes.ts, contract lottery-day-changes.ts):
 * list, add, remove. `lottery.results`, as results: the calendars are every brand's. Registered by
 * lotteryResultsRoutes.
 */
export async function lotteryDayChangeRoutes(app: AppInstance): Promise<void> {
  const actor = (request: FastifyRequest): DayChangeActor => {
    const context = auditContext(request);
    return {
      operatorId: context.operatorId!,
      merchantId: context.merchantId,
      ip: context.ip,
      nowMs: context.nowMs,
      language: request.language === 'TH' ? 'TH' : 'EN',
    };
  };

  app.get(
    adminLotteryDayChangePaths.list,
    {
      onRequest: guard,
      schema: {
        tags,
        querystring: adminLotteryDayChangesQuerySchema,
        response: { 200: envelopeSchema(adminLotteryDayChangesSchema) },
      },
    },
    async (request) => ok(await listDayChanges(app.db, actor(request), request.query.gameCode)),
  );

  app.post(
    adminLotteryDayChangePaths.add,
    {
      onRequest: guard,
      schema: {
        tags,
        body: adminLotteryDayChangeAddRequestSchema,
        response: { 200: envelopeSchema(adminLotteryDayChangeAddedSchema) },
      },
    },
    async (request) => ok(await addDayChange(app.db, actor(request), request.body)),
  );

  app.delete(
    adminLotteryDayChangePaths.remove,
    {
      onRequest: guard,
      schema: {
        tags,
        params: adminLotteryDayChangeParamsSchema,
        response: { 200: envelopeSchema(z.object({ removed: z.literal(true) })) },
      },
    },
    async (request) =>
      ok(await removeDayChange(app.db, actor(request), request.params.gameCode, request.params.scheduledDay)),
  );
}
