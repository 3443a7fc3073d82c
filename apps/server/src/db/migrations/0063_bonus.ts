import { sql, type Kysely } from 'kysely';

/**
 * Bonus money and turnover (issue 17 "Bonus money and turnover"; modules/bonus README).
 *
 * `member_bonus`: one row per grant (a promotion's bonus, a rebate, an operator's issued reward or
 * adjustment), unique per (merchant, source kind, source id) so a repeated grant is a replay. The
 * money itself is the member's `member_bonus` ledger account; `remaining` is this grant's share of it
 * (the bets that spend bonus lower the oldest active grants first), so the sum of `remaining` over a
 * member's active grants equals that account's balance. A grant leaves `active` once: converted (the
 * turnover was met: remaining → member_main), forfeited or expired (remaining → house_bonus).
 *
 * `bonus_setting`: the merchant's rules (what a withdrawal does while a bonus is active, the balance
 * below which active bonuses are forfeited). No row = the defaults (block, no threshold).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_bonus (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL,
      currency text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      remaining bigint NOT NULL CHECK (remaining >= 0 AND remaining <= amount),
      turnover_required bigint NOT NULL CHECK (turnover_required >= 0),
      turnover_counted bigint NOT NULL DEFAULT 0 CHECK (turnover_counted >= 0),
      product_types text[],
      status text NOT NULL CHECK (status IN ('active', 'converted', 'forfeited', 'expired')),
      expires_at timestamptz,
      source_kind text NOT NULL CHECK (source_kind IN ('promotion', 'rebate', 'issued', 'adjustment')),
      source_id text NOT NULL CHECK (length(source_id) BETWEEN 1 AND 100),
      transfer_kind text NOT NULL,
      grant_posting_id bigint NOT NULL,
      close_posting_id bigint,
      close_reason text,
      created_at timestamptz NOT NULL,
      closed_at timestamptz,
      CONSTRAINT member_bonus_source_key UNIQUE (merchant_id, source_kind, source_id),
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      CONSTRAINT member_bonus_closed CHECK ((status = 'active') = (closed_at IS NULL)),
      CONSTRAINT member_bonus_closed_empty CHECK (status = 'active' OR remaining = 0)
    )`.execute(db);
  // A member's active grants, oldest first (spending, turnover); the member's list.
  await sql`CREATE INDEX member_bonus_member_idx ON member_bonus (member_id, id)`.execute(db);
  await sql`CREATE INDEX member_bonus_active_idx ON member_bonus (member_id, id) WHERE status = 'active'`.execute(db);
  // The expiry job: active grants by expiry.
  await sql`CREATE INDEX member_bonus_expiry_idx ON member_bonus (expires_at) WHERE status = 'active' AND expires_at IS NOT NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE bonus_setting (
      merchant_id integer PRIMARY KEY REFERENCES merchant (id),
      withdrawal_rule text NOT NULL DEFAULT 'block' CHECK (withdrawal_rule IN ('block', 'forfeit')),
      forfeit_below_minor bigint CHECK (forfeit_below_minor >= 0),
      updated_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE bonus_setting`.execute(db);
  await sql`DROP TABLE member_bonus`.execute(db);
}
