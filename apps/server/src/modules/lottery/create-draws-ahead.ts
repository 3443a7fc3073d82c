import { hashServerSeed, newServerSeed } from '@lotus/fair';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { drawSlotsBetween } from './draw-calendar.ts';

/** How far ahead the scheduler keeps every house game's draws created (commitments shown that early). */
export const drawsAheadMs = 30 * 60_000;

/**
 * Creates the draws of every enabled house game from its latest draw (or now) up to `nowMs + aheadMs`,
 * each with a fresh secret server seed, its commitment and the public client seed `gameCode:numero`.
 * Idempotent: the unique (game, numero) and ON CONFLICT DO NOTHING make a second run, or another
 * instance running at the same time, add nothing. Answers how many draws it created.
 */
export async function createDrawsAhead(db: Kysely<Database>, nowMs: number, aheadMs = drawsAheadMs): Promise<number> {
  const untilMs = nowMs + aheadMs;
  const games = await db
    .selectFrom('lottery_game as g')
    .select((eb) => [
      'g.id',
      'g.code',
      'g.draw_interval_seconds',
      'g.lock_seconds',
      eb
        .selectFrom('lottery_draw as d')
        .whereRef('d.game_id', '=', 'g.id')
        .select((inner) => inner.fn.max('d.draws_at').as('latest'))
        .as('latest_draws_at'),
    ])
    .where('g.kind', '=', 'house')
    .where('g.enabled', '=', true)
    .execute();
  let created = 0;
  for (const game of games) {
    if (game.draw_interval_seconds === null) continue;
    const latestMs = game.latest_draws_at ? new Date(game.latest_draws_at).getTime() : 0;
    const slots = drawSlotsBetween(
      { intervalSeconds: game.draw_interval_seconds, lockSeconds: game.lock_seconds },
      Math.max(latestMs, nowMs),
      untilMs,
      nowMs,
    );
    if (slots.length === 0) continue;
    const rows = slots.map((slot) => {
      const serverSeed = newServerSeed();
      return {
        game_id: game.id,
        numero: slot.numero,
        opens_at: new Date(slot.opensAtMs),
        locks_at: new Date(slot.locksAtMs),
        draws_at: new Date(slot.drawsAtMs),
        status: 'open' as const,
        server_seed: serverSeed,
        server_seed_hash: hashServerSeed(serverSeed),
        client_seed: `${game.code}:${slot.numero}`,
      };
    });
    const inserted = await db
      .insertInto('lottery_draw')
      .values(rows)
      .onConflict((conflict) => conflict.constraint('lottery_draw_key').doNothing())
      .returning(sql<number>`1`.as('one'))
      .execute();
    created += inserted.length;
  }
  return created;
}
