import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { drawsAheadMs } from '../create-draws-ahead.ts';
import { drawSlotsBetween } from '../draw-calendar.ts';
import { yeekeeKind } from './yeekee.tables.ts';

/**
 * Creates the rounds of every enabled Yee-Kee game from its latest round (or now) up to
 * `nowMs + aheadMs`, on the house games' calendar (every `draw_interval_seconds` from Bangkok midnight,
 * numero `YYYYMMDD-NNNN`: draw-calendar.ts). A round has no seeds: its result comes from the shots.
 * Idempotent like createDrawsAhead: the unique (game, numero) and ON CONFLICT DO NOTHING make a rerun,
 * or another instance at the same time, add nothing. Answers how many rounds it created.
 */
export async function createYeekeeDrawsAhead(
  db: Kysely<Database>,
  nowMs: number,
  aheadMs = drawsAheadMs,
): Promise<number> {
  const games = await db
    .selectFrom('lottery_game as g')
    .select((eb) => [
      'g.id',
      'g.draw_interval_seconds',
      'g.lock_seconds',
      eb
        .selectFrom('lottery_draw as d')
        .whereRef('d.game_id', '=', 'g.id')
        .select((inner) => inner.fn.max('d.draws_at').as('latest'))
        .as('latest_draws_at'),
    ])
    .where(sql<boolean>`g.kind = ${yeekeeKind}`)
    .where('g.enabled', '=', true)
    .execute();
  let created = 0;
  for (const game of games) {
    if (game.draw_interval_seconds === null) continue;
    const latestMs = game.latest_draws_at ? new Date(game.latest_draws_at).getTime() : 0;
    const slots = drawSlotsBetween(
      { intervalSeconds: game.draw_interval_seconds, lockSeconds: game.lock_seconds },
      Math.max(latestMs, nowMs),
      nowMs + aheadMs,
      nowMs,
    );
    if (slots.length === 0) continue;
    const inserted = await db
      .insertInto('lottery_draw')
      .values(
        slots.map((slot) => ({
          game_id: game.id,
          numero: slot.numero,
          opens_at: new Date(slot.opensAtMs),
          locks_at: new Date(slot.locksAtMs),
          draws_at: new Date(slot.drawsAtMs),
          status: 'open' as const,
        })),
      )
      .onConflict((conflict) => conflict.constraint('lottery_draw_key').doNothing())
      .returning(sql<number>`1`.as('one'))
      .execute();
    created += inserted.length;
  }
  return created;
}
