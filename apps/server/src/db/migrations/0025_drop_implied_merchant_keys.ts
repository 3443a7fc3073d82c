import { sql, type Kysely } from 'kysely';

/**
 * The seamless wallet's three busiest tables each checked their merchant twice on every insert: once
 * through `(member_id, merchant_id) REFERENCES member (id, merchant_id)` and once through
 * `merchant_id REFERENCES merchant`. The first implies the second (a member's merchant_id references
 * the merchant), so the second only cost a foreign-key check per row: about one in five of a bet's
 * (modules/vendor-wallet README, "Group commit"). Both columns are NOT NULL, so the member key is always
 * checked: no integrity is given up.
 */
const implied = [
  { table: 'vendor_transaction', constraint: 'vendor_transaction_merchant_id_fkey' },
  { table: 'vendor_round', constraint: 'vendor_round_merchant_id_fkey' },
  { table: 'bet_record', constraint: 'bet_record_merchant_id_fkey' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, constraint } of implied) {
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.ref(constraint)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, constraint } of implied) {
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(constraint)} FOREIGN KEY (merchant_id) REFERENCES merchant (id)`.execute(db);
  }
}
