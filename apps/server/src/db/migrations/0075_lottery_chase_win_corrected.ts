import { sql, type Kysely } from 'kysely';

/**
 * A chase stopped by a win that a corrected official result took back (issue 18; modules/lottery
 * official/README.md "Corrections and chases"): chase status `win_corrected`. The chase's orders the
 * stop refunded (status 6) stay refunded: a correction never places bets again on its own (the member
 * sees why on the orders of the chase, and may bet again). Only the CHECK of `lottery_chase.status`
 * changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lottery_chase DROP CONSTRAINT lottery_chase_status_check`.execute(db);
  await sql`
    ALTER TABLE lottery_chase ADD CONSTRAINT lottery_chase_status_check
      CHECK (status IN ('running', 'won_stopped', 'completed', 'cancelled', 'win_corrected'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE lottery_chase SET status = 'won_stopped' WHERE status = 'win_corrected'`.execute(db);
  await sql`ALTER TABLE lottery_chase DROP CONSTRAINT lottery_chase_status_check`.execute(db);
  await sql`
    ALTER TABLE lottery_chase ADD CONSTRAINT lottery_chase_status_check
      CHECK (status IN ('running', 'won_stopped', 'completed', 'cancelled'))`.execute(db);
}
