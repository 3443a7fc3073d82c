import { sql, type Kysely } from 'kysely';

/**
 * The merchant rule "an upline's shortfall is advanced and carried forward" (issue 16 "Settlement";
 * modules/agents README, "Carried debt"; configuration `agentSettlement.shortfall: 'advance'`). Wallets
 * never go below zero (ledger invariant 3), so the upline's negative balance is kept here instead:
 *
 * - `agent_settlement_debt`: one row per statement the merchant helped pay (unique: a statement is
 *   paid once, so its advance is recorded once): the upline that owes it, the part the house account
 *   `house_agent_pay` paid because the upline's wallet did not hold it, how much of it has been
 *   recovered, and when the last of it was;
 * - `agent_settlement_debt_recovery`: every recovery, taken from a later settlement payment to the
 *   debtor in that payment's own ledger posting (debtor → `house_agent_pay`), oldest debt first;
 * - `agent_settlement (payer_id)`: the agent's DIRECT statements list filters by the payer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_settlement_debt (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      -- The statement the merchant advanced part of (its payer is the debtor).
      settlement_id bigint NOT NULL REFERENCES agent_settlement (id),
      debtor_id bigint NOT NULL,
      -- What house_agent_pay paid the holder in the debtor's place.
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      recovered_minor bigint NOT NULL DEFAULT 0,
      -- The statement's payment, which holds the advance.
      posting_id bigint NOT NULL,
      created_at timestamptz NOT NULL,
      -- When the last of it was recovered; null while some is outstanding.
      recovered_at timestamptz,
      CONSTRAINT agent_settlement_debt_recovered CHECK (recovered_minor >= 0 AND recovered_minor <= amount_minor),
      CONSTRAINT agent_settlement_debt_recovered_at CHECK ((recovered_minor = amount_minor) = (recovered_at IS NOT NULL)),
      UNIQUE (settlement_id),
      FOREIGN KEY (debtor_id, merchant_id) REFERENCES member (id, merchant_id)
    )`.execute(db);
  // A debtor's outstanding debts, oldest first: what each payment to it reads and recovers.
  await sql`
    CREATE INDEX agent_settlement_debt_outstanding_idx ON agent_settlement_debt (debtor_id, id)
      WHERE recovered_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE agent_settlement_debt_recovery (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      debt_id bigint NOT NULL REFERENCES agent_settlement_debt (id),
      -- The statement whose payment to the debtor the recovery was taken from.
      settlement_id bigint NOT NULL REFERENCES agent_settlement (id),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      posting_id bigint NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (debt_id, posting_id)
    )`.execute(db);
  await sql`
    CREATE INDEX agent_settlement_debt_recovery_settlement_idx ON agent_settlement_debt_recovery (settlement_id)`.execute(
    db,
  );
  await sql`CREATE INDEX agent_settlement_payer_idx ON agent_settlement (payer_id, period_key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX agent_settlement_payer_idx`.execute(db);
  await sql`DROP TABLE agent_settlement_debt_recovery`.execute(db);
  await sql`DROP TABLE agent_settlement_debt`.execute(db);
}
