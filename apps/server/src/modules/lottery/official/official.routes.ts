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
import type { FastifyRequest } from 'fastify';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { auditContext, requireOperator } from '../../backoffice/index.ts';
import { lotteryDayChangeRoutes } from './day-changes.routes.ts';
import { importResults } from './import-results.ts';
import {
  confirmResult,
  enterResult,
  listResultDraws,
  listResultEntries,
  rejectResult,
  type ResultActor,
} from './result-entries.ts';

const tags = ['lottery-results'];
const guard = requireOperator('lottery.results');
/** A file of 2,000 Vietnamese results is about 400 KB of text, in JSON. */
const importBodyLimit = 512 * 1024;

/**
 * Official results in the back-office (README, contract lottery-results.ts): entries, their blind
 * confirmation by a second operator, rejection, the draws to pick from, CSV import, and the calendars'
 * holiday day changes (day-changes.routes.ts). Every call needs `lottery.results`.
 */
export async function lotteryResultsRoutes(app: AppInstance): Promise<void> {
  const actor = (request: FastifyRequest): ResultActor => {
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
    adminLotteryResultPaths.entries,
    {
      onRequest: guard,
      schema: {
        tags,
        querystring: adminLotteryResultEntriesQuerySchema,
        response: { 200: envelopeSchema(adminLotteryResultEntriesSchema) },
      },
    },
    async (request) => ok(await listResultEntries(app.db, actor(request), request.query.status)),
  );

  app.post(
    adminLotteryResultPaths.enter,
    {
      onRequest: guard,
      schema: {
        tags,
        body: adminLotteryResultEnterRequestSchema,
        response: { 200: envelopeSchema(adminLotteryResultEntrySchema) },
      },
    },
    async (request) => {
      const { gameCode, numero, result, indexValues } = request.body;
      const given = indexValues ? { indexValues } : result!;
      return ok(await enterResult(app.db, actor(request), { gameCode, numero, result: given }, 'manual'));
    },
  );

  app.post(
    adminLotteryResultPaths.confirm,
    {
      onRequest: guard,
      schema: {
        tags,
        params: adminLotteryResultEntryParamsSchema,
        body: adminLotteryResultConfirmRequestSchema,
        response: { 200: envelopeSchema(adminLotteryResultEntrySchema) },
      },
    },
    async (request) => {
      const { result, indexValues } = request.body;
      return ok(
        await confirmResult(
          app.db,
          actor(request),
          BigInt(request.params.entryId),
          indexValues ? { indexValues } : result!,
        ),
      );
    },
  );

  app.post(
    adminLotteryResultPaths.reject,
    {
      onRequest: guard,
      schema: {
        tags,
        params: adminLotteryResultEntryParamsSchema,
        body: adminLotteryResultRejectRequestSchema,
        response: { 200: envelopeSchema(adminLotteryResultEntrySchema) },
      },
    },
    async (request) =>
      ok(await rejectResult(app.db, actor(request), BigInt(request.params.entryId), request.body.reason)),
  );

  app.get(
    adminLotteryResultPaths.draws,
    {
      onRequest: guard,
      schema: {
        tags,
        querystring: adminLotteryResultDrawsQuerySchema,
        response: { 200: envelopeSchema(adminLotteryResultDrawsSchema) },
      },
    },
    async (request) => ok(await listResultDraws(app.db, request.query.gameCode, app.now(), actor(request).language)),
  );

  app.post(
    adminLotteryResultPaths.import,
    {
      onRequest: guard,
      bodyLimit: importBodyLimit,
      schema: {
        tags,
        body: adminLotteryResultImportRequestSchema,
        response: { 200: envelopeSchema(adminLotteryResultImportSchema) },
      },
    },
    async (request) => ok(await importResults(app.db, actor(request), request.body.csv)),
  );

  await lotteryDayChangeRoutes(app);
}
