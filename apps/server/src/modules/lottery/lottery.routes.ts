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
} from '@lotus/contract';
import type { FastifyReply } from 'fastify';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { findNearNumeros } from './find-near-numeros.ts';
import { listDrawHistory, listLatestDraws } from './list-draw-results.ts';
import { listLotteryGames, listPopularLotteryGames } from './list-lottery-games.ts';
import { listOpenedNumeros } from './list-opened-numeros.ts';

const tags = ['lottery'];

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
}
