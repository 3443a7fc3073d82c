import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { bangkokDayOf, officialDrawSlots, type DayChanges } from './official-calendar.ts';

/**
 * Creates the draws of every enabled official game on its calendar (lottery_official_schedule) from
 * today (Bangkok) to its `days_ahead`, numero `YYYYMMDD` of the day the draw happens. An official draw
 * has no seeds: its result is entered (four eyes) or imported. A draw's bets open when it is created.
 * Idempotent like createDrawsAhead: the unique (game, numero) and ON CONFLICT DO NOTHING make a second
 * run, or another instance at the same time, add nothing. A schedule changed later leaves the draws
 * already created as they are (an operator cancels one that should not be). Answers how many it created.
 */
export async function createOfficialDrawsAhead(db: Kysely<Database>, nowMs: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockOfficialCalendars(trx);
    return createInTransaction(trx, nowMs);
  });
}

/**
 * Serialises the calendars' readers and writers: draw creation here and a day change (day-changes.ts),
 * so a change added while the pass runs cannot miss a draw the pass is creating for the changed day.
 */
export async function lockOfficialCalendars(trx: Transaction<Database>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('lottery_official_calendar'))`.execute(trx);
}

async function createInTransaction(db: Transaction<Database>, nowMs: number): Promise<number> {
  const games = await db
    .selectFrom('lottery_game as g')
    .innerJoin('lottery_official_schedule as s', 's.game_id', 'g.id')
    .select(['g.id', 'g.lock_seconds', 's.month_days', 's.weekdays', 's.draw_time', 's.days_ahead'])
    .where('g.kind', '=', 'official')
    .where('g.enabled', '=', true)
    .execute();
  if (games.length === 0) return 0;
  const today = bangkokDayOf(nowMs);
  const changes = await db
    .selectFrom('lottery_official_day_change')
    .select([
      'game_id',
      sql<string>`to_char(scheduled_day, 'YYYY-MM-DD')`.as('scheduled'),
      sql<string | null>`to_char(draw_day, 'YYYY-MM-DD')`.as('moved_to'),
    ])
    .where(
      'game_id',
      'in',
      games.map((game) => game.id),
    )
    .where(sql<boolean>`scheduled_day >= ${today}::date - 7`)
    .execute();
  let created = 0;
  for (const game of games) {
    const gameChanges: DayChanges = new Map(
      changes.filter((change) => change.game_id === game.id).map((change) => [change.scheduled, change.moved_to]),
    );
    const slots = officialDrawSlots(
      {
        monthDays: game.month_days,
        weekdays: game.weekdays,
        drawTime: game.draw_time,
        lockSeconds: game.lock_seconds,
      },
      gameChanges,
      today,
      game.days_ahead + 1,
      nowMs,
    );
    if (slots.length === 0) continue;
    const inserted = await db
      .insertInto('lottery_draw')
      .values(
        slots.map((slot) => ({
          game_id: game.id,
          numero: slot.numero,
          opens_at: new Date(Math.min(nowMs, slot.locksAtMs)),
          locks_at: new Date(slot.locksAtMs),
          draws_at: new Date(slot.drawsAtMs),
          status: 'open' as const,
          server_seed: null,
          server_seed_hash: null,
          client_seed: null,
        })),
      )
      .onConflict((conflict) => conflict.constraint('lottery_draw_key').doNothing())
      .returning(sql<number>`1`.as('one'))
      .execute();
    created += inserted.length;
  }
  return created;
}
