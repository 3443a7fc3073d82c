// The rebate benchmark's data (bench/rebates-measure.ts): one merchant (the seeded demo), `members`
// players and `betRecords` settled bet records spread over one day, each of a product type (LIVE, RNG,
// PVP, FISH, SPORTS, LOTT, ELOTT by the row number). Written as bench/agent-settlement-generate.ts writes
// its records: INSERT ... SELECT generate_series in the database (no row crosses the wire), members and
// amounts from hashint4 of the row number (the same data on every run), bet_record's indexes set aside
// during the load and built again after.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.ts';

export interface RebateBenchData {
  merchantId: number;
  members: number;
  betRecords: number;
  day: string;
  generateSeconds: number;
}

export const benchProductTypes = ['LIVE', 'RNG', 'PVP', 'FISH', 'SPORTS', 'LOTT', 'ELOTT'] as const;

export async function generateRebateBenchData(
  db: Kysely<Database>,
  options: {
    members: number;
    betRecords: number;
    day: string;
    dayStart: Date;
    dayEnd: Date;
    log: (line: string) => void;
  },
): Promise<RebateBenchData> {
  const startedAt = Date.now();
  const lap = (what: string, since: number) => options.log(`${what}: ${((Date.now() - since) / 1000).toFixed(1)} s`);
  const merchant = await sql<{ id: number }>`SELECT id FROM merchant WHERE code = 'demo'`.execute(db);
  const merchantId = merchant.rows[0]!.id;
  const registeredAt = new Date(options.dayStart.getTime() - 30 * 86_400_000);
  const membersStart = Date.now();
  const inserted = await sql<{ first: string }>`
    WITH m AS (
      INSERT INTO member (merchant_id, username, username_key, language, password_hash, password_changed_at,
        register_method, register_ip, register_device, created_at, is_agent)
      SELECT ${merchantId}, 'rbp' || n, 'rbp' || n, 'TH', 'not-a-hash', ${registeredAt}, 'WEB', '127.0.0.1', 'web',
        ${registeredAt}, 0
      FROM generate_series(0, ${options.members - 1}) AS n
      RETURNING id)
    SELECT min(id)::text AS first FROM m`.execute(db);
  const firstMember = inserted.rows[0]!.first;
  await sql`ANALYZE member`.execute(db);
  lap(`${options.members} members`, membersStart);

  const { rows: indexes } = await sql<{ name: string; definition: string; constraint: boolean }>`
    SELECT i.indexname AS name, i.indexdef AS definition,
           EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname) AS constraint
    FROM pg_indexes i WHERE i.tablename = 'bet_record' AND i.indexname <> 'bet_record_pkey'`.execute(db);
  const products = sql.raw(`ARRAY[${benchProductTypes.map((product) => `'${product}'`).join(', ')}]`);
  await db.connection().execute(async (connection) => {
    await sql`SET session_replication_role = replica`.execute(connection);
    await sql`SET maintenance_work_mem = '512MB'`.execute(connection);
    for (const index of indexes) {
      if (index.constraint) await sql`ALTER TABLE bet_record DROP CONSTRAINT ${sql.id(index.name)}`.execute(connection);
      else await sql`DROP INDEX ${sql.id(index.name)}`.execute(connection);
    }
    // Stakes 1.00-500.99, valid bet = stake, payouts around 96 %, settled at an even pace over the day.
    const chunk = 1_000_000;
    for (let from = 1; from <= options.betRecords; from += chunk) {
      const to = Math.min(from + chunk - 1, options.betRecords);
      const chunkStart = Date.now();
      await sql`
        INSERT INTO bet_record (merchant_id, member_id, vendor_code, vassalage, game_id, game_type, round_id, bet_count,
          stake, valid_bet, payout, status, first_bet_at, settled_at, updated_at)
        SELECT ${merchantId}, ${firstMember}::int8 + (hashint4(n::int4 + 11) & 2147483647) % ${options.members}, 'HOUSE',
          'BRHOUSE', 'bench-game-' || (n % 40), (${products})[1 + (hashint4(n::int4 + 5) & 2147483647) % 7],
          'rebates-' || n, 1, s.stake, s.stake, (s.stake * ((hashint4(n::int4 + 7) & 2147483647) % 193)) / 100,
          'settled', t.at, t.at, t.at
        FROM generate_series(${from}::int8, ${to}::int8) AS n,
          LATERAL (SELECT 100 + (hashint4(n::int4 + 3) & 2147483647) % 50000 AS stake) AS s,
          LATERAL (SELECT ${options.dayStart}::timestamptz + ((n - 1)::float8 / ${options.betRecords})
                     * (${options.dayEnd}::timestamptz - ${options.dayStart}::timestamptz) AS at) AS t`.execute(
        connection,
      );
      lap(`bet records: ${to}`, chunkStart);
    }
    for (const index of indexes) {
      const indexStart = Date.now();
      await sql.raw(index.definition).execute(connection);
      if (index.constraint)
        await sql`ALTER TABLE bet_record ADD CONSTRAINT ${sql.id(index.name)} UNIQUE USING INDEX ${sql.id(index.name)}`.execute(
          connection,
        );
      lap(`index ${index.name}`, indexStart);
    }
    await sql`SET session_replication_role = DEFAULT`.execute(connection);
  });
  await sql`VACUUM ANALYZE bet_record`.execute(db);
  return {
    merchantId,
    members: options.members,
    betRecords: options.betRecords,
    day: options.day,
    generateSeconds: Number(((Date.now() - startedAt) / 1000).toFixed(1)),
  };
}
