import { sql, type Kysely } from 'kysely';

/**
 * The back-office's bonus cost report (issue 17 "Back-office"; modules/bonus README "Bonus cost").
 *
 * `member_bonus.closed_amount`: what a grant's close moved (converted to cash, or forfeited or expired
 * back to the house): the row's `remaining` becomes 0 at close, so without it the split between money
 * converted and money spent in bets would be lost. NULL while active; 0 when nothing remained; the
 * whole amount for a grant paid straight to cash (no turnover: "converted at once"). Spent in bets =
 * amount − closed_amount once closed.
 *
 * `member_bonus.source_group`: what the report groups a source kind's grants by: the promotion's id
 * (as text) for grants a promotion paid (kinds `promotion` and `issued`); NULL for the others.
 *
 * Existing rows are filled by `backfillBonusCost` (exported so the test can run it again on rows it
 * cleared): closed_amount from the close posting's transfer (grants close in one posting of one
 * transfer, `close:<id>`), the amount for a `no_turnover` grant, else 0; source_group from the
 * promotion reward that holds the grant (`promotion_claim.bonus_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE member_bonus
      ADD COLUMN closed_amount bigint,
      ADD COLUMN source_group text`.execute(db);
  await backfillBonusCost(db);
  await sql`
    ALTER TABLE member_bonus
      ADD CONSTRAINT member_bonus_closed_amount CHECK (
        (status = 'active') = (closed_amount IS NULL) AND (closed_amount IS NULL OR closed_amount BETWEEN 0 AND amount)
      ),
      ADD CONSTRAINT member_bonus_source_group CHECK (source_group IS NULL OR length(source_group) BETWEEN 1 AND 100)`.execute(
    db,
  );
  // The report reads a merchant's grants granted in its days and those closed in them.
  await sql`CREATE INDEX member_bonus_merchant_created_idx ON member_bonus (merchant_id, created_at)`.execute(db);
  await sql`CREATE INDEX member_bonus_merchant_closed_idx ON member_bonus (merchant_id, closed_at) WHERE closed_at IS NOT NULL`.execute(
    db,
  );
}

/** Fills closed_amount and source_group of rows that lack them (rerunnable: rows already filled are left alone). */
export async function backfillBonusCost(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE member_bonus b
    SET closed_amount = CASE
      WHEN b.close_posting_id IS NOT NULL THEN
        (SELECT sum(t.amount) FROM ledger_transfer t WHERE t.posting_id = b.close_posting_id)
      WHEN b.close_reason = 'no_turnover' THEN b.amount
      ELSE 0
    END
    WHERE b.status <> 'active' AND b.closed_amount IS NULL`.execute(db);
  await sql`
    UPDATE member_bonus b
    SET source_group = c.promotion_id::text
    FROM promotion_claim c
    WHERE c.bonus_id = b.id AND c.merchant_id = b.merchant_id AND b.source_group IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX member_bonus_merchant_closed_idx`.execute(db);
  await sql`DROP INDEX member_bonus_merchant_created_idx`.execute(db);
  await sql`
    ALTER TABLE member_bonus
      DROP CONSTRAINT member_bonus_source_group,
      DROP CONSTRAINT member_bonus_closed_amount,
      DROP COLUMN source_group,
      DROP COLUMN closed_amount`.execute(db);
}
