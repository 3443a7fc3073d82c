import { sql, type Kysely } from 'kysely';

/**
 * Indexes the reports (modules/reports) read a day's detail through, so summing one day or reading
 * today live touches that day's rows only, not every deposit, withdrawal or member of the merchant:
 * approved deposits by approval time, paid withdrawals by payment time, members by registration time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX deposit_merchant_approved_idx ON deposit (merchant_id, settled_at) WHERE status = 'approved'`.execute(
    db,
  );
  await sql`
    CREATE INDEX withdrawal_merchant_paid_idx ON withdrawal (merchant_id, reviewed_at)
    WHERE status IN ('approved', 'received', 'not_received')`.execute(db);
  await sql`CREATE INDEX member_merchant_created_idx ON member (merchant_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX member_merchant_created_idx, withdrawal_merchant_paid_idx, deposit_merchant_approved_idx`.execute(
    db,
  );
}
