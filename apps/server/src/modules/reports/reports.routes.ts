import {
  dailySummaryReportSchema,
  envelopeSchema,
  gameReportSchema,
  memberReportSchema,
  paymentReportSchema,
  reportMembersQuerySchema,
  reportRangeQuerySchema,
  reportsPaths,
} from '@lotus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireOperator } from '../backoffice/index.ts';
import { merchantTimeZone } from '../merchant/index.ts';
import { dailySummaryReport, gameReport, memberReport, paymentReport, type ReportRequest } from './read-reports.ts';
import { dailySummaryCsv, gameCsv, memberCsv, paymentCsv } from './report-csv.ts';

const tags = ['reports'];

function reportRequest(request: FastifyRequest, range: { from: string; to: string }): ReportRequest {
  return {
    merchant: { id: request.merchant.id, timezone: merchantTimeZone(request.merchant.config) },
    from: range.from,
    to: range.to,
    nowMs: request.server.now(),
    language: request.language === 'EN' ? 'EN' : 'TH',
  };
}

function sendCsv(reply: FastifyReply, name: string, range: { from: string; to: string }, body: string): string {
  reply.header('Cache-Control', 'no-store');
  reply.header('Content-Type', 'text/csv; charset=utf-8');
  reply.header('Content-Disposition', `attachment; filename="${name}-${range.from}-${range.to}.csv"`);
  return body;
}

/**
 * The reports (`/admin-api/reports/*`, README.md), all behind `reports.read`, each as JSON and as CSV.
 * The merchant is the operator's; its days are those of its time zone.
 */
export async function reportsRoutes(app: AppInstance): Promise<void> {
  const guard = requireOperator('reports.read');
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
  };

  app.get(
    reportsPaths.daily,
    {
      onRequest: [guard, noStore],
      schema: {
        tags,
        querystring: reportRangeQuerySchema,
        response: { 200: envelopeSchema(dailySummaryReportSchema) },
      },
    },
    async (request) => ok(await dailySummaryReport(app.db, reportRequest(request, request.query))),
  );
  app.get(
    reportsPaths.dailyCsv,
    { onRequest: guard, schema: { tags, querystring: reportRangeQuerySchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        'daily-summary',
        request.query,
        dailySummaryCsv(await dailySummaryReport(app.db, reportRequest(request, request.query))),
      ),
  );

  app.get(
    reportsPaths.games,
    {
      onRequest: [guard, noStore],
      schema: { tags, querystring: reportRangeQuerySchema, response: { 200: envelopeSchema(gameReportSchema) } },
    },
    async (request) => ok(await gameReport(app.db, reportRequest(request, request.query))),
  );
  app.get(
    reportsPaths.gamesCsv,
    { onRequest: guard, schema: { tags, querystring: reportRangeQuerySchema } },
    async (request, reply) =>
      sendCsv(reply, 'games', request.query, gameCsv(await gameReport(app.db, reportRequest(request, request.query)))),
  );

  app.get(
    reportsPaths.payments,
    {
      onRequest: [guard, noStore],
      schema: { tags, querystring: reportRangeQuerySchema, response: { 200: envelopeSchema(paymentReportSchema) } },
    },
    async (request) => ok(await paymentReport(app.db, reportRequest(request, request.query))),
  );
  app.get(
    reportsPaths.paymentsCsv,
    { onRequest: guard, schema: { tags, querystring: reportRangeQuerySchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        'payments',
        request.query,
        paymentCsv(await paymentReport(app.db, reportRequest(request, request.query))),
      ),
  );

  app.get(
    reportsPaths.members,
    {
      onRequest: [guard, noStore],
      schema: { tags, querystring: reportMembersQuerySchema, response: { 200: envelopeSchema(memberReportSchema) } },
    },
    async (request) =>
      ok(await memberReport(app.db, { ...reportRequest(request, request.query), limit: request.query.limit })),
  );
  app.get(
    reportsPaths.membersCsv,
    { onRequest: guard, schema: { tags, querystring: reportMembersQuerySchema } },
    async (request, reply) =>
      sendCsv(
        reply,
        'members',
        request.query,
        memberCsv(await memberReport(app.db, { ...reportRequest(request, request.query), limit: request.query.limit })),
      ),
  );
}
