// The reports benchmark's data (bench/reports-measure.ts): members, bet records spread evenly over the
// last `days` days up to now in settle-time order, and approved deposits, written by INSERT ... SELECT generate_series in the
// database itself (no row crosses the wire). The bet records go in with their table's indexes and
// constraint triggers set aside (session_replication_role = replica, indexes dropped and built again
// after), which is how a bulk load is done; the result is the table and indexes the server has.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.ts';

export interface GeneratedData {
  merchantId: number;
  members: number;
  betRecords: number;
  deposits: number;
  generateSeconds: number;
}

/** The definitions of bet_record's indexes (the primary key's excepted), to drop and build again. */
async function betRecordIndexes(
  db: Kysely<Database>,
): Promise<Array<{ name: string; definition: string; constraint: boolean }>> {
  const { rows } = await sql<{ name: string; definition: string; constraint: boolean }>`
    SELECT i.indexname AS name, i.indexdef AS definition,
           EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname) AS constraint
    FROM pg_indexes i WHERE i.tablename = 'bet_record' AND i.indexname <> 'bet_record_pkey'`.execute(db);
  return rows;
}

export async function generateReportData(
  db: Kysely<Database>,
  options: { betRecords: number; members: number; days: number; nowMs: number; log: (line: string) => void },
): Promise<GeneratedData> {
  const startedAt = Date.now();
  const merchant = await sql<{ id: number }>`SELECT id FROM merchant WHERE code = 'demo'`.execute(db);
  const merchantId = merchant.rows[0]!.id;
  const now = new Date(options.nowMs);
  const since = new Date(options.nowMs - options.days * 86_400_000);

  await sql`
    INSERT INTO member (merchant_id, username, username_key, language, password_hash, password_changed_at,
      register_method, register_ip, register_device, created_at)
    SELECT ${merchantId}, 'bench' || n, 'bench' || n, 'TH', 'not-a-hash', ${since}, 'WEB', '127.0.0.1', 'web',
      ${since}::timestamptz + (n::float8 / ${options.members}) * (${now}::timestamptz - ${since}::timestamptz)
    FROM generate_series(1, ${options.members}) AS n`.execute(db);
  const firstMember = await sql<{ id: bigint }>`
    SELECT min(id) AS id FROM member WHERE merchant_id = ${merchantId} AND username LIKE 'bench%'`.execute(db);
  const base = firstMember.rows[0]!.id;
  options.log(`members: ${options.members} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

  const indexes = await betRecordIndexes(db);
  await db.connection().execute(async (connection) => {
    await sql`SET session_replication_role = replica`.execute(connection);
    for (const index of indexes) {
      if (index.constraint) await sql`ALTER TABLE bet_record DROP CONSTRAINT ${sql.id(index.name)}`.execute(connection);
      else await sql`DROP INDEX ${sql.id(index.name)}`.execute(connection);
    }
    // Stakes 1.00-500.99, payouts around 96% of them on average, a random member, the rounds settled one
    // after the other at an even pace over the span and written in that order, as the wallet writes them
    // (so a day's records sit together in the table, as they do in production).
    const chunk = 1_000_000;
    for (let from = 1; from <= options.betRecords; from += chunk) {
      const to = Math.min(from + chunk - 1, options.betRecords);
      const chunkStart = Date.now();
      await sql`
        INSERT INTO bet_record (merchant_id, member_id, vendor_code, vassalage, game_id, round_id, bet_count, stake,
          valid_bet, payout, status, first_bet_at, settled_at, updated_at)
        SELECT ${merchantId}, ${base}::int8 + (hashint4(n::int4) & 2147483647) % ${options.members}, 'HOUSE', v.vassalage, v.game_id,
          'bench-' || n, 1, s.stake, s.stake, (s.stake * ((hashint4(n::int4 + 7) & 2147483647) % 193)) / 100, 'settled', t.at, t.at, t.at
        FROM generate_series(${from}::int8, ${to}::int8) AS n,
          LATERAL (SELECT 100 + (hashint4(n::int4 + 3) & 2147483647) % 50000 AS stake) AS s,
          LATERAL (SELECT ${since}::timestamptz + ((n - 1)::float8 / ${options.betRecords})
                     * (${now}::timestamptz - ${since}::timestamptz) AS at) AS t,
          LATERAL (SELECT CASE n % 4 WHEN 0 THEN 'BRLIVE' ELSE 'BRHOUSE' END AS vassalage,
                          'bench-game-' || (n % 40) AS game_id) AS v`.execute(connection);
      options.log(`bet records: ${to} (${((Date.now() - chunkStart) / 1000).toFixed(1)} s for this million)`);
    }
    for (const index of indexes) {
      const indexStart = Date.now();
      await sql.raw(index.definition).execute(connection);
      if (index.constraint)
        await sql`ALTER TABLE bet_record ADD CONSTRAINT ${sql.id(index.name)} UNIQUE USING INDEX ${sql.id(index.name)}`.execute(
          connection,
        );
      options.log(`index ${index.name}: ${((Date.now() - indexStart) / 1000).toFixed(1)} s`);
    }
    await sql`SET session_replication_role = DEFAULT`.execute(connection);
  });

  // About 1,000 approved deposits a day, each with its ledger posting (the deposit's key to the books).
  const deposits = options.days * 1000;
  await sql`
    WITH postings AS (
      INSERT INTO ledger_posting (merchant_id, source, idempotency_key, request_hash, created_at)
      SELECT ${merchantId}, 'bench-deposit', 'bench-' || n,
        'x', ${since}::timestamptz + (n::float8 / ${deposits}) * (${now}::timestamptz - ${since}::timestamptz)
      FROM generate_series(1, ${deposits}) AS n
      RETURNING id, idempotency_key, created_at
    )
    INSERT INTO deposit (merchant_id, member_id, method_code, amount, fee_amount, currency, status, idempotency_key,
      created_at, expires_at, settled_at, posting_id)
    SELECT ${merchantId}, ${base}::int8 + (hashint4(p.id::int4) & 2147483647) % ${options.members}, 'DEMOPAY',
      10000 + (hashint4(p.id::int4 + 1) & 2147483647) % 500000, 0, 'THB', 'approved', p.idempotency_key,
      p.created_at - interval '2 minutes', p.created_at + interval '1 hour', p.created_at, p.id
    FROM postings AS p`.execute(db);
  await sql`ANALYZE bet_record`.execute(db);
  await sql`ANALYZE deposit`.execute(db);
  await sql`ANALYZE member`.execute(db);
  const generateSeconds = Number(((Date.now() - startedAt) / 1000).toFixed(1));
  return { merchantId, members: options.members, betRecords: options.betRecords, deposits, generateSeconds };
}
