import { sql, type Kysely } from 'kysely';

/**
 * The payout of a withdrawal carries what the operator's bank transfer shows (modules/withdrawal
 * README, issue 13 point 5):
 *
 * - `withdrawal.payout_reference`: the bank's reference, given when paying; only a paid row has one
 *   (rows paid before this migration keep none). Same shape as the contract's payoutReferencePattern.
 * - `withdrawal_payout_slip`: the optional slip image, apart from the row so lists never read it,
 *   pointed at by `withdrawal.payout_slip_id` (as a deposit points at its proof), so whether a row
 *   has one is known without another read; a slip only with a reference.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE withdrawal_payout_slip (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
      content bytea NOT NULL CHECK (octet_length(content) BETWEEN 1 AND 5242880),
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    ALTER TABLE withdrawal
      ADD COLUMN payout_reference text,
      ADD COLUMN payout_slip_id bigint REFERENCES withdrawal_payout_slip (id),
      ADD CONSTRAINT withdrawal_payout_reference_check CHECK (
        payout_reference IS NULL OR (payout_posting_id IS NOT NULL AND payout_reference ~ '^[A-Za-z0-9][A-Za-z0-9 ._/:#-]{0,63}$')),
      ADD CONSTRAINT withdrawal_payout_slip_check CHECK (payout_slip_id IS NULL OR payout_reference IS NOT NULL),
      ADD CONSTRAINT withdrawal_payout_slip_key UNIQUE (payout_slip_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE withdrawal
      DROP CONSTRAINT withdrawal_payout_slip_key,
      DROP CONSTRAINT withdrawal_payout_slip_check,
      DROP CONSTRAINT withdrawal_payout_reference_check,
      DROP COLUMN payout_slip_id,
      DROP COLUMN payout_reference`.execute(db);
  await sql`DROP TABLE withdrawal_payout_slip`.execute(db);
}
