import { sql, type Kysely } from 'kysely';

/**
 * Salary and dividend contracts (modules/agent-contracts): an upline offers a downline a contract of one
 * kind with its terms; the downline accepts or rejects it; either side may terminate an active one.
 * At most one offered-or-active contract per member and kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_contract (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      upline_member_id bigint NOT NULL,
      member_id bigint NOT NULL,
      kind text NOT NULL CHECK (kind IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
      terms jsonb NOT NULL,
      status text NOT NULL CHECK (status IN ('offered', 'active', 'rejected', 'terminated')),
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      FOREIGN KEY (upline_member_id, merchant_id) REFERENCES member (id, merchant_id),
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      CHECK (upline_member_id <> member_id)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX agent_contract_open_idx ON agent_contract (member_id, kind) WHERE status IN ('offered', 'active')`.execute(db);
  await sql`CREATE INDEX agent_contract_upline_idx ON agent_contract (upline_member_id, kind, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE agent_contract`.execute(db);
}
