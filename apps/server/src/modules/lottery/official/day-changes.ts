import {
  adminLotteryDayChangeErrorCodes as codes,
  adminLotteryResultErrorCodes,
  errorCodes,
  type AdminLotteryDayChange,
  type AdminLotteryDayChangeAdded,
  type AdminLotteryDayChanges,
  type OfficialLotteryFamily,
} from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../backoffice/index.ts';
import { cancelDrawAndRefund } from './cancel-overdue-draws.ts';
import { lockOfficialCalendars } from './create-official-draws.ts';
import { bangkokDayOf, drawTimesOn, isScheduledDay } from './official-calendar.ts';

/**
 * Holiday day changes of the official calendars (README "Day changes", contract
 * lottery-day-changes.ts): a scheduled draw day moved to another day or skipped, added and removed by
 * an operator with `lottery.results`, audited. Every change runs under the calendars' lock
 * (lockOfficialCalendars) and holds the day's draw row FOR UPDATE, which bet placement share-locks: a
 * bet is taken before the change (and counted) or after it (on the draw as changed).
 */
export interface DayChangeActor {
  operatorId: bigint;
  merchantId: number;
  ip: string;
  nowMs: number;
  language: 'TH' | 'EN';
}

const numeroOf = (day: string) => day.replaceAll('-', '');
/** A `YYYY-MM-DD` day as a date value for comparisons with date columns. */
const dateOf = (day: string) => sql<Date>`${day}::date`;

function refusal(status: number, code: string, field: string, value?: Record<string, unknown>): AppError {
  return new AppError(status, code, { field, params: { field }, ...(value && { value }) });
}

interface OfficialGameRow {
  id: number;
  code: string;
  name_th: string;
  name_en: string;
  lock_seconds: number;
  month_days: number[];
  weekdays: number[];
  draw_time: string;
}

async function officialGameOf(db: Kysely<Database> | Transaction<Database>, gameCode: string) {
  const game = await db
    .selectFrom('lottery_game as g')
    .leftJoin('lottery_official_schedule as s', 's.game_id', 'g.id')
    .select([
      'g.id',
      'g.code',
      'g.name_th',
      'g.name_en',
      'g.kind',
      'g.lock_seconds',
      's.month_days',
      's.weekdays',
      's.draw_time',
    ])
    .where('g.code', '=', gameCode)
    .executeTakeFirst();
  if (!game) throw refusal(404, errorCodes.notFound, 'gameCode');
  if (game.kind !== 'official' || game.draw_time === null)
    throw refusal(400, adminLotteryResultErrorCodes.notOfficial, 'gameCode');
  return game as OfficialGameRow & { kind: string };
}

const scheduleOf = (game: OfficialGameRow) => ({
  monthDays: game.month_days,
  weekdays: game.weekdays,
  drawTime: game.draw_time,
  lockSeconds: game.lock_seconds,
});

/** A draw of the game by numero, locked, with how many orders it has (any status) and how many wait. */
async function drawWithOrders(trx: Transaction<Database>, gameId: number, numero: string) {
  const draw = await trx
    .selectFrom('lottery_draw')
    .select(['id', 'numero', 'status', 'opens_at', 'locks_at', 'draws_at'])
    .where('game_id', '=', gameId)
    .where('numero', '=', numero)
    .forUpdate()
    .executeTakeFirst();
  if (!draw) return null;
  const counts = await trx
    .selectFrom('lottery_order')
    .select((eb) => [eb.fn.countAll<string>().as('orders')])
    .where('draw_id', '=', draw.id)
    .executeTakeFirstOrThrow();
  return { ...draw, orders: Number(counts.orders) };
}

/** Moves a draw without orders to another day: its numero and times (the day's draw time and lock). */
async function moveDraw(
  trx: Transaction<Database>,
  draw: { id: bigint; opens_at: Date },
  game: OfficialGameRow,
  day: string,
): Promise<void> {
  const times = drawTimesOn(scheduleOf(game), day);
  await trx
    .updateTable('lottery_draw')
    .set({
      numero: numeroOf(day),
      opens_at: new Date(Math.min(draw.opens_at.getTime(), times.locksAtMs)),
      locks_at: new Date(times.locksAtMs),
      draws_at: new Date(times.drawsAtMs),
    })
    .where('id', '=', draw.id)
    .execute();
}

