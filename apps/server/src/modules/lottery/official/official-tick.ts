import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { cancelOverdueDraws, type OverdueOutcome } from './cancel-overdue-draws.ts';
import { createOfficialDrawsAhead } from './create-official-draws.ts';

/** What the official games' part of a pass did. */
export interface OfficialTickResult extends OverdueOutcome {
  created: number;
}

/**
 * The official games' part of the draw loop's pass (runLotteryTick): their draws created ahead on
 * their calendars, and the draws past their result deadline cancelled and refunded. Results
 * themselves come from operators (result-entries.ts); a confirmed one leaves the draw `drawn`, which
 * the pass's settlement then settles like a house draw.
 */
export async function runOfficialTick(db: Kysely<Database>, nowMs: number): Promise<OfficialTickResult> {
  const created = await createOfficialDrawsAhead(db, nowMs);
  const overdue = await cancelOverdueDraws(db, nowMs);
  return { created, ...overdue };
}
