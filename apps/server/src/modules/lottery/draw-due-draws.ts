import { drawLotteryResult, HOUSE_DRAWN_FAMILIES, type HouseDrawnFamily, type LotteryResult } from '@lotus/fair';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A draw this call drew (and no other call did). */
export interface DrawnDraw {
  drawId: bigint;
  gameCode: string;
  numero: string;
  result: LotteryResult;
}

const isHouseDrawn = (family: string): family is HouseDrawnFamily =>
  (HOUSE_DRAWN_FAMILIES as readonly string[]).includes(family);

/** Marks the open draws whose lock time has come as locked: no bet is taken on them any more. */
export async function lockDueDraws(db: Kysely<Database>, nowMs: number): Promise<number> {
  const locked = await db
    .updateTable('lottery_draw')
    .set({ status: 'locked' })
    .where('status', '=', 'open')
    .where('locks_at', '<=', new Date(nowMs))
    .executeTakeFirst();
  return Number(locked.numUpdatedRows);
}

/**
 * Draws every house draw that is due (`draws_at <= now`, still open or locked), overdue ones included
 * (a restart draws what was missed), oldest first. The result is computed from the draw's own seeds,
 * so whoever computes it gets the same one; the UPDATE only takes a row still open or locked, and
 * PostgreSQL re-checks that condition on a row another transaction has just updated, so of two
 * instances racing on the same draw exactly one gets the row back. Answers the draws this call drew.
 */
export async function drawDueDraws(db: Kysely<Database>, nowMs: number, limit = 500): Promise<DrawnDraw[]> {
  const due = await db
    .selectFrom('lottery_draw as d')
    .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
    .select(['d.id', 'd.numero', 'd.server_seed', 'd.client_seed', 'g.code', 'g.family'])
    .where('d.status', 'in', ['open', 'locked'])
    .where('d.draws_at', '<=', new Date(nowMs))
    .where('g.kind', '=', 'house')
    .orderBy('d.draws_at')
    .limit(limit)
    .execute();
  const drawn: DrawnDraw[] = [];
  for (const draw of due) {
    if (!isHouseDrawn(draw.family) || draw.server_seed === null || draw.client_seed === null) continue;
    const result = drawLotteryResult(draw.family, {
      serverSeed: draw.server_seed,
      clientSeed: draw.client_seed,
      nonce: 0,
    });
    const updated = await db
      .updateTable('lottery_draw')
      .set({ status: 'drawn', result: JSON.stringify(result), drawn_at: new Date(nowMs) })
      .where('id', '=', draw.id)
      .where('status', 'in', ['open', 'locked'])
      .returning('id')
      .executeTakeFirst();
    if (updated) drawn.push({ drawId: draw.id, gameCode: draw.code, numero: draw.numero, result });
  }
  return drawn;
}

/**
 * The instant (epoch ms) of the next lock or draw this loop has to do, or null when nothing is
 * scheduled. Locks are any game's; draws only those the loop draws itself (house and Yee-Kee): an official draw past its instant waits for
 * its result, and counting it would wake the loop at once, pass after pass.
 */
export async function nextDrawEventMs(db: Kysely<Database>): Promise<number | null> {
  const row = await db
    .selectFrom('lottery_draw as d')
    .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
    .select((eb) => [
      eb.fn.min('d.locks_at').filterWhere('d.status', '=', 'open').as('next_lock'),
      eb.fn
        .min('d.draws_at')
        .filterWhere((inner) =>
          inner.and([inner('d.status', 'in', ['open', 'locked']), inner('g.kind', 'in', ['house', 'yeekee'])]),
        )
        .as('next_draw'),
    ])
    .where('d.status', 'in', ['open', 'locked'])
    .executeTakeFirst();
  const instants = [row?.next_lock, row?.next_draw]
    .filter((value) => value != null)
    .map((value) => new Date(value).getTime());
  return instants.length > 0 ? Math.min(...instants) : null;
}