/**
 * Adds a change. Refused: a day that is not one of the game's draw days (400 `not.draw.day`), a day
 * that already has a change (409 `exists`), a day whose bets have closed, or a new day whose bets would
 * already be closed (409 `too.late`), a new day the game already draws on (409 `day.taken`: a scheduled
 * day not itself moved away, another change's new day, or an existing draw). The draw already created
 * for the scheduled day: none, nothing to do (the draw pass creates the new day's); without orders,
 * moved to the new day (numero and times) or cancelled when skipped; with orders, refused (409
 * `has.bets`, value `orders`) unless `refundBets`, then cancelled and every waiting order refunded (12)
 * as the deadline does, and a moved day's draw created on the new day, open for bets. A draw's numero
 * is part of its bets' round id at the wallet, so a draw with bets is never renumbered.
 */
export async function addDayChange(
  db: Kysely<Database>,
  actor: DayChangeActor,
  body: {
    gameCode: string;
    scheduledDay: string;
    drawDay: string | null;
    note?: string | undefined;
    refundBets: boolean;
  },
): Promise<AdminLotteryDayChangeAdded> {
  return db.transaction().execute(async (trx) => {
    await lockOfficialCalendars(trx);
    const game = await officialGameOf(trx, body.gameCode);
    const schedule = scheduleOf(game);
    if (!isScheduledDay(schedule, body.scheduledDay)) throw refusal(400, codes.notDrawDay, 'scheduledDay');
    const existing = await trx
      .selectFrom('lottery_official_day_change')
      .select('game_id')
      .where('game_id', '=', game.id)
      .where('scheduled_day', '=', dateOf(body.scheduledDay))
      .executeTakeFirst();
    if (existing) throw refusal(409, codes.exists, 'scheduledDay');
    if (drawTimesOn(schedule, body.scheduledDay).locksAtMs <= actor.nowMs)
      throw refusal(409, codes.tooLate, 'scheduledDay');
    if (body.drawDay !== null) {
      if (drawTimesOn(schedule, body.drawDay).locksAtMs <= actor.nowMs) throw refusal(409, codes.tooLate, 'drawDay');
      const changes = await trx
        .selectFrom('lottery_official_day_change')
        .select([
          sql<string>`to_char(scheduled_day, 'YYYY-MM-DD')`.as('scheduled'),
          sql<string | null>`to_char(draw_day, 'YYYY-MM-DD')`.as('moved_to'),
        ])
        .where('game_id', '=', game.id)
        .where((eb) =>
          eb.or([eb('scheduled_day', '=', dateOf(body.drawDay!)), eb('draw_day', '=', dateOf(body.drawDay!))]),
        )
        .execute();
      const movedAway = changes.some((change) => change.scheduled === body.drawDay);
      const takenByChange = changes.some((change) => change.moved_to === body.drawDay);
      const taken = await trx
        .selectFrom('lottery_draw')
        .select('id')
        .where('game_id', '=', game.id)
        .where('numero', '=', numeroOf(body.drawDay))
        .executeTakeFirst();
      if (takenByChange || taken || (isScheduledDay(schedule, body.drawDay) && !movedAway))
        throw refusal(409, codes.dayTaken, 'drawDay');
    }
    const draw = await drawWithOrders(trx, game.id, numeroOf(body.scheduledDay));
    let effect: AdminLotteryDayChangeAdded['effect'] = 'none';
    let refundedOrders = 0;
    if (draw && (draw.status === 'open' || draw.status === 'locked')) {
      if (draw.locks_at.getTime() <= actor.nowMs) throw refusal(409, codes.tooLate, 'scheduledDay');
      if (draw.orders > 0 && !body.refundBets) throw refusal(409, codes.hasBets, 'refundBets', { orders: draw.orders });
      if (draw.orders === 0 && body.drawDay !== null) {
        await moveDraw(trx, draw, game, body.drawDay);
        effect = 'moved';
      } else {
        const reason = body.drawDay === null ? 'draw day skipped' : `draw day moved to ${body.drawDay}`;
        refundedOrders = (await cancelDrawAndRefund(trx, draw.id, actor.nowMs, reason)) ?? 0;
        effect = 'cancelled';
        if (body.drawDay !== null) {
          const times = drawTimesOn(schedule, body.drawDay);
          await trx
            .insertInto('lottery_draw')
            .values({
              game_id: game.id,
              numero: numeroOf(body.drawDay),
              opens_at: new Date(Math.min(actor.nowMs, times.locksAtMs)),
              locks_at: new Date(times.locksAtMs),
              draws_at: new Date(times.drawsAtMs),
              status: 'open',
              server_seed: null,
              server_seed_hash: null,
              client_seed: null,
            })
            .execute();
        }
      }
    }
    await trx
      .insertInto('lottery_official_day_change')
      .values({
        game_id: game.id,
        scheduled_day: body.scheduledDay,
        draw_day: body.drawDay,
        note: body.note ? body.note : null,
      })
      .execute();
    await recordAudit(trx, {
      ...actor,
      action: 'lottery.day_change.add',
      targetType: 'lottery_game',
      targetId: game.id,
      before: draw ? { numero: draw.numero, status: draw.status, orders: draw.orders } : null,
      after: {
        gameCode: game.code,
        scheduledDay: body.scheduledDay,
        drawDay: body.drawDay,
        note: body.note ?? null,
        effect,
        refundedOrders,
      },
    });
    const [change] = await changesOf(trx, actor, [game.id], body.scheduledDay, game.code);
    return { change: change!, effect, refundedOrders };
  });
}

