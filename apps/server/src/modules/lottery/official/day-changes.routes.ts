import {
  adminLotteryDayChangeAddedSchema,
  adminLotteryDayChangeAddRequestSchema,
  adminLotteryDayChangeParamsSchema,
  adminLotteryDayChangePaths,
  adminLotteryDayChangesQuerySchema,
  adminLotteryDayChangesSchema,
  envelopeSchema,
} from '@lotus/contract';
import { z } from 'zod';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { addDayChange, listDayChanges, removeDayChange } from './day-changes.ts';
import { officialActorOf, officialAdminRoute } from './official-admin-route.ts';

/**
 * Holiday day changes of the official calendars (day-changes.ts, contract lottery-day-changes.ts):
 * list, add, remove. `lottery.results`, as results: the calendars are every brand's. Registered by
 * lotteryResultsRoutes.
 */
export async function lotteryDayChangeRoutes(app: AppInstance): Promise<void> {
  app.get(
    adminLotteryDayChangePaths.list,
    officialAdminRoute({
      querystring: adminLotteryDayChangesQuerySchema,
      response: { 200: envelopeSchema(adminLotteryDayChangesSchema) },
    }),
    async (request) => ok(await listDayChanges(app.db, officialActorOf(request), request.query.gameCode)),
  );

  app.post(
    adminLotteryDayChangePaths.add,
    officialAdminRoute({
      body: adminLotteryDayChangeAddRequestSchema,
      response: { 200: envelopeSchema(adminLotteryDayChangeAddedSchema) },
    }),
    async (request) => ok(await addDayChange(app.db, officialActorOf(request), request.body)),
  );

  app.delete(
    adminLotteryDayChangePaths.remove,
    officialAdminRoute({
      params: adminLotteryDayChangeParamsSchema,
      response: { 200: envelopeSchema(z.object({ removed: z.literal(true) })) },
    }),
    async (request) =>
      ok(await removeDayChange(app.db, officialActorOf(request), request.params.gameCode, request.params.scheduledDay)),
  );
}
