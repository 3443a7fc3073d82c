import {
  adminRebatePaths,
  adminRebateSettingsRequestSchema,
  adminRebateSettingsSchema,
  customerRebateSettingSchema,
  envelopeSchema,
  rebateDisburseRequestSchema,
  rebateDisburseResultSchema,
  rebateHistoryQuerySchema,
  rebateHistorySchema,
  rebatePaths,
  rebateRemainingQuerySchema,
  rebateRemainingSchema,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { auditContext, requireOperator } from '../backoffice/index.ts';
import { requireRealMember } from '../identity/index.ts';
import { merchantTimeZone } from '../merchant/index.ts';
import { disburseRebate, getRemainingRebate, type MemberRebateContext } from './manual-rebate.ts';
import { listRebateHistory } from './rebate-history.ts';
import { findRebateRules, toAdminSetting, toCustomerSetting } from './rebate-rules.ts';
import { updateRebateSettings } from './update-rebate-settings.ts';

const tags = ['rebates'];
/** A member's rebate answers are its own: never kept by a browser cache or a proxy. */
const noStore = 'no-store';
/** A person claims a few times a day; parallel copies are safe, a script's loop is stopped. */
const claimLimit = { max: 60, timeWindow: '1 minute' };

/** The member's rebate calls (member centre) and the back-office's settings. */
export async function rebatesRoutes(app: AppInstance): Promise<void> {
  const memberContext = (request: FastifyRequest): MemberRebateContext => ({
    merchantId: request.merchant.id,
    memberId: request.member.id,
    currency: request.merchant.currency,
    timezone: merchantTimeZone(request.merchant.config),
    nowMs: app.now(),
  });

  app.get(
    rebatePaths.remaining,
    {
      onRequest: requireRealMember,
      schema: {
        tags,
        querystring: rebateRemainingQuerySchema,
        response: { 200: envelopeSchema(rebateRemainingSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await getRemainingRebate(app.db, memberContext(request), request.query.date));
    },
  );

  app.post(
    rebatePaths.disburse,
    {
      onRequest: requireRealMember,
      config: { rateLimit: claimLimit },
      schema: {
        tags,
        body: rebateDisburseRequestSchema,
        response: { 200: envelopeSchema(rebateDisburseResultSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await disburseRebate(app.db, memberContext(request), request.body));
    },
  );

  app.get(
    rebatePaths.settings,
    { onRequest: requireRealMember, schema: { tags, response: { 200: envelopeSchema(customerRebateSettingSchema) } } },
    async (request) => ok(toCustomerSetting(await findRebateRules(app.db, request.merchant.id))),
  );

  app.get(
    rebatePaths.history,
    {
      onRequest: requireRealMember,
      schema: { tags, querystring: rebateHistoryQuerySchema, response: { 200: envelopeSchema(rebateHistorySchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(
        await listRebateHistory(
          app.db,
          { merchantId: request.merchant.id, memberId: request.member.id },
          request.query,
        ),
      );
    },
  );

  app.get(
    adminRebatePaths.settings,
    {
      onRequest: requireOperator('brands.manage'),
      schema: { tags, response: { 200: envelopeSchema(adminRebateSettingsSchema) } },
    },
    async (request) => ok(toAdminSetting(await findRebateRules(app.db, request.operator.merchantId))),
  );

  app.put(
    adminRebatePaths.settings,
    {
      onRequest: requireOperator('brands.manage'),
      schema: {
        tags,
        body: adminRebateSettingsRequestSchema,
        response: { 200: envelopeSchema(adminRebateSettingsSchema) },
      },
    },
    async (request) => ok(toAdminSetting(await updateRebateSettings(app.db, auditContext(request), request.body))),
  );
}
