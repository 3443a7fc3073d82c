import {
  envelopeSchema,
  lotteryDrawHistoryParamsSchema,
  lotteryDrawHistoryQuerySchema,
  lotteryDrawHistorySchema,
  lotteryGamesQuerySchema,
  lotteryGamesSchema,
  lotteryLatestDrawsQuerySchema,
  lotteryLatestDrawsSchema,
  lotteryNearNumerosQuerySchema,
  lotteryNearNumerosSchema,
  lotteryOpenedNumerosQuerySchema,
  lotteryOpenedNumerosSchema,
  lotteryPaths,
  lotteryPopularGamesQuerySchema,
  lotteryCancelRequestSchema,
  lotteryCancelResultSchema,
  lotteryGameSettingQuerySchema,
  lotteryGameSettingSchema,
  lotteryOrderDetailQuerySchema,
  lotteryOrderDetailSchema,
  lotteryOrderPaths,
  lotteryOrdersQuerySchema,
  lotteryOrdersSchema,
  lotteryPlaceOrderRequestSchema,
  lotteryPlaceOrderResultSchema,
  lotteryCustomerSeriesSchema,
  lotteryVnGameMenuQuerySchema,
  lotteryVnGameMenuSchema,
  launchErrorCodes,
  trialMemberType,
} from '@lotus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { hashToken, requireMember } from '../identity/index.ts';
import { cancelMemberOrders } from './cancel-orders.ts';
import { gameSettingView } from './game-setting-view.ts';
import { findMemberOrder, listMemberOrders } from './member-orders.ts';
import { placeLotteryOrders } from './place-orders.ts';
import { listCustomerSeries, listVnGameMenu, listVnOpenedNumeros } from './vn-and-series.ts';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { findNearNumeros } from './find-near-numeros.ts';
import { listDrawHistory, listLatestDraws } from './list-draw-results.ts';
import { listLotteryGames, listPopularLotteryGames } from './list-lottery-games.ts';
import { listOpenedNumeros } from './list-opened-numeros.ts';

const tags = ['lottery'];
/**
 * A person places a few bets a minute; a script's loop is stopped long before it strains the book.
 * Counted per session, not per address: many members share one address behind a mobile carrier's NAT.
 */
const betLimit = {
  max: 120,
  timeWindow: '1 minute',
  // The token's hash, never the token itself, as the counter's key.
  keyGenerator: (request: FastifyRequest) =>
    `lottery:${request.headers.authorization ? hashToken(request.headers.authorization) : request.ip}`,
};

/**
 * The lottery's reads (README "Calls"): open to visitors like the game menus, since the lobby, the
 * countdowns and the results are shown before login. Countdowns change every second, so no answer is
 * kept by a browser or the response cache.
 */
