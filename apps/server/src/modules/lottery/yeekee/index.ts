/**
 * Yee-Kee (README): rounds every 15 minutes whose result is computed from the numbers members shoot
 * in. Used by the lottery module's loop (runYeekeeTick) and routes (yeekeeRoutes).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { createYeekeeDrawsAhead } from './create-yeekee-draws.ts';
import { drawDueYeekeeDraws, type YeekeeDrawOutcome } from './draw-yeekee-draws.ts';

export { yeekeeRoutes } from './yeekee.routes.ts';
export { yeekeeKind, type LotteryYeekeeTables } from './yeekee.tables.ts';
export type { YeekeeDrawOutcome } from './draw-yeekee-draws.ts';

/** What the Yee-Kee part of a pass did. */
export interface YeekeeTickResult extends YeekeeDrawOutcome {
  created: number;
}

/**
 * The Yee-Kee part of the draw loop's pass (runLotteryTick): rounds created ahead, and the rounds whose
 * draw instant has come drawn from their shots (or cancelled and refunded when void). Locking at
 * `locks_at` is the loop's own `lockDueDraws` (every game's), and a drawn round is settled by the
 * loop's `settleDrawnDraws` like any draw: call this before the settlement, so a round drawn in a pass
 * is settled in the same pass.
 */
export async function runYeekeeTick(db: Kysely<Database>, nowMs: number): Promise<YeekeeTickResult> {
  const created = await createYeekeeDrawsAhead(db, nowMs);
  const drawn = await drawDueYeekeeDraws(db, nowMs);
  return { created, ...drawn };
}