/**
 * Why a change can no longer be removed, or null: its scheduled day's bets have closed, or its new
 * day's; a draw of the scheduled day exists (the change cancelled it: its bets were refunded); the new
 * day's draw has orders (moving it back would renumber a draw with bets) or is no longer open.
 */
function usedBecause(
  game: OfficialGameRow,
  change: { scheduled: string; moved_to: string | null },
  scheduledDraw: { status: string } | null,
  movedDraw: { status: string; orders: number } | null,
  nowMs: number,
): string | null {
  const schedule = scheduleOf(game);
  if (drawTimesOn(schedule, change.scheduled).locksAtMs <= nowMs) return 'scheduled day closed';
  if (change.moved_to !== null && drawTimesOn(schedule, change.moved_to).locksAtMs <= nowMs) return 'new day closed';
  if (scheduledDraw) return 'the scheduled day has a draw';
  if (movedDraw && (movedDraw.orders > 0 || movedDraw.status !== 'open')) return 'the moved draw has bets';
  return null;
}

/**
 * Removes a change not yet used (usedBecause: 409 `used`, field `scheduledDay`; 404 unknown). A moved
 * draw without bets goes back to its scheduled day; a skipped day's draw is created by the next pass.
 */
export async function removeDayChange(
  db: Kysely<Database>,
  actor: DayChangeActor,
  gameCode: string,
  scheduledDay: string,
): Promise<{ removed: true }> {
  return db.transaction().execute(async (trx) => {
    await lockOfficialCalendars(trx);
    const game = await officialGameOf(trx, gameCode);
    const change = await trx
      .selectFrom('lottery_official_day_change')
      .select([
        sql<string>`to_char(scheduled_day, 'YYYY-MM-DD')`.as('scheduled'),
        sql<string | null>`to_char(draw_day, 'YYYY-MM-DD')`.as('moved_to'),
        'note',
      ])
      .where('game_id', '=', game.id)
      .where('scheduled_day', '=', dateOf(scheduledDay))
      .forUpdate()
      .executeTakeFirst();
    if (!change) throw refusal(404, errorCodes.notFound, 'scheduledDay');
    const scheduledDraw = await drawWithOrders(trx, game.id, numeroOf(change.scheduled));
    const movedDraw = change.moved_to === null ? null : await drawWithOrders(trx, game.id, numeroOf(change.moved_to));
    const because = usedBecause(game, change, scheduledDraw, movedDraw, actor.nowMs);
    if (because) throw refusal(409, codes.used, 'scheduledDay', { because });
    if (movedDraw) await moveDraw(trx, movedDraw, game, change.scheduled);
    await trx
      .deleteFrom('lottery_official_day_change')
      .where('game_id', '=', game.id)
      .where('scheduled_day', '=', dateOf(scheduledDay))
      .execute();
    await recordAudit(trx, {
      ...actor,
      action: 'lottery.day_change.remove',
      targetType: 'lottery_game',
      targetId: game.id,
      before: { gameCode: game.code, scheduledDay: change.scheduled, drawDay: change.moved_to, note: change.note },
      after: { movedBack: movedDraw ? numeroOf(change.scheduled) : null },
    });
    return { removed: true };
  });
}

