import {
  adminBonusPaths,
  adminBonusSettingsRequestSchema,
  adminBonusSettingsSchema,
  bonusDetailsQuerySchema,
  bonusDetailsSchema,
  bonusPaths,
  envelopeSchema,
  formatMinorUnits,
  turnoverInfoSchema,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { auditContext, requireOperator } from '../backoffice/index.ts';
import { requireRealMember } from '../identity/index.ts';
import { listBonusDetails, type PromotionNames } from './bonus-details.ts';
import { readBonusSettings, updateBonusSettings } from './bonus-settings.ts';
import { getTurnoverInfo } from './turnover-info.ts';

const tags = ['bonus'];
/** A member's money: never kept by a browser cache or a proxy. */
const noStore = 'no-store';

/**
 * The member's bonus calls (real members: the member centre's `bonusDetails`, the withdraw page's
 * turnover) and the back-office's bonus rules (`promotions.manage`). `promotionNames` names the
 * promotion grants in bonus details (promotions sits above bonus: modules/routes.ts hands it in).
 */
export async function bonusRoutes(app: AppInstance, options: { promotionNames: PromotionNames }): Promise<void> {
  const scope = (request: FastifyRequest) => ({
    merchantId: request.merchant.id,
    memberId: request.member.id,
    currency: request.merchant.currency,
    nowMs: app.now(),
  });

  app.get(
    bonusPaths.turnoverInfo,
    { onRequest: requireRealMember, schema: { tags, response: { 200: envelopeSchema(turnoverInfoSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const info = await app.db.transaction().execute((trx) => getTurnoverInfo(trx, scope(request)));
      return ok({
        status: info.status,
        totalRequiredTurnover: formatMinorUnits(info.totalRequiredMinor),
        totalActualTurnover: formatMinorUnits(info.totalActualMinor),
        details: info.details.map((line) => ({
          gameType: line.gameType,
          requiredTurnover: formatMinorUnits(line.requiredMinor),
          actualTurnover: formatMinorUnits(line.actualMinor),
        })),
      });
    },
  );

  app.get(
    bonusPaths.bonusDetails,
    {
      onRequest: requireRealMember,
      schema: { tags, querystring: bonusDetailsQuerySchema, response: { 200: envelopeSchema(bonusDetailsSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(
        await listBonusDetails(
          app.db,
          { ...scope(request), language: request.language },
          options.promotionNames,
          request.query.status,
        ),
      );
    },
  );

  app.get(
    adminBonusPaths.settings,
    {
      onRequest: requireOperator('promotions.manage'),
      schema: { tags: ['backoffice'], response: { 200: envelopeSchema(adminBonusSettingsSchema) } },
    },
    async (request) => ok(await readBonusSettings(app.db, request.operator.merchantId)),
  );

  app.put(
    adminBonusPaths.settings,
    {
      onRequest: requireOperator('promotions.manage'),
      schema: {
        tags: ['backoffice'],
        body: adminBonusSettingsRequestSchema,
        response: { 200: envelopeSchema(adminBonusSettingsSchema) },
      },
    },
    async (request) => ok(await updateBonusSettings(app.db, auditContext(request), request.body)),
  );
}
