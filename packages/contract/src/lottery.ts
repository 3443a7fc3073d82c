import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * Lottery (issue 18; original-programmes §2 "Lottery"; modules/lottery README): the games and their
 * draws as the original's `/lgw` calls answer them. Times: `remainTime` is milliseconds from now to
 * the draw, `lockTime` is the seconds before the draw when bets close, so the betting countdown is
 * `remainTime - lockTime * 1000` (the original's rule). Instants are epoch milliseconds.
 *
 * House-drawn games are provably fair: every draw shows `serverSeedHash` (SHA-256 of its server seed)
 * from the start, and `serverSeed` once drawn; `clientSeed` is `gameCode:numero`; the nonce is 0. The
 * result recomputes with `drawLotteryResult(family, { serverSeed, clientSeed, nonce: 0 })` from
 * `@lotus/fair` (packages/fair README, "Lottery draws").
 * ---------------------------------------------------------------------------------------------- */

/** The original's prize modes: LOTT 1, ZY 2, ELOTT 3 (the house's fast games), WS 4, SEA 5. */
export const lotteryPrizeModes = { LOTT: 1, ZY: 2, ELOTT: 3, WS: 4, SEA: 5 } as const;
/** The original's play types: Tradition 1, Entertainment 2. */
export const lotteryPlayTypes = { TRADITION: 1, ENTERTAINMENT: 2 } as const;

const prizeModeSchema = z.coerce.number().int().min(1).max(5);
const playTypeSchema = z.coerce.number().int().min(1).max(2);
const gameCodeSchema = z.string().regex(/^[A-Z0-9_]{2,40}$/, 'must be a game code');
const hexSeedSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** GET `/lgw/games`: the enabled games, filtered by prize mode and play type. */
export const lotteryGamesQuerySchema = z.object({
  prizeMode: prizeModeSchema.optional(),
  playType: playTypeSchema.optional(),
});
export type LotteryGamesQuery = z.infer<typeof lotteryGamesQuerySchema>;

/** GET `/lgw/games/popular`: the first `count` games (by the catalogue's order until bets exist). */
export const lotteryPopularGamesQuerySchema = lotteryGamesQuerySchema.extend({
  count: z.coerce.number().int().min(1).max(50).default(8),
});
export type LotteryPopularGamesQuery = z.infer<typeof lotteryPopularGamesQuerySchema>;

export const lotteryGameSchema = z.object({
  gameId: z.number().int(),
  gameCode: z.string(),
  /** In the request's language. */
  gameName: z.string(),
  /** The result's shape (`LotteryFamily` of @lotus/fair). */
  family: z.string(),
  prizeModeId: z.number().int(),
  /** The menu group the site lists the game under (FAST5D, KENO, THAI, LAO, VN...). */
  gameGroupCode: z.string(),
  defaultPlayType: z.number().int(),
  /** Seconds between draws of a house-drawn game; null for an official draw. */
  drawInterval: z.number().int().nullable(),
  /** Seconds before the draw when bets close. */
  lockTime: z.number().int(),
  liveVideoSwitch: z.boolean(),
  /** Drawn by the house (provably fair) rather than from an official result. */
  isHouseDrawn: z.boolean(),
  /**
   * The ISO weekdays (1 Monday .. 7 Sunday) an official game's calendar draws on (a Vietnamese province:
   * TP.HCM `[1, 6]`); empty for a house-drawn game or one drawn on days of the month. A holiday day
   * change can still move one draw.
   */
  drawWeekdays: z.array(z.number().int().min(1).max(7)),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;
export const lotteryGamesSchema = z.array(lotteryGameSchema);

/** GET `/lgw/games/opened/numero` (the original's `/lotto/lgw/games/opened/numero`). */
export const lotteryOpenedNumerosQuerySchema = z.object({ prizeMode: prizeModeSchema.optional() });
export type LotteryOpenedNumerosQuery = z.infer<typeof lotteryOpenedNumerosQuerySchema>;

/** A game's current draw: the next one still to be drawn. */
export const lotteryOpenedNumeroSchema = z.object({
  gameId: z.number().int(),
  gameCode: z.string(),
  /** The game's name in the request's language. */
  remark: z.string(),
  numero: z.string(),
  /** Milliseconds from now to the draw (0 once due). */
  remainTime: z.number().int(),
  /** Seconds before the draw when bets close. */
  lockTime: z.number().int(),
  defaultPlayType: z.number().int(),
  liveVideoSwitch: z.boolean(),
  /** Epoch ms of the draw. */
  drawTime: z.number().int(),
  serverSeedHash: hexSeedSchema.nullable(),
  clientSeed: z.string().nullable(),
});
export type LotteryOpenedNumero = z.infer<typeof lotteryOpenedNumeroSchema>;
export const lotteryOpenedNumerosSchema = z.array(lotteryOpenedNumeroSchema);

/** GET `/lgw/numeros/near`. */
export const lotteryNearNumerosQuerySchema = z.object({ gameId: z.coerce.number().int().min(1).max(2_147_483_647) });
export type LotteryNearNumerosQuery = z.infer<typeof lotteryNearNumerosQuerySchema>;

export const lotteryDrawStatuses = ['open', 'locked', 'drawn', 'settled', 'cancelled'] as const;

/** One draw of a game as the countdown and the results read it. */
export const lotteryNumeroSchema = z.object({
  numero: z.string(),
  /** Bets are taken now (open and before `lockTime`). */
  isSale: z.boolean(),
  /** Milliseconds from now to the draw, 0 once due. */
  remainTime: z.number().int(),
  lockTime: z.number().int(),
  drawTime: z.number().int(),
  status: z.enum(lotteryDrawStatuses),
  /** The winning numbers once drawn, else empty (see `lotteryDrawResultSchema`). */
  winNoStr: z.array(z.string()),
  serverSeedHash: hexSeedSchema.nullable(),
  /** Null until the draw is drawn: the seed is secret before. */
  serverSeed: hexSeedSchema.nullable(),
  clientSeed: z.string().nullable(),
});
export type LotteryNumero = z.infer<typeof lotteryNumeroSchema>;

export const lotteryNearNumerosSchema = z.object({
  /** The next draw still to be drawn; null when the game has none scheduled. */
  currentNumero: lotteryNumeroSchema.nullable(),
  nextNumero: lotteryNumeroSchema.nullable(),
  /** The latest draw already due (drawn, or being drawn this second). */
  previousNumero: lotteryNumeroSchema.nullable(),
});
export type LotteryNearNumeros = z.infer<typeof lotteryNearNumerosSchema>;

/**
 * A drawn result. `winNoStr` per family: FAST5D the five digits one by one (`["7","7","8","8","5"]`);
 * FAST3D the top and the bottom (`["778","85"]`); KENO the 20 numbers in draw order, two digits each
 * (`["48","04",...]`).
 */
export const lotteryDrawResultSchema = z.object({
  gameId: z.number().int(),
  gameCode: z.string(),
  gameName: z.string(),
  family: z.string(),
  numero: z.string(),
  winNoStr: z.array(z.string()),
  drawTime: z.number().int(),
  /** Epoch ms when the server drew it. */
  drawnTime: z.number().int(),
  serverSeedHash: hexSeedSchema.nullable(),
  serverSeed: hexSeedSchema.nullable(),
  clientSeed: z.string().nullable(),
});
export type LotteryDrawResult = z.infer<typeof lotteryDrawResultSchema>;

/** GET `/lgw/draw`: the latest result of every enabled game. */
export const lotteryLatestDrawsQuerySchema = z.object({ prizeMode: prizeModeSchema.optional() });
export type LotteryLatestDrawsQuery = z.infer<typeof lotteryLatestDrawsQuerySchema>;
export const lotteryLatestDrawsSchema = z.array(lotteryDrawResultSchema);

/** GET `/lgw/draw/code/:gameCode`: a game's results, newest first. */
export const lotteryDrawHistoryParamsSchema = z.object({ gameCode: gameCodeSchema });
export const lotteryDrawHistoryQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type LotteryDrawHistoryQuery = z.infer<typeof lotteryDrawHistoryQuerySchema>;
export const lotteryDrawHistorySchema = z.object({
  list: z.array(lotteryDrawResultSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});
export type LotteryDrawHistory = z.infer<typeof lotteryDrawHistorySchema>;

/** GET `/lgw/vn/games/game_menu`: the original's `{prizeMode, device: "WEB"}`. */
export const lotteryVnGameMenuQuerySchema = z.object({
  prizeMode: prizeModeSchema.optional(),
  device: z.enum(['WEB', 'H5', 'APP']).optional(),
});
export type LotteryVnGameMenuQuery = z.infer<typeof lotteryVnGameMenuQuerySchema>;
/** A menu group of Vietnamese games (by region) and its games; the client tags them `TCG_LOTTO_VN`. */
export const lotteryVnGameMenuSchema = z.array(
  z.object({
    groupCode: z.string(),
    groupName: z.string(),
    accountTypeName: z.literal('TCG_LOTTO_VN'),
    gameMenus: z.array(lotteryGameSchema),
  }),
);
export type LotteryVnGameMenu = z.infer<typeof lotteryVnGameMenuSchema>;
