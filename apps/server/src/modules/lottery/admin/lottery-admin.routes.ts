import {
  adminLotteryBookQuerySchema,
  adminLotteryBookSchema,
  adminLotteryCancelDrawRequestSchema,
  adminLotteryCancelDrawResultSchema,
  adminLotteryDrawPageSchema,
  adminLotteryDrawsQuerySchema,
  adminLotteryGameParamsSchema,
  adminLotteryGamesSchema,
  adminLotteryNumberRuleRequestSchema,
  adminLotteryNumberRuleSchema,
  adminLotteryNumberRulesSchema,
  adminLotteryOrderDetailSchema,
  adminLotteryOrderPageSchema,
  adminLotteryOrderParamsSchema,
  adminLotteryOrdersQuerySchema,
  adminLotteryPaths,
  adminLotteryRuleParamsSchema,
  adminLotterySettingRequestSchema,
  adminLotterySettingSchema,
  envelopeSchema,
} from '@lotus/contract';
import { z } from 'zod';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { auditContext, requireOperator } from '../../backoffice/index.ts';
import { getAdminBook, listAdminDraws } from './book-admin.ts';
import { cancelDraw } from './cancel-draw.ts';
import { createNumberRule, deleteNumberRule, listNumberRules } from './number-rules-admin.ts';
import { getAdminOrder, listAdminOrders } from './orders-admin.ts';
import { listAdminGames, updateGameSetting } from './settings-admin.ts';

const tags = ['lottery-admin'];
const manage = requireOperator('lottery.manage');

/** The lottery's back-office (modules/lottery/admin README): every call needs lottery.manage; every change is audited. */
export async function lotteryAdminRoutes(app: AppInstance): Promise<void> {
  app.get(
    adminLotteryPaths.games,
    { onRequest: manage, schema: { tags, response: { 200: envelopeSchema(adminLotteryGamesSchema) } } },
    async (request) => ok({ items: await listAdminGames(app.db, request.operator.merchantId) }),
  );

  app.put(
    adminLotteryPaths.gameSetting,
    {
      onRequest: manage,
      schema: {
        tags,
        params: adminLotteryGameParamsSchema,
        body: adminLotterySettingRequestSchema,
        response: { 200: envelopeSchema(adminLotterySettingSchema) },
      },
    },
    async (request) => ok(await updateGameSetting(app.db, auditContext(request), request.params.gameId, request.body)),
  );

  app.get(
    adminLotteryPaths.numberRules,
    {
      onRequest: manage,
      schema: {
        tags,
        params: adminLotteryGameParamsSchema,
        response: { 200: envelopeSchema(adminLotteryNumberRulesSchema) },
      },
    },
    async (request) => ok({ items: await listNumberRules(app.db, request.operator.merchantId, request.params.gameId) }),
  );

  app.post(
    adminLotteryPaths.numberRules,
    {
      onRequest: manage,
      schema: {
        tags,
        params: adminLotteryGameParamsSchema,
        body: adminLotteryNumberRuleRequestSchema,
        response: { 200: envelopeSchema(adminLotteryNumberRuleSchema) },
      },
    },
    async (request) => ok(await createNumberRule(app.db, auditContext(request), request.params.gameId, request.body)),
  );

  app.delete(
    adminLotteryPaths.numberRule,
    {
      onRequest: manage,
      schema: { tags, params: adminLotteryRuleParamsSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await deleteNumberRule(app.db, auditContext(request), BigInt(request.params.ruleId));
      return ok(null);
    },
  );

  app.get(
    adminLotteryPaths.draws,
    {
      onRequest: manage,
      schema: {
        tags,
        querystring: adminLotteryDrawsQuerySchema,
        response: { 200: envelopeSchema(adminLotteryDrawPageSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await listAdminDraws(app.db, request.operator.merchantId, request.query, app.now()));
    },
  );

  app.get(
    adminLotteryPaths.book,
    {
      onRequest: manage,
      schema: {
        tags,
        querystring: adminLotteryBookQuerySchema,
        response: { 200: envelopeSchema(adminLotteryBookSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await getAdminBook(app.db, request.operator.merchantId, request.query, app.now()));
    },
  );

  app.get(
    adminLotteryPaths.orders,
    {
      onRequest: manage,
      schema: {
        tags,
        querystring: adminLotteryOrdersQuerySchema,
        response: { 200: envelopeSchema(adminLotteryOrderPageSchema) },
      },
    },
    async (request) => ok(await listAdminOrders(app.db, request.operator.merchantId, request.query)),
  );

  app.get(
    adminLotteryPaths.order,
    {
      onRequest: manage,
      schema: {
        tags,
        params: adminLotteryOrderParamsSchema,
        response: { 200: envelopeSchema(adminLotteryOrderDetailSchema) },
      },
    },
    async (request) => ok(await getAdminOrder(app.db, request.operator.merchantId, BigInt(request.params.orderId))),
  );

  app.post(
    adminLotteryPaths.cancelDraw,
    {
      onRequest: manage,
      schema: {
        tags,
        body: adminLotteryCancelDrawRequestSchema,
        response: { 200: envelopeSchema(adminLotteryCancelDrawResultSchema) },
      },
    },
    async (request) => ok(await cancelDraw(app.db, auditContext(request), request.body)),
  );
}
