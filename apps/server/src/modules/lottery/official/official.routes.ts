import {
  adminLotteryResultConfirmRequestSchema,
  adminLotteryResultDrawsQuerySchema,
  adminLotteryResultDrawsSchema,
  adminLotteryResultEnterRequestSchema,
  adminLotteryResultEntriesQuerySchema,
  adminLotteryResultEntriesSchema,
  adminLotteryResultEntryParamsSchema,
  adminLotteryResultEntrySchema,
  adminLotteryResultImportRequestSchema,
  adminLotteryResultImportSchema,
  adminLotteryResultPaths,
  adminLotteryResultRejectRequestSchema,
  envelopeSchema,
} from '@lotus/contract';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { lotteryDayChangeRoutes } from './day-changes.routes.ts';
import { importResults } from './import-results.ts';
import { officialActorOf, officialAdminRoute } from './official-admin-route.ts';
import { confirmResult, enterResult, listResultDraws, listResultEntries, rejectResult } from './result-entries.ts';

/** A file of 2,000 Vietnamese results is about 400 KB of text, in JSON. */
const importBodyLimit = 512 * 1024;

/**
 * Official results in the back-office (README, contract lottery-results.ts): entries, their blind
 * confirmation by a second operator, rejection, the draws to pick from, CSV import, and the calendars'
 * holiday day changes (day-changes.routes.ts). Every call needs `lottery.results`.
 */
export async function lotteryResultsRoutes(app: AppInstance): Promise<void> {
  app.get(
    adminLotteryResultPaths.entries,
    officialAdminRoute({
      querystring: adminLotteryResultEntriesQuerySchema,
      response: { 200: envelopeSchema(adminLotteryResultEntriesSchema) },
    }),
    async (request) => ok(await listResultEntries(app.db, officialActorOf(request), request.query.status)),
  );

  app.post(
    adminLotteryResultPaths.enter,
    officialAdminRoute({
      body: adminLotteryResultEnterRequestSchema,
      response: { 200: envelopeSchema(adminLotteryResultEntrySchema) },
    }),
    async (request) => {
      const { gameCode, numero, result, indexValues } = request.body;
      const given = indexValues ? { indexValues } : result!;
      return ok(await enterResult(app.db, officialActorOf(request), { gameCode, numero, result: given }, 'manual'));
    },
  );

  app.post(
    adminLotteryResultPaths.confirm,
    officialAdminRoute({
      params: adminLotteryResultEntryParamsSchema,
      body: adminLotteryResultConfirmRequestSchema,
      response: { 200: envelopeSchema(adminLotteryResultEntrySchema) },
    }),
    async (request) => {
      const { result, indexValues } = request.body;
      return ok(
        await confirmResult(
          app.db,
          officialActorOf(request),
          BigInt(request.params.entryId),
          indexValues ? { indexValues } : result!,
        ),
      );
    },
  );

  app.post(
    adminLotteryResultPaths.reject,
    officialAdminRoute({
      params: adminLotteryResultEntryParamsSchema,
      body: adminLotteryResultRejectRequestSchema,
      response: { 200: envelopeSchema(adminLotteryResultEntrySchema) },
    }),
    async (request) =>
      ok(await rejectResult(app.db, officialActorOf(request), BigInt(request.params.entryId), request.body.reason)),
  );

  app.get(
    adminLotteryResultPaths.draws,
    officialAdminRoute({
      querystring: adminLotteryResultDrawsQuerySchema,
      response: { 200: envelopeSchema(adminLotteryResultDrawsSchema) },
    }),
    async (request) =>
      ok(await listResultDraws(app.db, request.query.gameCode, app.now(), officialActorOf(request).language)),
  );

  app.post(
    adminLotteryResultPaths.import,
    officialAdminRoute(
      {
        body: adminLotteryResultImportRequestSchema,
        response: { 200: envelopeSchema(adminLotteryResultImportSchema) },
      },
      { bodyLimit: importBodyLimit },
    ),
    async (request) => ok(await importResults(app.db, officialActorOf(request), request.body.csv)),
  );

  await lotteryDayChangeRoutes(app);
}