/** The changes of games (upcoming: scheduled or new day today or later), or one change by its scheduled day. */
async function changesOf(
  db: Kysely<Database> | Transaction<Database>,
  actor: Pick<DayChangeActor, 'nowMs' | 'language'>,
  gameIds: readonly number[],
  scheduledDay?: string,
  onlyGameCode?: string,
): Promise<AdminLotteryDayChange[]> {
  if (gameIds.length === 0) return [];
  const today = bangkokDayOf(actor.nowMs);
  let query = db
    .selectFrom('lottery_official_day_change as c')
    .innerJoin('lottery_game as g', 'g.id', 'c.game_id')
    .innerJoin('lottery_official_schedule as s', 's.game_id', 'g.id')
    .select([
      'g.id',
      'g.code',
      'g.name_th',
      'g.name_en',
      'g.lock_seconds',
      's.month_days',
      's.weekdays',
      's.draw_time',
      'c.note',
      sql<string>`to_char(c.scheduled_day, 'YYYY-MM-DD')`.as('scheduled'),
      sql<string | null>`to_char(c.draw_day, 'YYYY-MM-DD')`.as('moved_to'),
    ])
    .where('c.game_id', 'in', gameIds);
  query =
    scheduledDay === undefined
      ? query.where((eb) => eb.or([eb('c.scheduled_day', '>=', dateOf(today)), eb('c.draw_day', '>=', dateOf(today))]))
      : query.where('c.scheduled_day', '=', dateOf(scheduledDay));
  if (onlyGameCode) query = query.where('g.code', '=', onlyGameCode);
  const rows = await query.orderBy('c.scheduled_day').orderBy('g.sort_order').execute();
  if (rows.length === 0) return [];
  const numeros = [
    ...new Set(rows.flatMap((row) => [numeroOf(row.scheduled), ...(row.moved_to ? [numeroOf(row.moved_to)] : [])])),
  ];
  const draws = await db
    .selectFrom('lottery_draw as d')
    .leftJoin('lottery_order as o', 'o.draw_id', 'd.id')
    .select(['d.game_id', 'd.numero', 'd.status', (eb) => eb.fn.count<string>('o.id').as('orders')])
    .where('d.game_id', 'in', [...new Set(rows.map((row) => row.id))])
    .where('d.numero', 'in', numeros)
    .groupBy(['d.game_id', 'd.numero', 'd.status'])
    .execute();
  const drawOf = (gameId: number, day: string | null) => {
    if (day === null) return null;
    const draw = draws.find((item) => item.game_id === gameId && item.numero === numeroOf(day));
    return draw ? { numero: draw.numero, status: draw.status, orders: Number(draw.orders) } : null;
  };
  return rows.map((row) => {
    const scheduledDraw = drawOf(row.id, row.scheduled);
    const movedDraw = drawOf(row.id, row.moved_to);
    return {
      gameCode: row.code,
      gameName: actor.language === 'TH' ? row.name_th : row.name_en,
      scheduledDay: row.scheduled,
      drawDay: row.moved_to,
      note: row.note,
      draw: movedDraw ?? scheduledDraw,
      isRemovable: usedBecause(row, row, scheduledDraw, movedDraw, actor.nowMs) === null,
    };
  });
}

/** The official games with their calendars, and the upcoming changes (of one game, when given). */
export async function listDayChanges(
  db: Kysely<Database>,
  actor: Pick<DayChangeActor, 'nowMs' | 'language'>,
  gameCode?: string,
): Promise<AdminLotteryDayChanges> {
  const games = await db
    .selectFrom('lottery_game as g')
    .innerJoin('lottery_official_schedule as s', 's.game_id', 'g.id')
    .select(['g.id', 'g.code', 'g.name_th', 'g.name_en', 'g.family', 's.month_days', 's.weekdays', 's.draw_time'])
    .where('g.kind', '=', 'official')
    .orderBy('g.sort_order')
    .execute();
  if (gameCode !== undefined && !games.some((game) => game.code === gameCode)) await officialGameOf(db, gameCode);
  return {
    games: games.map((game) => ({
      gameCode: game.code,
      gameName: actor.language === 'TH' ? game.name_th : game.name_en,
      family: game.family as OfficialLotteryFamily,
      weekdays: game.weekdays,
      monthDays: game.month_days,
      drawTime: game.draw_time.slice(0, 5),
    })),
    changes: await changesOf(
      db,
      actor,
      games.map((game) => game.id),
      undefined,
      gameCode,
    ),
  };
}
