import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database.ts';
import { checkLedger } from '../../ledger/index.ts';
import { statementsPerTransaction } from './pay-statements.ts';
import { settleDailySalaryDay } from './settle-daily-salary.ts';

// Issue 16, "killing the settlement job at a random point and restarting pays exactly once (chaos)":
// the daily salary job runs in a child process on a real database and is SIGKILLed at random moments,
// some at a random time after it connected (computing, storing, paying), some right after a random
// number of statements was paid (so mid-way through the next batch of postings); then it is started
// again until a run finishes. Every statement must be paid exactly once: one posting per statement
// key, every status A, the same statements and balances as a run never killed on a copy of the same
// data, and the books balanced.

const serverDir = path.resolve(import.meta.dirname, '../../../..');
const day = '2026-11-20';
const nowMs = Date.parse('2026-11-21T03:00:00Z');
/** Agents per level, top first (400 contracts; the last level 3 batches of postings), and players under them. */
const levels = [4, 12, 36, 108, 240];
const players = 2000;

let chaosDatabase: TestDatabase;
let cleanDatabase: TestDatabase;
let child: string;

beforeAll(async () => {
  [chaosDatabase, cleanDatabase] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  // Bundled once (as the chaos script bundles the API), so each restart takes well under a second.
  const pkg = JSON.parse(await readFile(path.join(serverDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  child = path.join(serverDir, '.chaos-build', `settle-daily-salary-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(import.meta.dirname, 'settle-daily-salary.chaos-child.ts')],
    outfile: child,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@lotus/')),
    logLevel: 'warning',
  });
});
afterAll(async () => {
  await Promise.all([chaosDatabase?.drop(), cleanDatabase?.drop()]);
  if (child) await rm(child, { force: true });
});

const rate = (level: number, tier: number) => [5_000, 8_000, 10_000][tier]! - 500 * (level - 1);

/** The same tree, contracts and summed day in any database (set-based; ids follow the insert order). */
async function generate(db: Kysely<Database>): Promise<number> {
  const merchantId = (await db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
    .id;
  const at = new Date('2026-10-01T00:00:00Z');
  const insertMembers = (prefix: string, count: number, isAgent: number, upline: RawBuilder<unknown>) => sql`
    INSERT INTO member (merchant_id, username, username_key, language, password_hash, password_changed_at,
      register_method, register_ip, register_device, created_at, is_agent, upline_id)
    SELECT ${merchantId}, ${prefix} || n, ${prefix} || n, 'TH', 'not-a-hash', ${at}, 'WEB', '127.0.0.1', 'web', ${at},
      ${isAgent}, ${upline}
    FROM generate_series(0, ${count - 1}) AS n`;
  for (const [index, size] of levels.entries()) {
    const above = levels[index - 1] ?? 0;
    await insertMembers(
      `cha${index + 1}x`,
      size,
      1,
      index === 0
        ? sql`NULL::int8`
        : sql`(SELECT id FROM member WHERE merchant_id = ${merchantId}
                 AND username_key = ${`cha${index}x`} || ((n * ${above}) / ${size}))`,
    ).execute(db);
    // Fresh statistics first: without them the planner takes the new rows for an empty table.
    await sql`ANALYZE member, member_hierarchy`.execute(db);
    await sql`
      INSERT INTO member_hierarchy (merchant_id, ancestor_id, descendant_id, depth)
      SELECT m.merchant_id, h.ancestor_id, m.id, h.depth + 1
        FROM member m JOIN member_hierarchy h ON h.descendant_id = m.upline_id
       WHERE m.merchant_id = ${merchantId} AND m.username_key LIKE ${`cha${index + 1}x%`}`.execute(db);
    const tiers = [0, 1, 2].map((tier) => ({
      minimumBetMinor: String([100_000, 5_000_000, 100_000_000][tier]),
      activeMembers: [1, 5, 50][tier],
      rate: { kind: 'percent', ppm: rate(index + 1, tier) },
    }));
    await sql`
      INSERT INTO agent_contract (merchant_id, upline_member_id, member_id, kind, product_type, period, terms, status,
        replaces_id, created_at, updated_at, decided_at)
      SELECT ${merchantId}, m.upline_id, m.id, 'daily_salary', 'LIVE', '', ${JSON.stringify({ type: 'salary', tiers })}::jsonb,
        'A', NULL, ${at}, ${at}, ${at}
        FROM member m WHERE m.merchant_id = ${merchantId} AND m.username_key LIKE ${`cha${index + 1}x%`}`.execute(db);
  }
  const agents = levels.reduce((sum, size) => sum + size, 0);
  await insertMembers(
    'chp',
    players,
    0,
    sql`(SELECT ids[1 + (hashint4(n) & 2147483647) % ${agents}] FROM
           (SELECT array_agg(id ORDER BY id) AS ids FROM member WHERE merchant_id = ${merchantId} AND username_key LIKE 'cha%') a)`,
  ).execute(db);
  await sql`ANALYZE member, member_hierarchy`.execute(db);
  await sql`
    INSERT INTO member_hierarchy (merchant_id, ancestor_id, descendant_id, depth)
    SELECT m.merchant_id, h.ancestor_id, m.id, h.depth + 1
      FROM member m JOIN member_hierarchy h ON h.descendant_id = m.upline_id
     WHERE m.merchant_id = ${merchantId} AND m.username_key LIKE 'chp%'`.execute(db);
  // The reports' job has summed the day: each player's valid bet 0.00-4,999.99 (a few below the
  // 100.00 that makes a member active).
  await sql`
    INSERT INTO report_day_pass (merchant_id, day, pass, computed_at) VALUES (${merchantId}, ${day}::date, 0, now())`.execute(
    db,
  );
  await sql`
    INSERT INTO report_daily_member (merchant_id, day, member_id, rounds, bets_minor, valid_bets_minor, payouts_minor,
      deposits_minor, withdrawals_minor, bonuses_minor)
    SELECT ${merchantId}, ${day}::date, m.id, 1, v.bet, v.bet, 0, 0, 0, 0
      FROM member m, LATERAL (SELECT (hashint4(m.id::int4) & 2147483647) % 500000 AS bet) v
     WHERE m.merchant_id = ${merchantId} AND m.username_key LIKE 'chp%'`.execute(db);
  await sql`
    INSERT INTO report_daily_member_product (merchant_id, day, member_id, product_type, bets_minor, valid_bets_minor,
      payouts_minor)
    SELECT merchant_id, day, member_id, 'LIVE', bets_minor, valid_bets_minor, 0 FROM report_daily_member
     WHERE merchant_id = ${merchantId} AND day = ${day}::date`.execute(db);
  await sql`ANALYZE member, member_hierarchy, agent_contract, report_daily_member, report_daily_member_product`.execute(
    db,
  );
  return merchantId;
}

/** Every statement by holder, and every member balance by username: what a run leaves behind. */
async function outcome(db: Kysely<Database>, merchantId: number) {
  const statements = await sql<{ username: string; gross_minor: string; status: string }>`
    SELECT m.username, s.gross_minor::text, s.status FROM agent_settlement s JOIN member m ON m.id = s.holder_id
     WHERE s.merchant_id = ${merchantId} AND s.period_key = ${day} ORDER BY m.username`.execute(db);
  const balances = await sql<{ username: string; balance: string }>`
    SELECT m.username, a.balance::text FROM ledger_account a JOIN member m ON m.id = a.member_id
     WHERE a.merchant_id = ${merchantId} AND a.kind = 'member_main' AND a.balance <> 0 ORDER BY m.username`.execute(db);
  return { statements: statements.rows, balances: balances.rows };
}

const paidCount = async (db: Kysely<Database>, merchantId: number) =>
  Number(
    (
      await sql<{ n: number }>`
        SELECT count(*)::int4 AS n FROM agent_settlement
         WHERE merchant_id = ${merchantId} AND period_key = ${day} AND status = 'A'`.execute(db)
    ).rows[0]!.n,
  );

interface Run {
  process: ChildProcess;
  connected: Promise<void>;
  exited: Promise<number | null>;
  output: string[];
}

function startRun(connectionString: string, merchantId: number): Run {
  const output: string[] = [];
  const process_ = spawn(process.execPath, [child, connectionString, String(merchantId), day, String(nowMs)], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => process_.once('exit', (code) => resolve(code)));
  const connected = new Promise<void>((resolve, reject) => {
    process_.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('connected')) resolve();
    });
    process_.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    void exited.then(() => reject(new Error(`the run exited before connecting: ${output.join('')}`)));
  });
  return { process: process_, connected, exited, output };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('the daily salary job SIGKILLed at random points and started again pays every statement exactly once', async () => {
  const startedAt = Date.now();
  const lap = (what: string) => console.log(`settlement chaos: ${what} at ${Date.now() - startedAt} ms`);
  const [merchantId, cleanMerchantId] = await Promise.all([generate(chaosDatabase.db), generate(cleanDatabase.db)]);
  const contracts = levels.reduce((sum, size) => sum + size, 0);
  expect(levels.at(-1)).toBeGreaterThan(2 * statementsPerTransaction);
  lap('generated');

  // The reference: the same day settled by a run nobody kills.
  await settleDailySalaryDay(cleanDatabase.db, { merchantId: cleanMerchantId, day, timezone: 'Asia/Bangkok', nowMs });
  const clean = await outcome(cleanDatabase.db, cleanMerchantId);
  lap('clean run');
  expect(clean.statements).toHaveLength(contracts);
  expect(clean.statements.every((row) => row.status === 'A')).toBe(true);

  // Kills alternate: right after a random number of statements was paid (the run is then inside its
  // next batch), and at a random moment after the run connected. Choices are logged for a rerun.
  const kills: Array<{ how: string; paidAtKill: number }> = [];
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const paidBefore = await paidCount(chaosDatabase.db, merchantId);
    if (paidBefore >= contracts) break;
    const run = startRun(chaosDatabase.connectionString, merchantId);
    await run.connected;
    let how: string;
    let finished = false;
    const finishedFirst = run.exited.then(() => (finished = true));
    // The thresholds stay above the last level, whose 240 postings (3 batches at once) take far
    // longer than a poll, so the kill always lands before the run ends.
    const lastThreshold = contracts - levels.at(-1)!;
    if (attempt % 2 === 0 && paidBefore < lastThreshold) {
      const threshold = randomInt(paidBefore + 1, lastThreshold + 1);
      how = `after ${threshold} paid`;
      while (!finished && (await paidCount(chaosDatabase.db, merchantId)) < threshold) await sleep(20);
    } else {
      const delay = randomInt(0, 1500);
      how = `${delay} ms after connecting`;
      await Promise.race([sleep(delay), finishedFirst]);
    }
    if (finished) {
      kills.push({ how: `${how}: finished first`, paidAtKill: contracts });
      break;
    }
    run.process.kill('SIGKILL');
    await run.exited;
    kills.push({ how, paidAtKill: await paidCount(chaosDatabase.db, merchantId) });
  }
  lap(`kills ${JSON.stringify(kills)}`);
  // At least one kill landed while statements were being paid.
  expect(kills.some((kill) => kill.paidAtKill > 0 && kill.paidAtKill < contracts)).toBe(true);

  // Started again until a run finishes (the last one is never killed).
  const last = startRun(chaosDatabase.connectionString, merchantId);
  expect(await last.exited, last.output.join('')).toBe(0);
  lap('last run');

  const postings = await sql<{ key: string; postings: number; transfers: number }>`
    SELECT p.idempotency_key AS key, count(DISTINCT p.id)::int4 AS postings, count(t.id)::int4 AS transfers
      FROM ledger_posting p LEFT JOIN ledger_transfer t ON t.posting_id = p.id
     WHERE p.merchant_id = ${merchantId} AND p.source = 'agent-settlement' GROUP BY p.idempotency_key`.execute(
    chaosDatabase.db,
  );
  const withAmount = clean.statements.filter((row) => row.gross_minor !== '0').length;
  expect(postings.rows).toHaveLength(withAmount);
  expect(postings.rows.filter((row) => row.postings !== 1 || row.transfers !== 1)).toEqual([]);
  expect(await outcome(chaosDatabase.db, merchantId)).toEqual(clean);
  const books = await checkLedger(chaosDatabase.db, { merchantId });
  expect(books.differences).toEqual([]);
  expect(books.emptyPostings).toBe(0);
  expect(books.ok).toBe(true);
}, 180_000);
