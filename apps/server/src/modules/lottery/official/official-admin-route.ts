import type { FastifyRequest, FastifySchema } from 'fastify';
import { auditContext, requireOperator } from '../../backoffice/index.ts';
import type { ResultActor } from './result-entries.ts';

/** Results and the calendars' day changes are every brand's, so one permission covers all their calls. */
const guard = requireOperator('lottery.results');

/**
 * The options every back-office route on official results starts with (official.routes.ts,
 * day-changes.routes.ts): the `lottery.results` guard and the OpenAPI tag, around the route's own
 * schema; `bodyLimit` for the CSV import alone.
 */
export function officialAdminRoute<Schema extends FastifySchema>(schema: Schema, options: { bodyLimit?: number } = {}) {
  return { onRequest: guard, ...options, schema: { tags: ['lottery-results'], ...schema } };
}

/**
 * The operator behind such a call, as the services audit it (the same shape result-entries.ts and
 * day-changes.ts take): who, for which brand, from where, when, and the language of the names in
 * the answer.
 */
export function officialActorOf(request: FastifyRequest): ResultActor {
  const context = auditContext(request);
  return {
    operatorId: context.operatorId!,
    merchantId: context.merchantId,
    ip: context.ip,
    nowMs: context.nowMs,
    language: request.language === 'TH' ? 'TH' : 'EN',
  };
}
