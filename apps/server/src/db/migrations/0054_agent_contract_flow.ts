import { sql, type Kysely } from 'kysely';

/**
 * Contracts as the original runs them (issue 16; modules/agents README, "Contracts"):
 *
 * - statuses become the original's letters: P offered, E a modified offer (it names the signed
 *   contract it replaces), V the upline asked to terminate, A signed, C ended, R refused;
 * - a contract is per product type (LIVE, RNG, ...) and, for dividends, per computation period
 *   (D, W, H semi-monthly, M) and for hourly salary per frequency (H, BH): `period`, '' otherwise;
 * - the manual-claim daily salary is a kind of its own;
 * - the merchant's own contracts with top agents have no upline;
 * - at most one signed (A or V) and one pending (P or E) contract per member, kind, product and period;
 * - `agent_contract_event`: every change of status, who made it and when (the contract's history).
 *
 * The table held no contract outside tests when this landed; the old statuses are mapped anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE agent_contract DROP CONSTRAINT agent_contract_status_check`.execute(db);
  await sql`DROP INDEX agent_contract_open_idx`.execute(db);
  await sql`
    UPDATE agent_contract SET status = CASE status
      WHEN 'offered' THEN 'P' WHEN 'active' THEN 'A' WHEN 'rejected' THEN 'R' ELSE 'C' END`.execute(db);
  await sql`
    ALTER TABLE agent_contract
      ADD CONSTRAINT agent_contract_status_check CHECK (status IN ('P', 'E', 'V', 'A', 'C', 'R')),
      DROP CONSTRAINT agent_contract_kind_check,
      ADD CONSTRAINT agent_contract_kind_check
        CHECK (kind IN ('dividend', 'daily_salary', 'mr_daily_salary', 'hourly_salary', 'realtime_salary')),
      ALTER COLUMN upline_member_id DROP NOT NULL,
      ADD COLUMN product_type text NOT NULL DEFAULT 'LIVE'
        CHECK (product_type IN ('LIVE', 'RNG', 'CONS', 'SPORTS', 'LOTT', 'FISH', 'ELOTT', 'PVP')),
      ADD COLUMN period text NOT NULL DEFAULT '' CHECK (period IN ('', 'D', 'W', 'H', 'M', 'BH')),
      ADD COLUMN replaces_id bigint REFERENCES agent_contract (id),
      ADD COLUMN updated_at timestamptz,
      ADD CONSTRAINT agent_contract_replaces CHECK ((status = 'E') = (replaces_id IS NOT NULL) OR status IN ('A', 'V', 'C', 'R'))`.execute(
    db,
  );
  await sql`ALTER TABLE agent_contract ALTER COLUMN product_type DROP DEFAULT`.execute(db);
  await sql`UPDATE agent_contract SET updated_at = coalesce(decided_at, created_at)`.execute(db);
  await sql`ALTER TABLE agent_contract ALTER COLUMN updated_at SET NOT NULL`.execute(db);
  await sql`
    CREATE UNIQUE INDEX agent_contract_signed_idx ON agent_contract (member_id, kind, product_type, period)
    WHERE status IN ('A', 'V')`.execute(db);
  await sql`
    CREATE UNIQUE INDEX agent_contract_pending_idx ON agent_contract (member_id, kind, product_type, period)
    WHERE status IN ('P', 'E')`.execute(db);
  await sql`
    CREATE TABLE agent_contract_event (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      contract_id bigint NOT NULL REFERENCES agent_contract (id),
      from_status text CHECK (from_status IN ('P', 'E', 'V', 'A', 'C', 'R')),
      to_status text NOT NULL CHECK (to_status IN ('P', 'E', 'V', 'A', 'C', 'R')),
      -- upline: the offering agent; downline: the holder; operator; system: a lower offer accepted above.
      actor text NOT NULL CHECK (actor IN ('upline', 'downline', 'operator', 'system')),
      actor_id bigint,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX agent_contract_event_contract_idx ON agent_contract_event (contract_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE agent_contract_event`.execute(db);
  await sql`DROP INDEX agent_contract_signed_idx`.execute(db);
  await sql`DROP INDEX agent_contract_pending_idx`.execute(db);
  await sql`DELETE FROM agent_contract WHERE status IN ('E', 'V') OR upline_member_id IS NULL`.execute(db);
  await sql`
    ALTER TABLE agent_contract
      DROP CONSTRAINT agent_contract_replaces,
      DROP CONSTRAINT agent_contract_status_check,
      DROP COLUMN product_type,
      DROP COLUMN period,
      DROP COLUMN replaces_id,
      DROP COLUMN updated_at,
      ALTER COLUMN upline_member_id SET NOT NULL`.execute(db);
  await sql`DELETE FROM agent_contract WHERE kind = 'mr_daily_salary'`.execute(db);
  await sql`
    ALTER TABLE agent_contract DROP CONSTRAINT agent_contract_kind_check,
      ADD CONSTRAINT agent_contract_kind_check
        CHECK (kind IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary'))`.execute(db);
  await sql`
    UPDATE agent_contract SET status = CASE status
      WHEN 'P' THEN 'offered' WHEN 'A' THEN 'active' WHEN 'R' THEN 'rejected' ELSE 'terminated' END`.execute(db);
  await sql`
    ALTER TABLE agent_contract ADD CONSTRAINT agent_contract_status_check
      CHECK (status IN ('offered', 'active', 'rejected', 'terminated'))`.execute(db);
  await sql`
    CREATE UNIQUE INDEX agent_contract_open_idx ON agent_contract (member_id, kind)
    WHERE status IN ('offered', 'active')`.execute(db);
}
