import type {
  Language,
  LotteryCustomerSeries,
  LotteryOpenedNumero,
  LotteryVnGameMenu,
  LotteryVnGameMenuQuery,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findGameSetting } from './game-settings.ts';
import { listEnabledGames } from './list-lottery-games.ts';
import { listOpenedNumeros } from './list-opened-numeros.ts';
import { gameView } from './lottery-views.ts';

/** The families the Vietnamese pages list (`/lgw/vn/*`). */
const vnFamilies = new Set(['VN_NORTH', 'VN_SOUTH']);
const vnGroupNames: Record<string, { TH: string; EN: string }> = {
  VN_NORTH: { TH: 'หวยเวียดนามภาคเหนือ', EN: 'Northern Vietnam' },
  VN_SOUTH: { TH: 'หวยเวียดนามภาคกลางและใต้', EN: 'Central and Southern Vietnam' },
};

/**
 * GET /lgw/vn/games/game_menu: the enabled Vietnamese games grouped by region (family), in the
 * catalogue's order, tagged `TCG_LOTTO_VN` as the original's client expects.
 */
export async function listVnGameMenu(
  db: Kysely<Database>,
  query: LotteryVnGameMenuQuery,
  language: Language,
): Promise<LotteryVnGameMenu> {
  const games = (await listEnabledGames(db, query)).filter((game) => vnFamilies.has(game.family));
  const groups = new Map<string, LotteryVnGameMenu[number]>();
  for (const game of games) {
    let group = groups.get(game.family);
    if (!group) {
      group = {
        groupCode: game.family,
        groupName: vnGroupNames[game.family]![language],
        accountTypeName: 'TCG_LOTTO_VN',
        gameMenus: [],
      };
      groups.set(game.family, group);
    }
    group.gameMenus.push(gameView(game, language));
  }
  return [...groups.values()];
}

/** GET /lgw/vn/numeros/opened/game: the current draw of each enabled Vietnamese game. */
export async function listVnOpenedNumeros(
  db: Kysely<Database>,
  language: Language,
  nowMs: number,
): Promise<LotteryOpenedNumero[]> {
  const vnCodes = new Set(
    (await listEnabledGames(db, {})).filter((game) => vnFamilies.has(game.family)).map((game) => game.code),
  );
  return (await listOpenedNumeros(db, {}, language, nowMs)).filter((numero) => vnCodes.has(numero.gameCode));
}

/**
 * GET MCS2_lottoCustomersSeries: per enabled game, the series range a member bets within (the
 * merchant's setting for the game; no member has a range of their own yet).
 */
export async function listCustomerSeries(db: Kysely<Database>, merchantId: number): Promise<LotteryCustomerSeries> {
  const games = await listEnabledGames(db, {});
  const series: LotteryCustomerSeries = [];
  for (const game of games) {
    const setting = await findGameSetting(db, merchantId, game.id);
    if (!setting.enabled) continue;
    series.push({
      gameGroupCode: game.game_group,
      gameCode: game.code,
      prizeModeId: game.prize_mode,
      minSeries: setting.min_series,
      maxBetSeries: setting.max_series,
    });
  }
  return series;
}
