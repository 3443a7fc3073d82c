import { apiPaths, envelopeSchema, gameMenusQuerySchema, gameMenusSchema, hotGamesQuerySchema, hotGamesSchema } from '@lotus/contract';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { publicReadContext } from '../site/public-read.ts';
import { listGameMenus } from './list-game-menus.ts';
import { listHotGames } from './list-hot-games.ts';

const tags = ['games'];

/** Answers that depend only on merchant, language and URL: served whole from the response cache. */
const publicRead = { responseCache: true };

/** The public game lists (spec §7): navigation menus and hot games. */
export async function gamesRoutes(app: AppInstance): Promise<void> {
  app.get(
    apiPaths.gameMenus,
    { config: publicRead, schema: { tags, querystring: gameMenusQuerySchema, response: { 200: envelopeSchema(gameMenusSchema) } } },
    async (request) => ok(await listGameMenus(publicReadContext(app, request, request.query.language ?? request.language))),
  );

  app.get(
    apiPaths.hotGames,
    { config: publicRead, schema: { tags, querystring: hotGamesQuerySchema, response: { 200: envelopeSchema(hotGamesSchema) } } },
    async (request) =>
      ok(await listHotGames(publicReadContext(app, request, request.query.language ?? request.language), request.query.vassalage)),
  );
}
