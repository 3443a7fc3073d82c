// The rebate benchmark (issue 17 "Tests and numbers": the daily rebate job for 100,000 members and 10
// million bets under 60 s, and a rerun pays nothing; a row of npm run bench, alone: npm run bench:rebates).
// One day of one merchant (bench/rebates-generate.ts) on a fresh embedded database of its own in
// .tmp/bench-rebates-data, removed afterwards (BENCH_REBATES_KEEP=1 keeps it, and a later run with the
// same sizes reuses it: generating is the slow part). It times the automatic rebate of the day as the
// job runs it (settleRebateDay: statements per member and product from the reports' summed day, which is
// summed first if it is not, and timed apart; payouts; the money), runs it again and checks that nothing changed (statements, payouts, postings, every balance),
// and that checkLedger passes. The merchant's rules: LIVE 0.5 %, RNG 1 %, PVP 0.8 %, FISH 0.7 %, SPORTS
// 0.5 %, LOTT 0.3 %, ELOTT 0.3 %, minimum payout 1.00, a daily cap of 5,000.00, no turnover (cash:
// rebate_post_payouts; BENCH_REBATE_MULTIPLIER=1 gives the rebates a turnover of their own: bonuses granted
// set-based by bonus's grantBonuses, bonus_grant_batch). It measures and reports; the target is read, not
// asserted.
import { access, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { connect, migrateToLatest } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { checkLedger } from '../apps/server/src/modules/ledger/index.ts';
import { settleRebateDay } from '../apps/server/src/modules/rebates/index.ts';
import { addDays, computeReportDay, dayBounds, localToday } from '../apps/server/src/modules/reports/index.ts';
import { generateRebateBenchData, type RebateBenchData } from './rebates-generate.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.BENCH_REBATES_DATA_DIR ?? path.join(root, '.tmp/bench-rebates-data');
const timezone = 'Asia/Bangkok';

export interface RebateBenchSizes {
  members: number;
  betRecords: number;
}

export interface RebateBenchResult extends RebateBenchSizes {
  day: string;
  /** Seconds to generate the data (null when a kept database was reused). */
  generateSeconds: number | null;
  /** Turnover multiplier of the rules (0: cash, rebate_post_payouts; else bonuses, bonus_grant_batch). */
  multiplier: string;
  /**
   * The reports' job summing the day (pass 0), which the rebate job waits for and reads its member days
   * per product from, seconds; null when a kept database had it summed already (it is the reports' own
   * nightly work, done whether rebates exist or not).
   */
  aggregateSeconds: number | null;
  /** The job's first run of the day, seconds (target: under 60). */
  settleSeconds: number;
  /** The first run's parts, ms: statements written, payout rows written, money posted. */
  phasesMs: { statements: number; payouts: number; money: number };
  statements: number;
  membersPaid: number;
  paidMinor: string;
  /** The second run, seconds, and whether it did nothing and changed nothing. */
  rerunSeconds: number;
  rerunSettled: boolean;
  rerunChangedNothing: boolean;
  ledgerCheck: 'clean' | 'differences';
  loadAverage: { before: number; after: number };
  cpus: number;
  measuredAt: string;
}

async function fingerprint(db: Kysely<Database>, merchantId: number, day: string) {
  const { rows } = await sql<{
    statements: string;
    payouts: string;
    postings: string;
    bonuses: string;
    balances: string;
  }>`
    SELECT
      (SELECT count(*) || ':' || coalesce(sum(rebate_minor), 0) FROM rebate_statement
        WHERE merchant_id = ${merchantId} AND day = ${day}::date) AS statements,
      (SELECT count(*) || ':' || coalesce(sum(amount_minor), 0) FROM rebate_payout
        WHERE merchant_id = ${merchantId} AND day = ${day}::date) AS payouts,
      (SELECT count(*)::text FROM ledger_posting WHERE merchant_id = ${merchantId} AND source IN ('rebate', 'bonus')) AS postings,
      (SELECT count(*) || ':' || coalesce(sum(remaining), 0) FROM member_bonus WHERE merchant_id = ${merchantId}) AS bonuses,
      (SELECT coalesce(md5(string_agg(id || '=' || balance, ',' ORDER BY id)), '') FROM ledger_account
        WHERE merchant_id = ${merchantId}) AS balances`.execute(db);
  return rows[0]!;
}

export async function measureRebates(
  sizes: RebateBenchSizes,
  log: (line: string) => void = console.log,
): Promise<RebateBenchResult> {
  const keep = process.env.BENCH_REBATES_KEEP === '1';
  const multiplier = process.env.BENCH_REBATE_MULTIPLIER ?? '0';
  const marker = path.join(dataDir, `generated-${sizes.members}-${sizes.betRecords}`);
  const reuse =
    keep &&
    (await access(marker).then(
      () => true,
      () => false,
    ));
  if (!reuse) await rm(dataDir, { recursive: true, force: true });
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
  const logger = createLogger(config);
  const database = await startEmbeddedPostgres(dataDir, logger);
  const db = connect(database.connectionString);
  try {
    await migrateToLatest(db, logger);
    const nowMs = Date.now();
    let generated: RebateBenchData | null = null;
    if (!reuse) {
      await seedDemo(db);
      const day = addDays(await localToday(db, timezone, nowMs), -1);
      const { fromUtc, toUtc } = await dayBounds(db, timezone, day, addDays(day, 1));
      generated = await generateRebateBenchData(db, { ...sizes, day, dayStart: fromUtc, dayEnd: toUtc, log });
      await writeFile(marker, JSON.stringify(generated));
    }
    const data: RebateBenchData = generated ?? JSON.parse(await readFile(marker, 'utf8'));
    const merchantId = data.merchantId;
    // A kept database settles its day again from scratch: the rebates, their postings and bonuses go, the
    // balances are derived again from the transfers left (the ledger's tables are append-only: their
    // triggers are set aside for this transaction, as a restore would).
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      for (const table of ['rebate_payout', 'rebate_statement', 'rebate_day_run', 'rebate_setting', 'member_bonus'])
        await sql`DELETE FROM ${sql.table(table)} WHERE merchant_id = ${merchantId}`.execute(trx);
      await sql`DELETE FROM ledger_transfer WHERE merchant_id = ${merchantId} AND kind LIKE 'rebate%'`.execute(trx);
      await sql`DELETE FROM ledger_posting p WHERE merchant_id = ${merchantId} AND source IN ('rebate', 'bonus')
                  AND NOT EXISTS (SELECT 1 FROM ledger_transfer t WHERE t.posting_id = p.id)`.execute(trx);
      await sql`
        UPDATE ledger_account a SET balance = coalesce((
          SELECT sum(CASE WHEN t.credit_account_id = a.id THEN t.amount ELSE -t.amount END) FROM ledger_transfer t
           WHERE t.credit_account_id = a.id OR t.debit_account_id = a.id), 0)
         WHERE a.merchant_id = ${merchantId} AND a.member_id IS NOT NULL AND a.balance <> 0`.execute(trx);
      await sql`
        INSERT INTO rebate_setting (merchant_id, mode, rates, min_payout_minor, daily_cap_minor, turnover_multiplier_centi,
                                    version, updated_by, updated_at)
        VALUES (${merchantId}, 'automatic',
                '{"LIVE": 5000, "RNG": 10000, "PVP": 8000, "FISH": 7000, "SPORTS": 5000, "LOTT": 3000, "ELOTT": 3000}',
                100, 500000, ${Math.round(Number(multiplier) * 100)}, 1, NULL, now())`.execute(trx);
    });
    await sql`VACUUM ANALYZE ledger_account`.execute(db);
    let aggregateSeconds: number | null = null;
    const summed =
      await sql`SELECT 1 FROM report_day_pass WHERE merchant_id = ${merchantId} AND day = ${data.day}::date`.execute(
        db,
      );
    if (summed.rows.length === 0) {
      const aggregateStart = performance.now();
      await computeReportDay(db, { id: merchantId, timezone }, data.day, nowMs, 0);
      aggregateSeconds = Number(((performance.now() - aggregateStart) / 1000).toFixed(2));
      log(`reports' job, the day summed: ${aggregateSeconds} s`);
    }
    const loadBefore = os.loadavg()[0]!;
    const run = () => settleRebateDay(db, { merchantId, day: data.day, timezone, nowMs });

    const settleStart = performance.now();
    const first = await run();
    const settleSeconds = (performance.now() - settleStart) / 1000;
    log(
      `rebate job: ${JSON.stringify(first, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))} in ${settleSeconds.toFixed(1)} s`,
    );

    const before = await fingerprint(db, merchantId, data.day);
    const rerunStart = performance.now();
    const rerun = await run();
    const rerunSeconds = (performance.now() - rerunStart) / 1000;
    const after = await fingerprint(db, merchantId, data.day);
    log(`second run: settled ${rerun.settled} in ${rerunSeconds.toFixed(2)} s`);
    const books = await checkLedger(db, { merchantId });
    const loadAfter = os.loadavg()[0]!;
    return {
      members: data.members,
      betRecords: data.betRecords,
      day: data.day,
      generateSeconds: generated ? generated.generateSeconds : null,
      multiplier,
      aggregateSeconds,
      settleSeconds: Number(settleSeconds.toFixed(2)),
      phasesMs: first.phasesMs,
      statements: first.statements,
      membersPaid: first.membersPaid,
      paidMinor: first.paidMinor.toString(),
      rerunSeconds: Number(rerunSeconds.toFixed(3)),
      rerunSettled: rerun.settled,
      rerunChangedNothing: JSON.stringify(before) === JSON.stringify(after),
      ledgerCheck: books.ok && books.differences.length === 0 ? 'clean' : 'differences',
      loadAverage: { before: Number(loadBefore.toFixed(2)), after: Number(loadAfter.toFixed(2)) },
      cpus: os.cpus().length,
      measuredAt: new Date().toISOString(),
    };
  } finally {
    await db.destroy();
    await database.stop();
    if (!keep) await rm(dataDir, { recursive: true, force: true });
  }
}
