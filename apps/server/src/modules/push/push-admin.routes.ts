import {
  adminPushOverviewSchema,
  adminPushPaths,
  adminPushRotateKeyRequestSchema,
  adminPushRotateKeyResultSchema,
  adminPushTestRequestSchema,
  adminPushTestResultSchema,
  envelopeSchema,
} from '@lotus/contract';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { auditContext, recordAudit, requireOperator } from '../backoffice/index.ts';
import { readPushOverview } from './push-overview.ts';
import { rotateVapidKey, sendTestPush } from './push-admin.ts';

const tags = ['admin: push'];
const noStore = 'no-store';

/**
 * The back-office's push page: the merchant's counts and key (`push.read`), rotating the key and a test
 * notice to one member (`push.manage`), both audited.
 */
export async function pushAdminRoutes(app: AppInstance): Promise<void> {
  const secret = app.config.VENDOR_SECRET_KEY;

  app.get(
    adminPushPaths.overview,
    {
      onRequest: requireOperator('push.read'),
      schema: { tags, response: { 200: envelopeSchema(adminPushOverviewSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await readPushOverview(app.db, request.operator.merchantId, app.now()));
    },
  );

  app.post(
    adminPushPaths.rotateKey,
    {
      onRequest: requireOperator('push.manage'),
      schema: {
        tags,
        body: adminPushRotateKeyRequestSchema,
        response: { 200: envelopeSchema(adminPushRotateKeyResultSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const who = auditContext(request);
      const record = await rotateVapidKey(
        app.db,
        secret,
        { merchantId: who.merchantId, fingerprint: request.body.fingerprint, nowMs: who.nowMs },
        async (trx, { before, after }) => {
          await recordAudit(trx, {
            ...who,
            action: 'push.key.rotate',
            targetType: 'push_vapid_key',
            targetId: who.merchantId,
            before: { ...before },
            after: { ...after },
          });
        },
      );
      return ok({
        overview: await readPushOverview(app.db, who.merchantId, app.now()),
        staleSubscriptions: record.after.staleSubscriptions,
      });
    },
  );

  app.post(
    adminPushPaths.test,
    {
      onRequest: requireOperator('push.manage'),
      schema: { tags, body: adminPushTestRequestSchema, response: { 200: envelopeSchema(adminPushTestResultSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const who = auditContext(request);
      const memberId = BigInt(request.body.memberId);
      const result = await sendTestPush(app.db, {
        secret,
        merchantId: who.merchantId,
        memberId,
        brandName: request.merchant.config.brand.name,
        nowMs: who.nowMs,
        ...(app.pushAgent ? { agent: app.pushAgent } : {}),
      });
      await recordAudit(app.db, {
        ...who,
        action: 'push.test.send',
        targetType: 'member',
        targetId: memberId,
        before: null,
        after: { ...result },
      });
      return ok(result);
    },
  );
}
