import { sql, type Kysely } from 'kysely';

/**
 * Rebates (issue 17 "Rebates"; modules/rebates README): a percent of a member's valid bets of a day,
 * per product type, paid automatically by a daily job or claimed by the member (one of the two per
 * merchant).
 *
 * `rebate_setting`: a merchant's rules, one row (none: rebates off).
 * `rebate_day_run`: one row per merchant and day the automatic job has settled, its exactly-once key.
 * `rebate_statement`: what a member earned on a day in one product type (unique per member, day and
 * product): the valid bet, the rate and the rebate after the daily cap; `claimed_minor` is what manual
 * claims have taken of it (an automatic payout pays the member's day whole, in `rebate_payout`).
 * `rebate_payout`: every payment, one row per automatic member day (unique source key) or per claim,
 * with the ledger posting or bonus it made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rebate_setting (
      merchant_id integer PRIMARY KEY REFERENCES merchant (id),
      mode text NOT NULL CHECK (mode IN ('automatic', 'manual')),
      -- Rates per product type in ppm of the valid bet ({"LIVE": 5000} is 0.5 %).
      rates jsonb NOT NULL,
      min_payout_minor bigint NOT NULL CHECK (min_payout_minor >= 0),
      daily_cap_minor bigint CHECK (daily_cap_minor > 0),
      -- The rebate's own turnover: required = rebate x multiplier / 100 (0: straight to cash).
      turnover_multiplier_centi integer NOT NULL CHECK (turnover_multiplier_centi BETWEEN 0 AND 10000),
      version integer NOT NULL DEFAULT 1,
      updated_by bigint REFERENCES operator (id),
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE rebate_day_run (
      merchant_id integer NOT NULL REFERENCES merchant (id),
      day date NOT NULL,
      statements integer NOT NULL,
      members_paid integer NOT NULL,
      paid_minor bigint NOT NULL,
      completed_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_id, day)
    )`.execute(db);
  await sql`
    CREATE TABLE rebate_statement (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL,
      day date NOT NULL,
      product_type text NOT NULL,
      mode text NOT NULL CHECK (mode IN ('automatic', 'manual')),
      valid_bet_minor bigint NOT NULL CHECK (valid_bet_minor >= 0),
      rate_ppm integer NOT NULL CHECK (rate_ppm >= 0),
      rebate_minor bigint NOT NULL CHECK (rebate_minor >= 0),
      claimed_minor bigint NOT NULL DEFAULT 0 CHECK (claimed_minor >= 0 AND claimed_minor <= rebate_minor),
      created_at timestamptz NOT NULL,
      -- No foreign key to member: the rows come from bet records, whose members exist, and the daily
      -- job inserts some 10^5 of them at once (a key check per row would be a tenth of its time).
      CONSTRAINT rebate_statement_key UNIQUE (merchant_id, day, member_id, product_type)
    )`.execute(db);
  await sql`CREATE INDEX rebate_statement_member_idx ON rebate_statement (member_id, day)`.execute(db);
  await sql`
    CREATE TABLE rebate_payout (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint NOT NULL,
      day date NOT NULL,
      kind text NOT NULL CHECK (kind IN ('automatic', 'claim')),
      -- auto:<memberId>:<day> or claim:<uuid>: one payment per key, whoever runs it.
      source_key text NOT NULL,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      -- Per product type, minor units as strings: {"LIVE": "1250"}.
      amounts jsonb NOT NULL,
      turnover_required_minor bigint NOT NULL CHECK (turnover_required_minor >= 0),
      bonus_id bigint,
      created_at timestamptz NOT NULL,
      CONSTRAINT rebate_payout_source_key UNIQUE (merchant_id, source_key),
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id)
    )`.execute(db);
  await sql`CREATE INDEX rebate_payout_member_idx ON rebate_payout (member_id, created_at)`.execute(db);
  await sql`CREATE INDEX rebate_payout_merchant_created_idx ON rebate_payout (merchant_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rebate_payout, rebate_statement, rebate_day_run, rebate_setting`.execute(db);
}
