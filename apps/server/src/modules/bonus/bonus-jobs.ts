import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { expireBonuses, settleActiveBonuses } from './bonus-engine.ts';

export const bonusExpireJobName = 'bonus.expire';

/** The job `bonus.expire` (every minute): expired grants end, then members with active grants are settled. */
export async function runBonusJob(db: Kysely<Database>, nowMs: number): Promise<Record<string, number>> {
  return { expired: await expireBonuses(db, nowMs), membersSettled: await settleActiveBonuses(db, nowMs) };
}
