import { formatMinorUnits, type LotteryGameSetting as LotteryGameSettingView } from '@lotus/contract';
import { lotteryPlays, type LotteryFamily } from '@lotus/fair';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findGameSetting, listClosedNumbers } from './game-settings.ts';
import { oddsDecimal } from './lottery-views.ts';

/**
 * GET LGW_gameSetting: what a bet slip needs to check before it sends (the server checks it all again):
 * the merchant's limits and series range for the game, whether cancelling is allowed and its fee
 * (the original's `platformSettings[0].allowLottDrawback` / `allowElottDrawback`), the plays with their
 * odds, and the numbers closed for every draw.
 */
export async function gameSettingView(
  db: Kysely<Database>,
  merchantId: number,
  gameId: number,
): Promise<LotteryGameSettingView> {
  const game = await db
    .selectFrom('lottery_game')
    .select(['id', 'code', 'family', 'enabled'])
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (!game || !game.enabled) throw new AppError(404, 'not.found', { field: 'gameId', params: { field: 'gameId' } });
  const setting = await findGameSetting(db, merchantId, game.id);
  const allow = setting.allow_cancel ? '1' : '0';
  return {
    gameId: game.id,
    gameCode: game.code,
    platformSettings: [{ allowLottDrawback: allow, allowElottDrawback: allow }],
    isEnableAutomaticOddsSetting: false,
    cancelFeePercent: (setting.cancel_fee_bps / 100).toString(),
    minStakePerUnit: formatMinorUnits(setting.min_stake_minor),
    maxOrderAmount: formatMinorUnits(setting.max_order_minor),
    maxMemberDrawAmount: formatMinorUnits(setting.max_member_draw_minor),
    maxMultiple: setting.max_multiple,
    minSeries: setting.min_series,
    maxSeries: setting.max_series,
    maxProfit: setting.max_profit_minor === null ? null : formatMinorUnits(setting.max_profit_minor),
    plays: lotteryPlays(game.family as LotteryFamily).map((play) => ({
      playId: play.playId,
      playCode: play.code,
      odds: oddsDecimal(play.oddsHundredths),
    })),
    closedNumbers: await listClosedNumbers(db, merchantId, game.id, null),
  };
}
