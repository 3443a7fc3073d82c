// The agent settlement benchmark's data (bench/agent-settlement-measure.ts): one merchant (the seeded
// demo), an agent tree of `agents` agents over `levels` levels, `members` players under them, a
// signed daily salary contract on every agent (the top level's with the merchant, every other with its
// upline, each passing validateTiers against its upline's), and `betRecords` settled bet records spread
// over one day. Everything is written by INSERT ... SELECT generate_series in the database itself (no
// row crosses the wire, as bench/reports-generate.ts does), so the data is the same on every run: the
// members and amounts come from hashint4 of the row number, not from a random source. The bet records
// go in with their indexes and constraint triggers set aside and the indexes built again after, which
// is how a bulk load is done; the result is the table and indexes the server has.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.ts';
import {
  validateTiers,
  comparableSalaryTier,
  type SalaryTier,
} from '../apps/server/src/modules/agents/settlement/contract-math.ts';

export interface AgentSettlementData {
  merchantId: number;
  agents: number;
  levels: number;
  members: number;
  betRecords: number;
  contracts: number;
  day: string;
  generateSeconds: number;
}

/** Agents per level, top first: each level a few times the one above, `agents` in all. */
export function levelSizes(agents: number, levels: number): number[] {
  // Weights 1, 4, 15, 30, 50, 100 for six levels (10, 40, 150, 300, 500, 1,000 of 2,000 agents).
  const weights = [1, 4, 15, 30, 50, 100, 150, 200].slice(0, levels);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const sizes = weights.map((weight) => Math.max(1, Math.floor((agents * weight) / total)));
  sizes[sizes.length - 1]! += agents - sizes.reduce((sum, size) => sum + size, 0);
  return sizes;
}

/**
 * The daily salary tiers of an agent at `level` (1: the merchant's own): three tiers, the same
 * thresholds at every level and the rates 0.05 % lower per level down, so every downline's tier stays
 * within its upline's. Leaf agents (about 50 players) reach tier 2; agents with bigger teams tier 3.
 */
export function tiersAt(level: number): SalaryTier[] {
  const cut = 500 * (level - 1);
  return [
    { minimumBetMinor: 100_000n, activeMembers: 1, rate: { kind: 'percent', ppm: 5_000 - cut } },
    { minimumBetMinor: 10_000_000n, activeMembers: 10, rate: { kind: 'percent', ppm: 8_000 - cut } },
    { minimumBetMinor: 500_000_000n, activeMembers: 200, rate: { kind: 'percent', ppm: 10_000 - cut } },
  ];
}

const storedTerms = (tiers: SalaryTier[]) =>
  JSON.stringify({
    type: 'salary',
    tiers: tiers.map((tier) => ({
      minimumBetMinor: tier.minimumBetMinor.toString(),
      activeMembers: tier.activeMembers,
      rate: tier.rate,
    })),
  });

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

