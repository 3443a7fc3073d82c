import { sql, type Kysely } from 'kysely';

/**
 * The double-entry ledger (modules/ledger, its README states the invariants).
 *
 * - `ledger_account`: one row per (merchant, currency, kind, member, sub-key). Member accounts carry
 *   a stored balance that can never go below zero (CHECK); house accounts keep 0 there and their
 *   balance is derived from transfers, so the hot path never locks a house row.
 * - `ledger_posting`: one row per idempotent request (unique per merchant, source and key) with a
 *   hash of what was asked, so a replay returns the first result and a different ask is refused.
 * - `ledger_transfer`: immutable rows debiting one account and crediting another of the same
 *   merchant and currency (composite foreign keys make a cross-currency leg impossible).
 * - Triggers refuse UPDATE and DELETE on postings and transfers: history is appended, never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Lets ledger accounts prove their member is of the same merchant with a composite foreign key.
  await sql`ALTER TABLE member ADD CONSTRAINT member_id_merchant_key UNIQUE (id, merchant_id)`.execute(db);

  await sql`
    CREATE TABLE ledger_account (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      kind text NOT NULL CHECK (kind IN (
        'member_main', 'member_vendor', 'member_held', 'member_bonus', 'member_trial',
        'house_deposit_clearing', 'house_withdrawal_payable', 'house_game', 'house_adjustment',
        'house_fee', 'house_bonus', 'house_trial')),
      member_id bigint,
      -- The vendor of a sub-wallet or game house account, the channel of a clearing account; '' otherwise.
      sub_key text NOT NULL DEFAULT '',
      balance bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      CONSTRAINT ledger_account_owner_check CHECK ((kind LIKE 'member\\_%') = (member_id IS NOT NULL)),
      CONSTRAINT ledger_account_member_balance_check CHECK (kind NOT LIKE 'member\\_%' OR balance >= 0),
      CONSTRAINT ledger_account_house_balance_check CHECK (kind LIKE 'member\\_%' OR balance = 0),
      CONSTRAINT ledger_account_identity_key UNIQUE NULLS NOT DISTINCT (merchant_id, currency, kind, member_id, sub_key),
      CONSTRAINT ledger_account_leg_key UNIQUE (id, merchant_id, currency)
    )`.execute(db);
  await sql`CREATE INDEX ledger_account_member_idx ON ledger_account (member_id) WHERE member_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE ledger_posting (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      source text NOT NULL CHECK (length(source) BETWEEN 1 AND 64),
      idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
      -- SHA-256 of what the request asked; the same key with another hash is refused.
      request_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      CONSTRAINT ledger_posting_idempotency_key UNIQUE (merchant_id, source, idempotency_key)
    )`.execute(db);

  await sql`
    CREATE TABLE ledger_transfer (
      id bigserial PRIMARY KEY,
      posting_id bigint NOT NULL REFERENCES ledger_posting (id),
      merchant_id integer NOT NULL,
      currency text NOT NULL,
      debit_account_id bigint NOT NULL,
      credit_account_id bigint NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
      reference text NOT NULL CHECK (length(reference) <= 200),
      -- The member account's balance right after this transfer; null on a house account's side.
      debit_balance_after bigint,
      credit_balance_after bigint,
      created_at timestamptz NOT NULL,
      FOREIGN KEY (debit_account_id, merchant_id, currency) REFERENCES ledger_account (id, merchant_id, currency),
      FOREIGN KEY (credit_account_id, merchant_id, currency) REFERENCES ledger_account (id, merchant_id, currency),
      CONSTRAINT ledger_transfer_two_accounts_check CHECK (debit_account_id <> credit_account_id)
    )`.execute(db);
  await sql`CREATE INDEX ledger_transfer_debit_idx ON ledger_transfer (debit_account_id, id)`.execute(db);
  await sql`CREATE INDEX ledger_transfer_credit_idx ON ledger_transfer (credit_account_id, id)`.execute(db);
  await sql`CREATE INDEX ledger_transfer_posting_idx ON ledger_transfer (posting_id)`.execute(db);
  await sql`CREATE INDEX ledger_transfer_reference_idx ON ledger_transfer (merchant_id, reference)`.execute(db);

  await sql`
    CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger history is append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation';
    END $$`.execute(db);
  for (const table of ['ledger_posting', 'ledger_transfer']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_append_only`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()`.execute(db);
    await sql`CREATE TRIGGER ${sql.raw(`${table}_no_truncate`)} BEFORE TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE ledger_transfer`.execute(db);
  await sql`DROP TABLE ledger_posting`.execute(db);
  await sql`DROP FUNCTION ledger_refuse_change()`.execute(db);
  await sql`DROP TABLE ledger_account`.execute(db);
  await sql`ALTER TABLE member DROP CONSTRAINT member_id_merchant_key`.execute(db);
}