export async function lotteryRoutes(app: AppInstance): Promise<void> {
  const fresh = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  app.get(
    lotteryPaths.games,
    { schema: { tags, querystring: lotteryGamesQuerySchema, response: { 200: envelopeSchema(lotteryGamesSchema) } } },
    async (request, reply) => {
      fresh(reply);
      return ok(await listLotteryGames(app.db, request.query, request.language));
    },
  );

  app.get(
    lotteryPaths.popularGames,
    {
      schema: {
        tags,
        querystring: lotteryPopularGamesQuerySchema,
        response: { 200: envelopeSchema(lotteryGamesSchema) },
      },
    },
    async (request, reply) => {
      fresh(reply);
      return ok(await listPopularLotteryGames(app.db, request.query, request.language));
    },
  );

  app.get(
    lotteryPaths.openedNumeros,
    {
      schema: {
        tags,
        querystring: lotteryOpenedNumerosQuerySchema,
        response: { 200: envelopeSchema(lotteryOpenedNumerosSchema) },
      },
    },
    async (request, reply) => {
      fresh(reply);
      return ok(await listOpenedNumeros(app.db, request.query, request.language, app.now()));
    },
  );

  app.get(
    lotteryPaths.nearNumeros,
    {
      schema: {
        tags,
        querystring: lotteryNearNumerosQuerySchema,
        response: { 200: envelopeSchema(lotteryNearNumerosSchema) },
      },
    },
    async (request, reply) => {
      fresh(reply);
      return ok(await findNearNumeros(app.db, request.query.gameId, app.now()));
    },
  );

  app.get(
    lotteryPaths.latestDraws,
    {
      schema: {
        tags,
        querystring: lotteryLatestDrawsQuerySchema,
        response: { 200: envelopeSchema(lotteryLatestDrawsSchema) },
      },
    },
    async (request, reply) => {
      fresh(reply);
      return ok(await listLatestDraws(app.db, request.query, request.language));
    },
  );

  app.get(
    lotteryPaths.drawHistory,
    {
      schema: {
        tags,
        params: lotteryDrawHistoryParamsSchema,
        querystring: lotteryDrawHistoryQuerySchema,
        response: { 200: envelopeSchema(lotteryDrawHistorySchema) },
      },
    },
    async (request, reply) => {
      fresh(reply);
      return ok(await listDrawHistory(app.db, request.params.gameCode, request.query, request.language));
    },
  );

  const member = (request: FastifyRequest) => ({
    merchantId: request.merchant.id,
    memberId: request.member.id,
    currency: request.merchant.currency,
    isTrial: request.member.isAgent === trialMemberType,
  });

  app.post(
    lotteryOrderPaths.place,
    {
      onRequest: requireMember,
      config: { rateLimit: betLimit },
      schema: {
        tags,
        body: lotteryPlaceOrderRequestSchema,
        response: { 200: envelopeSchema(lotteryPlaceOrderResultSchema) },
      },
    },
    async (request, reply) => {
      fresh(reply);
      if (request.member.gamesForbidden) throw new AppError(403, launchErrorCodes.gamesForbidden);
      return ok(await placeLotteryOrders(app.db, member(request), request.body, app.now()));
    },
  );

  app.get(
    lotteryOrderPaths.list,
    {
      onRequest: requireMember,
      schema: { tags, querystring: lotteryOrdersQuerySchema, response: { 200: envelopeSchema(lotteryOrdersSchema) } },
    },
    async (request, reply) => {
      fresh(reply);
      return ok(await listMemberOrders(app.db, member(request), request.query, request.language, app.now()));
    },
  );

  app.get(
    lotteryOrderPaths.detail,
    {
      onRequest: requireMember,
      schema: {
        tags,
        querystring: lotteryOrderDetailQuerySchema,
        response: { 200: envelopeSchema(lotteryOrderDetailSchema) },
      },
    },
    async (request, reply) => {
      fresh(reply);
      return ok(
        await findMemberOrder(app.db, member(request), BigInt(request.query.orderId), request.language, app.now()),
      );
    },
  );

  app.post(
    lotteryOrderPaths.cancel,
    {
      onRequest: requireMember,
      config: { rateLimit: betLimit },
      schema: {
        tags,
        body: lotteryCancelRequestSchema,
        response: { 200: envelopeSchema(lotteryCancelResultSchema) },
      },
    },
    async (request, reply) => {
      fresh(reply);
      return ok(await cancelMemberOrders(app.db, member(request), request.body.orderDetailId.map(BigInt), app.now()));
    },
  );

  app.get(
    lotteryOrderPaths.gameSetting,
    {
      schema: {
        tags,
        querystring: lotteryGameSettingQuerySchema,
        response: { 200: envelopeSchema(lotteryGameSettingSchema) },
      },
    },
    async (request, reply) => {
      fresh(reply);
      return ok(await gameSettingView(app.db, request.merchant.id, request.query.gameId));
    },
  );

  app.get(
    lotteryOrderPaths.customerSeries,
    {
      onRequest: requireMember,
      schema: { tags, response: { 200: envelopeSchema(lotteryCustomerSeriesSchema) } },
    },
    async (request, reply) => {
      fresh(reply);
      return ok(await listCustomerSeries(app.db, request.merchant.id));
    },
  );

  app.get(
    lotteryPaths.vnGameMenu,
    {
      schema: {
        tags,
        querystring: lotteryVnGameMenuQuerySchema,
        response: { 200: envelopeSchema(lotteryVnGameMenuSchema) },
      },
    },
    async (request, reply) => {
      fresh(reply);
      return ok(await listVnGameMenu(app.db, request.query, request.language));
    },
  );

  app.get(
    lotteryPaths.vnOpenedNumeros,
    { schema: { tags, response: { 200: envelopeSchema(lotteryOpenedNumerosSchema) } } },
    async (request, reply) => {
      fresh(reply);
      return ok(await listVnOpenedNumeros(app.db, request.language, app.now()));
    },
  );
}
