import { sql, type Kysely } from 'kysely';

/**
 * Agent ↔ downline transfers (issue 16 "Transfers"; modules/agents README, "Transfers"): one row per
 * recipient of a transfer an agent sends to a downline (single or lucky bag) or a member to its upline,
 * with the remark and the ledger posting that moved the money. The member's Idempotency-Key is unique
 * per sender and recipient, so a rerun after a crash finds its rows instead of writing new ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_transfer (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      kind text NOT NULL CHECK (kind IN ('agent.transfer.downline', 'agent.transfer.luckybag', 'agent.transfer.upline')),
      sender_id bigint NOT NULL,
      receiver_id bigint NOT NULL CHECK (receiver_id <> sender_id),
      amount bigint NOT NULL CHECK (amount > 0),
      remark text NOT NULL DEFAULT '',
      idempotency_key text NOT NULL,
      posting_id bigint NOT NULL REFERENCES ledger_posting (id),
      created_at timestamptz NOT NULL,
      UNIQUE (sender_id, idempotency_key, receiver_id),
      FOREIGN KEY (sender_id, merchant_id) REFERENCES member (id, merchant_id),
      FOREIGN KEY (receiver_id, merchant_id) REFERENCES member (id, merchant_id)
    )`.execute(db);
  await sql`CREATE INDEX agent_transfer_sender_idx ON agent_transfer (sender_id, created_at)`.execute(db);
  await sql`CREATE INDEX agent_transfer_receiver_idx ON agent_transfer (receiver_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE agent_transfer`.execute(db);
}
