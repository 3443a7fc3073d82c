import {
  adminLotteryErrorCodes,
  formatMinorUnits,
  parseAmount,
  type AdminLotteryGame,
  type AdminLotterySetting,
  type AdminLotterySettingRequest,
} from '@lotus/contract';
import { lotteryPlays, type LotteryFamily } from '@lotus/fair';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit, type AuditEntry } from '../../backoffice/index.ts';
import { findGameSetting, type LotteryGameSetting } from '../game-settings.ts';

/** Who acts, from where and when (auditContext of the request). */
export type LotteryActor = Pick<AuditEntry, 'merchantId' | 'operatorId' | 'ip' | 'nowMs'>;

export function toAdminSetting(setting: LotteryGameSetting): AdminLotterySetting {
  return {
    enabled: setting.enabled,
    minStakePerUnit: formatMinorUnits(setting.min_stake_minor),
    maxOrderAmount: formatMinorUnits(setting.max_order_minor),
    maxMemberDrawAmount: formatMinorUnits(setting.max_member_draw_minor),
    maxMultiple: setting.max_multiple,
    minSeries: setting.min_series,
    maxSeries: setting.max_series,
    maxNumberPayout:
      setting.max_number_payout_minor === null ? null : formatMinorUnits(setting.max_number_payout_minor),
    overLimitMode: setting.over_limit_mode,
    maxProfit: setting.max_profit_minor === null ? null : formatMinorUnits(setting.max_profit_minor),
    allowCancel: setting.allow_cancel,
    cancelFeeBps: setting.cancel_fee_bps,
    version: setting.version,
    updatedAt: setting.updated_at.getTime(),
  };
}

/** The plays of a family, marking those with numbers (a number play answers its one-number content). */
export function adminPlaysOf(family: LotteryFamily) {
  return lotteryPlays(family).map((play) => ({
    playId: play.playId,
    playCode: play.code,
    isNumberPlay: play.numbers !== undefined,
  }));
}

/**
 * Every lottery game in the catalogue's order with the merchant's setting (read through findGameSetting,
 * so a game never set shows, and from now on keeps, the defaults) and its plays.
 */
export async function listAdminGames(db: Kysely<Database>, merchantId: number): Promise<AdminLotteryGame[]> {
  const games = await db
    .selectFrom('lottery_game')
    .select(['id', 'code', 'name_th', 'name_en', 'family', 'kind', 'enabled'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  const items: AdminLotteryGame[] = [];
  for (const game of games)
    items.push({
      gameId: game.id,
      gameCode: game.code,
      nameTh: game.name_th,
      nameEn: game.name_en,
      family: game.family,
      kind: game.kind,
      isGameEnabled: game.enabled,
      setting: toAdminSetting(await findGameSetting(db, merchantId, game.id)),
      plays: adminPlaysOf(game.family),
    });
  return items;
}

/** The game of the id, or 404 naming `gameId`. */
export async function getAdminGame(db: Kysely<Database>, gameId: number) {
  const game = await db
    .selectFrom('lottery_game')
    .select(['id', 'code', 'family', 'kind'])
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (!game) throw new AppError(404, 'not.found', { field: 'gameId', params: { field: 'gameId' } });
  return game;
}

/**
 * Saves a game's setting at the version read (an older form: 409 `lottery.setting.stale`, nothing
 * written), under the row's lock, audited `lottery.setting.update` with before and after. The
 * contract already refused limits out of order; the table's checks hold them too. A change applies to
 * bets placed after it: orders taken stay as they were priced.
 */
export async function updateGameSetting(
  db: Kysely<Database>,
  actor: LotteryActor,
  gameId: number,
  body: AdminLotterySettingRequest,
): Promise<AdminLotterySetting> {
  await getAdminGame(db, gameId);
  return db.transaction().execute(async (trx) => {
    await findGameSetting(trx, actor.merchantId, gameId);
    const before = await trx
      .selectFrom('lottery_game_setting')
      .selectAll()
      .where('merchant_id', '=', actor.merchantId)
      .where('game_id', '=', gameId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (before.version !== body.version)
      throw new AppError(409, adminLotteryErrorCodes.settingStale, { field: 'version' });
    const after = await trx
      .updateTable('lottery_game_setting')
      .set({
        enabled: body.enabled,
        min_stake_minor: parseAmount(body.minStakePerUnit)!,
        max_order_minor: parseAmount(body.maxOrderAmount)!,
        max_member_draw_minor: parseAmount(body.maxMemberDrawAmount)!,
        max_multiple: body.maxMultiple,
        min_series: body.minSeries,
        max_series: body.maxSeries,
        max_number_payout_minor: body.maxNumberPayout === null ? null : parseAmount(body.maxNumberPayout)!,
        over_limit_mode: body.overLimitMode,
        max_profit_minor: body.maxProfit === null ? null : parseAmount(body.maxProfit)!,
        allow_cancel: body.allowCancel,
        cancel_fee_bps: body.cancelFeeBps,
        version: before.version + 1,
        updated_at: new Date(actor.nowMs),
      })
      .where('merchant_id', '=', actor.merchantId)
      .where('game_id', '=', gameId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...actor,
      action: 'lottery.setting.update',
      targetType: 'lottery_game',
      targetId: gameId,
      before: { ...toAdminSetting(before) },
      after: { ...toAdminSetting(after) },
    });
    return toAdminSetting(after);
  });
}
