import { z } from 'zod';
import { languageSchema, moneySchema } from './envelope.ts';
import { gameCardSchema, gameCategorySchema, vendorSchema } from './site.ts';
import { gameListDefaultPageSize, gameListMaxPageSize } from './game-paths.ts';

/* ------------------------------------------------------------------------------------------------
 * The game catalogue for members (issue 5 "Catalogue and lobbies"; spec §3 game and vendor fields,
 * §7 calls, §9 page sizes). Parameters of GET calls travel in the query string; writes carry a JSON
 * body. Lists are `value.content` (or `value.games` for the game list, as the original), with paging
 * fields beside them. The public calls (menus, hot games) are in site.ts.
 * ---------------------------------------------------------------------------------------------- */

// The addresses, error codes and page sizes are in a module of their own, schema-free: the lobbies
// use them, and importing this file would bring its schemas (and zod) into the lobbies' JavaScript.
export {
  gamePaths,
  gameErrorCodes,
  gameListDefaultPageSize,
  gameListMaxPageSize,
  recentGamesLimit,
} from './game-paths.ts';

const codeSchema = z
  .string()
  .trim()
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);
const pageNoSchema = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeSchema = z.coerce.number().int().min(1).max(gameListMaxPageSize).default(gameListDefaultPageSize);

/** Query fields the original sends along that do not change the answer (spec §3 "Game list query"). */
const passThroughQuery = {
  merchant: z.string().max(32).optional(),
  merchantCode: z.string().max(32).optional(),
  channel: z.string().max(32).optional(),
  platform: z.string().max(64).optional(),
  clientType: z.coerce.number().int().min(0).max(99).optional(),
  language: languageSchema.optional(),
};

/** A game of the game list: the card plus the stake it starts at and whether it is a favourite. */
export const gameListItemSchema = gameCardSchema.extend({
  /** Smallest stake, a money string ("1.00"). */
  minBet: moneySchema,
  /** Jackpot game (classify JP). */
  isJackpot: z.boolean(),
  isFavorite: z.boolean(),
});
export type GameListItem = z.infer<typeof gameListItemSchema>;

/** GET GCSGAME_gameList query (spec §3; protocol notes "Game launch and lists"). */
export const gameListQuerySchema = z.object({
  /** A vendor code, or `ALL` / nothing for every vendor. */
  vassalage: codeSchema.optional(),
  /** Part of the name, TH or EN, any case. */
  gameName: z.string().trim().max(50).optional(),
  /** The vendor's game type: LIVE, RNG, PVP, FISH, SPORTS, LOTT. */
  gameType: codeSchema.optional(),
  /** The game's classify (BAC, ROU, SC, VP, JP, TG, AC, BG, ...). */
  gameClassify: codeSchema.optional(),
  pageNo: pageNoSchema,
  pageSize: pageSizeSchema,
  ...passThroughQuery,
});
export type GameListQuery = z.infer<typeof gameListQuerySchema>;

export const gameListSchema = z.object({
  games: z.array(gameListItemSchema),
  /** The page answered, from 1. */
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type GameList = z.infer<typeof gameListSchema>;

/** GET GCSGAME_gameVendor: one lane per navigation category that has vendors. */
export const vendorLaneSchema = z.object({
  gameCategory: gameCategorySchema,
  gameType: z.string(),
  /** The lane's title: the i18n key of the category (e.g. `nav_live`), which the site translates. */
  title: z.string(),
  enName: z.string(),
  page: z.string(),
  cards: z.array(vendorSchema),
});
export const vendorLanesSchema = z.object({ lanes: z.array(vendorLaneSchema) });
export type VendorLanes = z.infer<typeof vendorLanesSchema>;
export const gameVendorQuerySchema = z.object({ ...passThroughQuery });

/** GET GCSGAME_getVassGameType. */
export const vassGameTypeQuerySchema = z.object({ vassalage: codeSchema.optional(), ...passThroughQuery });
export const vassGameTypeSchema = z.object({
  content: z.array(
    z.object({
      vassalage: z.string(),
      gameType: z.string(),
      gameCategory: gameCategorySchema,
      /** The distinct classifies of the vendor's enabled games, sorted. */
      gameClassifies: z.array(z.string()),
      gameCount: z.number().int(),
    }),
  ),
});
export type VassGameTypes = z.infer<typeof vassGameTypeSchema>;

/** GET GCSGAME_getRankList (no token). */
export const rankListQuerySchema = z.object({
  vassalage: codeSchema.optional(),
  gameType: codeSchema.optional(),
  count: z.coerce.number().int().min(1).max(gameListMaxPageSize).default(20),
  ...passThroughQuery,
});
export const rankListSchema = z.object({ list: z.array(gameCardSchema.extend({ rank: z.number().int() })) });
export type RankList = z.infer<typeof rankListSchema>;

/** Body of addFavoriteGameV2 and removeFavoriteGameV2. */
export const favoriteGameRequestSchema = z.object({ gameId: z.string().trim().min(1).max(64) });
export type FavoriteGameRequest = z.infer<typeof favoriteGameRequestSchema>;
export const favoriteGameResultSchema = z.object({ gameId: z.string(), isFavorite: z.boolean() });

/** GET MCSFE_getFavoriteGames (spec §3 "Favourites: node ids"). */
export const favoriteGamesSchema = z.object({ nodeIds: z.array(z.string()), gameIds: z.array(z.string()) });
export type FavoriteGames = z.infer<typeof favoriteGamesSchema>;

export const gamePageQuerySchema = z.object({ pageNo: pageNoSchema, pageSize: pageSizeSchema, ...passThroughQuery });

/** GET MCSFE_getFavoriteGamesList: favourites, newest first. */
export const favoriteGamesListSchema = z.object({
  content: z.array(gameListItemSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type FavoriteGamesList = z.infer<typeof favoriteGamesListSchema>;

/** GET GCS_recentGame: at most `recentGamesLimit` games, latest launch first. */
export const recentGamesQuerySchema = z.object({ ...passThroughQuery });
export const recentGamesSchema = z.object({
  content: z.array(gameListItemSchema.extend({ playedAt: z.number().int() })),
});
export type RecentGames = z.infer<typeof recentGamesSchema>;
