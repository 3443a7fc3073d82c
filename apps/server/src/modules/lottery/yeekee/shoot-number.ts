import {
  lotteryYeekeeErrorCodes,
  yeekeeRules,
  type LotteryYeekeeShootRequest,
  type LotteryYeekeeShootResult,
} from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { yeekeeKind, type LotteryYeekeeTables } from './yeekee.tables.ts';

export interface YeekeeShooter {
  merchantId: number;
  memberId: bigint;
}

const shotIntervalMs = yeekeeRules.shotIntervalSeconds * 1000;

/** A refusal of the round named in `numero`. */
const roundError = (status: number, code: string) =>
  new AppError(status, code, { field: 'numero', params: { field: 'numero' } });

/**
 * POST /lgw/yeekee/shoot: a member's number joins the round, with the next place in arrival order.
 *
 * The round must be the one running: open from its `opens_at` (the previous draw's instant) until its
 * draw instant, still open or locked (bets close before the draw, shooting does not). Everything is
 * decided under the lock of the draw row, which the drawing takes too (draw-yeekee-draws.ts): so the
 * places are 1, 2, 3... without gaps however many members shoot at once (each takes max + 1 after the
 * previous holder committed), and a shot either comes before the drawing and is in the result, or
 * after it and is refused. A member shoots once every 5 seconds at most, counted from their latest shot
 * in any round (checked under the same lock, so two shots of one member sent together cannot both
 * pass): a script cannot flood the round, and the 16th place cannot be bought by sheer volume.
 */
export async function shootNumber(
  db: Kysely<Database>,
  shooter: YeekeeShooter,
  request: LotteryYeekeeShootRequest,
  nowMs: number,
): Promise<LotteryYeekeeShootResult> {
  const game = await db
    .selectFrom('lottery_game')
    .select('id')
    .where('id', '=', request.gameId)
    .where('enabled', '=', true)
    .where(sql<boolean>`kind = ${yeekeeKind}`)
    .executeTakeFirst();
  if (!game)
    throw new AppError(400, lotteryYeekeeErrorCodes.notYeekee, { field: 'gameId', params: { field: 'gameId' } });

  return db.transaction().execute(async (trx) => {
    const draw = await trx
      .selectFrom('lottery_draw')
      .select(['id', 'numero', 'status', 'opens_at', 'draws_at'])
      .where('game_id', '=', game.id)
      .where('numero', '=', request.numero)
      .forUpdate()
      .executeTakeFirst();
    if (!draw) throw roundError(400, lotteryYeekeeErrorCodes.roundUnknown);
    if (nowMs < draw.opens_at.getTime()) throw roundError(409, lotteryYeekeeErrorCodes.roundNotOpen);
    if ((draw.status !== 'open' && draw.status !== 'locked') || nowMs >= draw.draws_at.getTime())
      throw roundError(409, lotteryYeekeeErrorCodes.roundClosed);

    const shots = trx.withTables<LotteryYeekeeTables>();
    const latest = await shots
      .selectFrom('lottery_yeekee_shot')
      .select('created_at')
      .where('member_id', '=', shooter.memberId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const nextAllowedMs = latest ? latest.created_at.getTime() + shotIntervalMs : 0;
    if (nowMs < nextAllowedMs) {
      const seconds = Math.max(1, Math.ceil((nextAllowedMs - nowMs) / 1000));
      throw new AppError(429, lotteryYeekeeErrorCodes.tooSoon, {
        params: { seconds },
        retryAfterSeconds: seconds,
        value: { nextShotAt: nextAllowedMs, retryAfterMs: nextAllowedMs - nowMs },
      });
    }

    const { last } = await shots
      .selectFrom('lottery_yeekee_shot')
      .select((eb) => eb.fn.max('seq').as('last'))
      .where('draw_id', '=', draw.id)
      .executeTakeFirstOrThrow();
    const seq = (last ?? 0) + 1;
    await shots
      .insertInto('lottery_yeekee_shot')
      .values({
        draw_id: draw.id,
        seq,
        merchant_id: shooter.merchantId,
        member_id: shooter.memberId,
        number: request.number,
        created_at: new Date(nowMs),
      })
      .execute();
    return { numero: draw.numero, seq, number: request.number, shotTime: nowMs, nextShotAt: nowMs + shotIntervalMs };
  });
}