export async function generateAgentSettlementData(
  db: Kysely<Database>,
  options: {
    agents: number;
    levels: number;
    members: number;
    betRecords: number;
    /** The day to fill, `YYYY-MM-DD`, and where it begins and ends in UTC. */
    day: string;
    dayStart: Date;
    dayEnd: Date;
    log: (line: string) => void;
  },
): Promise<AgentSettlementData> {
  const startedAt = Date.now();
  const lap = (what: string, since: number) => options.log(`${what}: ${((Date.now() - since) / 1000).toFixed(1)} s`);
  const merchant = await sql<{ id: number }>`SELECT id FROM merchant WHERE code = 'demo'`.execute(db);
  const merchantId = merchant.rows[0]!.id;
  const registeredAt = new Date(options.dayStart.getTime() - 30 * 86_400_000);
  const signedAt = new Date(options.dayStart.getTime() - 86_400_000);
  const sizes = levelSizes(options.agents, options.levels);

  // The agents, level by level: agent i of a level sits under agent floor(i * above / size) of the
  // level above (contiguous blocks, so every agent above has downlines). Usernames say the level.
  const treeStart = Date.now();
  for (const [index, size] of sizes.entries()) {
    const level = index + 1;
    const above = index === 0 ? 0 : sizes[index - 1]!;
    await sql`
      INSERT INTO member (merchant_id, username, username_key, language, password_hash, password_changed_at,
        register_method, register_ip, register_device, created_at, is_agent, upline_id)
      SELECT ${merchantId}, 'bsa' || ${level} || 'x' || n, 'bsa' || ${level} || 'x' || n, 'TH', 'not-a-hash', ${registeredAt},
        'WEB', '127.0.0.1', 'web', ${registeredAt}, 1,
        ${
          level === 1
            ? sql`NULL::int8`
            : sql`(SELECT id FROM member WHERE merchant_id = ${merchantId}
                     AND username_key = 'bsa' || ${level - 1} || 'x' || ((n * ${above}) / ${size}))`
        }
      FROM generate_series(0, ${size - 1}) AS n`.execute(db);
  }
  lap('agents', treeStart);
  // Fresh statistics before each set-based step: without them the planner takes the new rows for an
  // empty table and joins them by scanning (minutes instead of seconds).
  await sql`ANALYZE member, member_hierarchy`.execute(db);
  // The players: player n under agent hash(n) mod agents (any level), isAgent 0.
  await sql`
    INSERT INTO member (merchant_id, username, username_key, language, password_hash, password_changed_at,
      register_method, register_ip, register_device, created_at, is_agent, upline_id)
    SELECT ${merchantId}, 'bsp' || n, 'bsp' || n, 'TH', 'not-a-hash', ${registeredAt}, 'WEB', '127.0.0.1', 'web',
      ${registeredAt}, 0, a.ids[1 + (hashint4(n::int4) & 2147483647) % ${options.agents}]
    FROM generate_series(0, ${options.members - 1}) AS n,
      (SELECT array_agg(id ORDER BY id) AS ids FROM member
        WHERE merchant_id = ${merchantId} AND username_key LIKE 'bsa%') AS a`.execute(db);
  lap('players', treeStart);
  // The closure rows above each member (the trigger wrote the depth-0 ones), one level at a time:
  // a member's ancestors are its upline's, one deeper. Players sit one level below their agent.
  const groups = [...Array.from({ length: options.levels - 1 }, (_, index) => `bsa${index + 2}x%`), 'bsp%'];
  for (const group of groups) {
    await sql`ANALYZE member, member_hierarchy`.execute(db);
    await sql`
      INSERT INTO member_hierarchy (merchant_id, ancestor_id, descendant_id, depth)
      SELECT m.merchant_id, h.ancestor_id, m.id, h.depth + 1
        FROM member m JOIN member_hierarchy h ON h.descendant_id = m.upline_id
       WHERE m.merchant_id = ${merchantId} AND m.username_key LIKE ${group}`.execute(db);
  }
  await sql`ANALYZE member, member_hierarchy`.execute(db);
  lap(`tree: ${options.agents} agents in levels of ${sizes.join(', ')}, ${options.members} players`, treeStart);

  // Every agent's contract: the top level's with the merchant (no upline), the others with their upline.
  for (let level = 2; level <= options.levels; level += 1)
    if (validateTiers(tiersAt(level).map(comparableSalaryTier), tiersAt(level - 1).map(comparableSalaryTier)) !== null)
      throw new Error(`the generated tiers of level ${level} do not pass validateTiers`);
  // Two per agent, live casino and slots: a salary counts its own product type's bets (the records below
  // are a quarter LIVE, the rest RNG).
  for (const [index] of sizes.entries()) {
    const level = index + 1;
    for (const productType of ['LIVE', 'RNG'])
      await sql`
        INSERT INTO agent_contract (merchant_id, upline_member_id, member_id, kind, product_type, period, terms, status,
          replaces_id, created_at, updated_at, decided_at)
        SELECT ${merchantId}, m.upline_id, m.id, 'daily_salary', ${productType}, '', ${storedTerms(tiersAt(level))}::jsonb,
          'A', NULL, ${signedAt}, ${signedAt}, ${signedAt}
          FROM member m WHERE m.merchant_id = ${merchantId} AND m.username_key LIKE ${`bsa${level}x%`}`.execute(db);
  }
  const contracts = await sql<{ n: number }>`
    SELECT count(*)::int4 AS n FROM agent_contract WHERE merchant_id = ${merchantId}`.execute(db);

  const players = await sql<{ first: string }>`
    SELECT min(id)::text AS first FROM member WHERE merchant_id = ${merchantId} AND username_key LIKE 'bsp%'`.execute(
    db,
  );
  const firstPlayer = players.rows[0]!.first; // players are ids first .. first + members - 1 (one INSERT)
  const indexes = await betRecordIndexes(db);
  await db.connection().execute(async (connection) => {
    await sql`SET session_replication_role = replica`.execute(connection);
    await sql`SET maintenance_work_mem = '512MB'`.execute(connection);
    for (const index of indexes) {
      if (index.constraint) await sql`ALTER TABLE bet_record DROP CONSTRAINT ${sql.id(index.name)}`.execute(connection);
      else await sql`DROP INDEX ${sql.id(index.name)}`.execute(connection);
    }
    // Stakes 1.00-500.99, payouts around 96 % of them on average, a player by hash, settled one after
    // the other at an even pace over the day and written in that order, as the wallet writes them.
    const chunk = 1_000_000;
    for (let from = 1; from <= options.betRecords; from += chunk) {
      const to = Math.min(from + chunk - 1, options.betRecords);
      const chunkStart = Date.now();
      await sql`
        INSERT INTO bet_record (merchant_id, member_id, vendor_code, vassalage, game_type, game_id, round_id, bet_count,
          stake, valid_bet, payout, status, first_bet_at, settled_at, updated_at)
        SELECT ${merchantId}, ${firstPlayer}::int8 + (hashint4(n::int4 + 11) & 2147483647) % ${options.members}, 'HOUSE',
          CASE n % 4 WHEN 0 THEN 'BRLIVE' ELSE 'BRHOUSE' END, CASE n % 4 WHEN 0 THEN 'LIVE' ELSE 'RNG' END,
          'bench-game-' || (n % 40), 'agents-' || n, 1,
          s.stake, s.stake, (s.stake * ((hashint4(n::int4 + 7) & 2147483647) % 193)) / 100, 'settled', t.at, t.at, t.at
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
  await sql`ANALYZE agent_contract`.execute(db);
  const generateSeconds = Number(((Date.now() - startedAt) / 1000).toFixed(1));
  return {
    merchantId,
    agents: options.agents,
    levels: options.levels,
    members: options.members,
    betRecords: options.betRecords,
    contracts: contracts.rows[0]!.n,
    day: options.day,
    generateSeconds,
  };
}
