import {
  apiPaths,
  envelopeSchema,
  favoriteGameRequestSchema,
  favoriteGameResultSchema,
  favoriteGamesListSchema,
  favoriteGamesSchema,
  gameListQuerySchema,
  gameListSchema,
  gameMenusQuerySchema,
  gameMenusSchema,
  gamePageQuerySchema,
  gamePaths,
  gameVendorQuerySchema,
  hotGamesQuerySchema,
  launchPaths,
  roomListQuerySchema,
  roomListSchema,
  hotGamesSchema,
  rankListQuerySchema,
  rankListSchema,
  recentGamesQuerySchema,
  recentGamesSchema,
  vassGameTypeQuerySchema,
  vassGameTypeSchema,
  vendorLanesSchema,
} from '@lotus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireMember } from '../identity/index.ts';
import { publicReadContext } from '../../cache/public-read.ts';
import { addFavoriteGame, getFavoriteGames, listFavoriteGames, removeFavoriteGame } from './favorites.ts';
import { listGameMenus } from './list-game-menus.ts';
import { listHotGames } from './list-hot-games.ts';
import {
  listGames,
  listRankedGames,
  listVassGameTypes,
  listVendorLanes,
  type MemberGamesContext,
} from './member-games.ts';
import { listRecentGames } from './recent-games.ts';
import { listRooms } from './list-rooms.ts';
import { adminGamesRoutes } from './admin/admin-games.routes.ts';
import { adminCredentialsRoutes } from './admin/admin-credentials.routes.ts';

const tags = ['games'];

/** Answers that depend only on merchant, language and URL: served whole from the response cache. */
const publicRead = { responseCache: true };

/**
 * The game lists (spec §7): public navigation menus, hot games and ranks; the member's catalogue
 * calls (token, trial accounts too) and favourites. See README.md.
 */
export async function gamesRoutes(app: AppInstance): Promise<void> {
  await adminGamesRoutes(app);
  await adminCredentialsRoutes(app);
  app.get(
    apiPaths.gameMenus,
    {
      config: publicRead,
      schema: { tags, querystring: gameMenusQuerySchema, response: { 200: envelopeSchema(gameMenusSchema) } },
    },
    async (request) =>
      ok(await listGameMenus(publicReadContext(app, request, request.query.language ?? request.language))),
  );

  app.get(
    apiPaths.hotGames,
    {
      config: publicRead,
      schema: { tags, querystring: hotGamesQuerySchema, response: { 200: envelopeSchema(hotGamesSchema) } },
    },
    async (request) =>
      ok(
        await listHotGames(
          publicReadContext(app, request, request.query.language ?? request.language),
          request.query.vassalage,
        ),
      ),
  );

  app.get(
    gamePaths.rankList,
    {
      config: publicRead,
      schema: { tags, querystring: rankListQuerySchema, response: { 200: envelopeSchema(rankListSchema) } },
    },
    async (request) =>
      ok(
        await listRankedGames(
          publicReadContext(app, request, request.query.language ?? request.language),
          request.query,
          app.now(),
        ),
      ),
  );

  /* The member's calls: answers are the member's own, never kept by a browser or proxy. */
  const member = { onRequest: requireMember };
  const memberContext = (request: FastifyRequest, reply: FastifyReply): MemberGamesContext => {
    reply.header('Cache-Control', 'no-store');
    return { db: app.db, merchant: request.merchant, language: request.language, memberId: request.member.id };
  };
  const memberReadContext = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    return publicReadContext(app, request);
  };

  app.get(
    gamePaths.gameVendor,
    {
      ...member,
      schema: { tags, querystring: gameVendorQuerySchema, response: { 200: envelopeSchema(vendorLanesSchema) } },
    },
    async (request, reply) => ok(await listVendorLanes(memberReadContext(request, reply))),
  );

  app.get(
    gamePaths.vassGameType,
    {
      ...member,
      schema: { tags, querystring: vassGameTypeQuerySchema, response: { 200: envelopeSchema(vassGameTypeSchema) } },
    },
    async (request, reply) => ok(await listVassGameTypes(memberReadContext(request, reply), request.query.vassalage)),
  );

  app.get(
    gamePaths.gameList,
    {
      ...member,
      schema: { tags, querystring: gameListQuerySchema, response: { 200: envelopeSchema(gameListSchema) } },
    },
    async (request, reply) => ok(await listGames(memberContext(request, reply), request.query)),
  );

  app.get(
    gamePaths.favoriteGames,
    { ...member, schema: { tags, response: { 200: envelopeSchema(favoriteGamesSchema) } } },
    async (request, reply) => ok(await getFavoriteGames(memberContext(request, reply))),
  );

  app.get(
    gamePaths.favoriteGamesList,
    {
      ...member,
      schema: { tags, querystring: gamePageQuerySchema, response: { 200: envelopeSchema(favoriteGamesListSchema) } },
    },
    async (request, reply) => ok(await listFavoriteGames(memberContext(request, reply), request.query)),
  );

  app.post(
    gamePaths.addFavoriteGame,
    {
      ...member,
      schema: { tags, body: favoriteGameRequestSchema, response: { 200: envelopeSchema(favoriteGameResultSchema) } },
    },
    async (request, reply) => ok(await addFavoriteGame(memberContext(request, reply), request.body.gameId)),
  );

  app.delete(
    gamePaths.removeFavoriteGame,
    {
      ...member,
      schema: { tags, body: favoriteGameRequestSchema, response: { 200: envelopeSchema(favoriteGameResultSchema) } },
    },
    async (request, reply) => ok(await removeFavoriteGame(memberContext(request, reply), request.body.gameId)),
  );

  app.get(
    gamePaths.recentGames,
    {
      ...member,
      schema: { tags, querystring: recentGamesQuerySchema, response: { 200: envelopeSchema(recentGamesSchema) } },
    },
    async (request, reply) => ok(await listRecentGames(memberContext(request, reply))),
  );

  app.get(
    launchPaths.roomList,
    {
      ...member,
      schema: { tags, querystring: roomListQuerySchema, response: { 200: envelopeSchema(roomListSchema) } },
    },
    async (request, reply) => ok(await listRooms(memberContext(request, reply), request.query.vassalage)),
  );
}
