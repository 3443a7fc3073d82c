import { sql, type Kysely } from 'kysely';

/**
 * Settlements of agent contracts (issue 16; modules/agents README, "Settlement"):
 *
 * - `agent_settlement`: one statement per contract and period (unique: a period is settled once
 *   whatever runs it), with every input of the computation, the amount, and its payment status
 *   (the original's P not paid yet, A paid, R rejected, M adjusted);
 * - the ledger's house account `house_agent_pay`: what the merchant pays agents under its own
 *   contracts (an agent's contract with its downline is paid from the agent's own wallet).
 */
const houseKinds = [
  'house_deposit_clearing',
  'house_withdrawal_payable',
  'house_game',
  'house_adjustment',
  'house_fee',
  'house_bonus',
  'house_trial',
  'house_vendor_transit',
];
const memberKinds = ['member_main', 'member_vendor', 'member_held', 'member_bonus', 'member_trial'];

const kindCheck = (kinds: string[]) =>
  sql.raw(`CHECK (kind IN (${kinds.map((kind) => `'${kind}'`).join(', ')}))`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check,
      ADD CONSTRAINT ledger_account_kind_check ${kindCheck([...memberKinds, ...houseKinds, 'house_agent_pay'])}`.execute(db);
  await sql`
    CREATE TABLE agent_settlement (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      contract_id bigint NOT NULL REFERENCES agent_contract (id),
      kind text NOT NULL,
      -- The period: a day '2026-11-26' (daily salary), later an hour or a dividend period.
      period_key text NOT NULL,
      holder_id bigint NOT NULL,
      -- Who pays: the upline that offered the contract, null the merchant.
      payer_id bigint,
      -- Every input and the tier reached (team figures, rates), as shown to the agent.
      inputs jsonb NOT NULL,
      gross_minor bigint NOT NULL CHECK (gross_minor >= 0),
      status text NOT NULL CHECK (status IN ('P', 'A', 'R', 'M')),
      -- Why a statement waits (P): e.g. the upline's wallet did not hold the downline's share.
      note text,
      computed_at timestamptz NOT NULL,
      paid_at timestamptz,
      CONSTRAINT agent_settlement_paid CHECK ((status = 'A') = (paid_at IS NOT NULL)),
      UNIQUE (contract_id, period_key),
      FOREIGN KEY (holder_id, merchant_id) REFERENCES member (id, merchant_id),
      FOREIGN KEY (payer_id, merchant_id) REFERENCES member (id, merchant_id)
    )`.execute(db);
  await sql`CREATE INDEX agent_settlement_period_idx ON agent_settlement (merchant_id, kind, period_key)`.execute(db);
  await sql`CREATE INDEX agent_settlement_holder_idx ON agent_settlement (holder_id, period_key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE agent_settlement`.execute(db);
  await sql`DELETE FROM ledger_account WHERE kind = 'house_agent_pay'`.execute(db);
  await sql`
    ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check,
      ADD CONSTRAINT ledger_account_kind_check ${kindCheck([...memberKinds, ...houseKinds])}`.execute(db);
}
