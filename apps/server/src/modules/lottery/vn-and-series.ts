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

/**
 * The regions of the Vietnamese menu, by the game's menu group (migrations 0068 and 0073): the northern
 * draw (group `VN`), the Miền Trung provinces (`VN_CENTRAL`) and the Miền Nam ones (`VN_SOUTH`). Central
 * and southern provinces share the VN_SOUTH family (the same 18-number table), so the region is the
 * group, not the family. A Vietnamese game of another group is listed under its family's region.
 */
const vnRegions: Record<string, { code: string; TH: string; EN: string }> = {
  VN: { code: 'VN_NORTH', TH: 'หวยเวียดนามภาคเหนือ', EN: 'Northern Vietnam' },
  VN_CENTRAL: { code: 'VN_CENTRAL', TH: 'หวยเวียดนามภาคกลาง', EN: 'Central Vietnam' },
  VN_SOUTH: { code: 'VN_SOUTH', TH: 'หวยเวียดนามภาคใต้', EN: 'Southern Vietnam' },
};
const vnRegionOf = (game: { game_group: string; family: string }) =>
  vnRegions[game.game_group] ?? (game.family === 'VN_NORTH' ? vnRegions['VN']! : vnRegions['VN_SOUTH']!);

/**
 * GET /lgw/vn/games/game_menu: the enabled Vietnamese games grouped by region (North, Central, South),
 * in the catalogue's order, tagged `TCG_LOTTO_VN` as the original's client expects.
 */
export async function listVnGameMenu(
  db: Kysely<Database>,
  query: LotteryVnGameMenuQuery,
  language: Language,
): Promise<LotteryVnGameMenu> {
  const games = (await listEnabledGames(db, query)).filter((game) => vnFamilies.has(game.family));
  const groups = new Map<string, LotteryVnGameMenu[number]>();
  for (const game of games) {
    const region = vnRegionOf(game);
    let group = groups.get(region.code);
    if (!group) {
      group = {
        groupCode: region.code,
        groupName: region[language],
        accountTypeName: 'TCG_LOTTO_VN',
        gameMenus: [],
      };
      groups.set(region.code, group);
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
