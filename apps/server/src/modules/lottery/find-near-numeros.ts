import type { LotteryNearNumeros } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { numeroView } from './lottery-views.ts';

/**
 * GET /lgw/numeros/near: the game's current draw (the earliest not yet due), the one after it, and the
 * previous one (the latest already due). Cancelled draws are skipped. An unknown or disabled game is a
 * 400 naming `gameId`.
 */
export async function findNearNumeros(
  db: Kysely<Database>,
  gameId: number,
  nowMs: number,
): Promise<LotteryNearNumeros> {
  const game = await db
    .selectFrom('lottery_game')
    .selectAll()
    .where('id', '=', gameId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!game) throw AppError.badRequest('gameId');
  const now = new Date(nowMs);
  const [coming, previous] = await Promise.all([
    db
      .selectFrom('lottery_draw')
      .selectAll()
      .where('game_id', '=', gameId)
      .where('draws_at', '>', now)
      .where('status', '!=', 'cancelled')
      .orderBy('draws_at')
      .limit(2)
      .execute(),
    db
      .selectFrom('lottery_draw')
      .selectAll()
      .where('game_id', '=', gameId)
      .where('draws_at', '<=', now)
      .where('status', '!=', 'cancelled')
      .orderBy('draws_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const view = (draw: (typeof coming)[number] | undefined) => (draw ? numeroView(draw, game, nowMs) : null);
  return { currentNumero: view(coming[0]), nextNumero: view(coming[1]), previousNumero: view(previous) };
}
