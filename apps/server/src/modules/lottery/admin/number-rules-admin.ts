import {
  adminLotteryErrorCodes,
  formatMinorUnits,
  parseAmount,
  type AdminLotteryNumberRule,
  type AdminLotteryNumberRuleRequest,
} from '@lotus/contract';
import { lotteryPlay, type LotteryFamily } from '@lotus/fair';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../backoffice/index.ts';
import type { LotteryActor } from './settings-admin.ts';
import { getAdminGame } from './settings-admin.ts';

interface RuleRow {
  id: bigint;
  play_code: string;
  number: string;
  closed: boolean;
  max_payout_minor: bigint | null;
  numero: string | null;
  created_at: Date;
}

function toRuleView(row: RuleRow): AdminLotteryNumberRule {
  return {
    ruleId: row.id.toString(),
    playCode: row.play_code,
    number: row.number,
    closed: row.closed,
    maxPayout: row.max_payout_minor === null ? null : formatMinorUnits(row.max_payout_minor),
    numero: row.numero,
    createdAt: row.created_at.getTime(),
  };
}

function rulesQuery(db: Kysely<Database>, merchantId: number) {
  return db
    .selectFrom('lottery_number_rule as r')
    .leftJoin('lottery_draw as d', 'd.id', 'r.draw_id')
    .select(['r.id', 'r.play_code', 'r.number', 'r.closed', 'r.max_payout_minor', 'd.numero', 'r.created_at'])
    .where('r.merchant_id', '=', merchantId);
}

/** The merchant's blocked numbers of a game: the rules for every draw first, then by draw, play and number. */
export async function listNumberRules(
  db: Kysely<Database>,
  merchantId: number,
  gameId: number,
): Promise<AdminLotteryNumberRule[]> {
  await getAdminGame(db, gameId);
  const rows = await rulesQuery(db, merchantId)
    .where('r.game_id', '=', gameId)
    .orderBy('r.draw_id', (ob) => ob.desc().nullsFirst())
    .orderBy('r.play_code')
    .orderBy('r.number')
    .limit(1000)
    .execute();
  return rows.map(toRuleView);
}

/**
 * Adds a blocked number: the play must be a number play of the game's family and the number one it
 * takes (written as the play counts it: an any-order play's digits ascending, as the book holds them);
 * a one-draw rule names a draw of the game not yet settled. A second rule for the same play, number
 * and scope is refused (409 `lottery.number.rule.exists`). Audited `lottery.number_rule.create`.
 * Bets placed from now on meet it; bets already taken stay.
 */
export async function createNumberRule(
  db: Kysely<Database>,
  actor: LotteryActor,
  gameId: number,
  body: AdminLotteryNumberRuleRequest,
): Promise<AdminLotteryNumberRule> {
  const game = await getAdminGame(db, gameId);
  const play = lotteryPlay(game.family as LotteryFamily, body.playCode);
  if (!play || play.numbers === undefined) throw AppError.badRequest('playCode');
  let number: string;
  try {
    const numbers = play.numbers({ rows: [[body.number]] });
    if (numbers.length !== 1) throw new Error('not one number');
    number = numbers[0]!;
  } catch {
    throw AppError.badRequest('number');
  }
  let drawId: bigint | null = null;
  if (body.numero !== null) {
    const draw = await db
      .selectFrom('lottery_draw')
      .select(['id', 'status'])
      .where('game_id', '=', gameId)
      .where('numero', '=', body.numero)
      .executeTakeFirst();
    if (!draw) throw new AppError(404, 'not.found', { field: 'numero', params: { field: 'numero' } });
    if (draw.status === 'settled') throw new AppError(409, adminLotteryErrorCodes.drawSettled, { field: 'numero' });
    drawId = draw.id;
  }
  const maxPayoutMinor = body.closed || body.maxPayout === null ? null : parseAmount(body.maxPayout)!;
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('lottery_number_rule')
      .values({
        merchant_id: actor.merchantId,
        game_id: gameId,
        draw_id: drawId,
        play_code: play.code,
        number,
        closed: body.closed,
        max_payout_minor: maxPayoutMinor,
        created_at: new Date(actor.nowMs),
      })
      .onConflict((oc) => oc.constraint('lottery_number_rule_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new AppError(409, adminLotteryErrorCodes.numberRuleExists, { field: 'number' });
    const view = toRuleView({
      id: inserted.id,
      play_code: play.code,
      number,
      closed: body.closed,
      max_payout_minor: maxPayoutMinor,
      numero: body.numero,
      created_at: new Date(actor.nowMs),
    });
    await recordAudit(trx, {
      ...actor,
      action: 'lottery.number_rule.create',
      targetType: 'lottery_number_rule',
      targetId: inserted.id,
      before: null,
      after: { gameId, ...view },
    });
    return view;
  });
}

/** Removes a blocked number of the merchant's (another merchant's id: 404), audited `lottery.number_rule.delete`. */
export async function deleteNumberRule(db: Kysely<Database>, actor: LotteryActor, ruleId: bigint): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await rulesQuery(trx, actor.merchantId)
      .select('r.game_id')
      .where('r.id', '=', ruleId)
      .executeTakeFirst();
    if (!row) throw new AppError(404, 'not.found', { field: 'ruleId', params: { field: 'ruleId' } });
    await trx.deleteFrom('lottery_number_rule').where('id', '=', ruleId).execute();
    await recordAudit(trx, {
      ...actor,
      action: 'lottery.number_rule.delete',
      targetType: 'lottery_number_rule',
      targetId: ruleId,
      before: { gameId: row.game_id, ...toRuleView(row) },
      after: null,
    });
  });
}
