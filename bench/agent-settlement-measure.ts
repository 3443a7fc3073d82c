// The agent settlement benchmark (issue 16 "Numbers to reach"; a row of npm run bench, alone:
// npm run bench:agents): one day of one merchant, 2,000 agents in a 6-level tree with a daily salary
// contract each, 100,000 players under them and 10,000,000 bet records that day
// (bench/agent-settlement-generate.ts), on a fresh embedded database of its own in
// .tmp/bench-agents-data, removed afterwards (BENCH_AGENTS_KEEP=1 keeps it, and a later run with the
// same sizes reuses it: generating is the slow part). It times the whole settlement of the day as
// production runs it:
//
// 1. the reports' job summing the day (computeReportDay, pass 0): what makes `memberDayFigures`
//    available, and which the settlement waits for;
// 2. the daily salary job for that day (settleDailySalaryDay: tree, figures, 2,000 statements computed
//    and stored, then paid top down through the ledger);
//
// then runs the settlement again and checks that nothing changed (statements, their statuses and
// amounts, postings, every balance) and that `checkLedger` passes. It measures and reports; the
// target (under 60 s for 1 + 2) is read, not asserted.
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
import {
  dailySalaryStatementsOf,
  settleDailySalaryDay,
} from '../apps/server/src/modules/agents/settlement/settle-daily-salary.ts';
import { checkLedger } from '../apps/server/src/modules/ledger/index.ts';
import {
  addDays,
  computeReportDay,
  dayBounds,
  localToday,
  memberDayFigures,
} from '../apps/server/src/modules/reports/index.ts';
import { generateAgentSettlementData, type AgentSettlementData } from './agent-settlement-generate.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.BENCH_AGENTS_DATA_DIR ?? path.join(root, '.tmp/bench-agents-data');
const timezone = 'Asia/Bangkok';

export interface AgentSettlementSizes {
  agents: number;
  levels: number;
  members: number;
  betRecords: number;
}

export interface AgentSettlementResult extends AgentSettlementSizes {
  contracts: number;
  day: string;
  /** Seconds to generate the data (null when a kept database was reused). */
  generateSeconds: number | null;
  /** The reports' job summing the day (pass 0), seconds. */
  aggregateSeconds: number;
  /** The daily salary job's first run for the day, seconds. */
  settleSeconds: number;
  /**
   * Its parts, timed again after the run (read only): the day's per-member figures read, and the
   * whole computation (tree at the day's end, figures, team sums, 2,000 statements); the rest of
   * settleSeconds is storing the statements and paying them (2,000 ledger postings).
   */
  figuresSeconds: number;
  computeSeconds: number;
  /** aggregateSeconds + settleSeconds: the whole settlement of the day (target: under 60). */
  totalSeconds: number;
  statements: number;
  paid: number;
  waiting: number;
  /** The second run of the same day, seconds, and what it did (nothing, if all is well). */
  rerunSeconds: number;
  rerun: { statements: number; paid: number; waiting: number };
  /** Statements, postings and balances identical before and after the second run. */
  rerunChangedNothing: boolean;
  ledgerCheck: 'clean' | 'differences';
  paidMinor: string;
  /** The machine while it ran: 1-minute load average before and after (2 cores shared). */
  loadAverage: { before: number; after: number };
  cpus: number;
  measuredAt: string;
}

/** What a rerun must not change: every statement, every settlement posting, every member balance. */
async function fingerprint(db: Kysely<Database>, merchantId: number, day: string) {
  const { rows } = await sql<{ statements: string; postings: string; transfers: string; balances: string }>`
    SELECT
      (SELECT count(*) || ':' || coalesce(sum(gross_minor), 0) || ':' || count(*) FILTER (WHERE status = 'A') || ':'
              || coalesce(md5(string_agg(contract_id || '/' || status || '/' || gross_minor || '/' || coalesce(note, ''), ',' ORDER BY contract_id)), '')
         FROM agent_settlement WHERE merchant_id = ${merchantId} AND period_key = ${day}) AS statements,
      (SELECT count(*) FROM ledger_posting WHERE merchant_id = ${merchantId} AND source = 'agent-settlement')::text AS postings,
      (SELECT count(*) || ':' || coalesce(sum(amount), 0) FROM ledger_transfer WHERE merchant_id = ${merchantId}
          AND kind = 'agent.daily_salary') AS transfers,
      (SELECT coalesce(md5(string_agg(id || '=' || balance, ',' ORDER BY id)), '') FROM ledger_account
        WHERE merchant_id = ${merchantId}) AS balances`.execute(db);
  return rows[0]!;
}

export async function measureAgentSettlement(
  sizes: AgentSettlementSizes,
  log: (line: string) => void = console.log,
): Promise<AgentSettlementResult> {
  const keep = process.env.BENCH_AGENTS_KEEP === '1';
  const marker = path.join(dataDir, `generated-${sizes.agents}-${sizes.levels}-${sizes.members}-${sizes.betRecords}`);
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
    const day = addDays(await localToday(db, timezone, nowMs), -1);
    let generated: AgentSettlementData | null = null;
    if (!reuse) {
      await seedDemo(db);
      const { fromUtc, toUtc } = await dayBounds(db, timezone, day, addDays(day, 1));
      generated = await generateAgentSettlementData(db, { ...sizes, day, dayStart: fromUtc, dayEnd: toUtc, log });
      await writeFile(marker, JSON.stringify(generated));
    }
    const data: AgentSettlementData = generated ?? JSON.parse(await readFile(marker, 'utf8'));
    const merchantId = data.merchantId;
    if (reuse) {
      // A kept database settles its own day again from scratch: the statements, their postings and
      // the day's sums go, the balances are derived again from the transfers left (the ledger's tables
      // are append-only: their triggers are set aside for this transaction, as a restore would).
      await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`DELETE FROM agent_settlement WHERE merchant_id = ${merchantId}`.execute(trx);
        await sql`DELETE FROM ledger_transfer WHERE merchant_id = ${merchantId} AND kind = 'agent.daily_salary'`.execute(
          trx,
        );
        await sql`DELETE FROM ledger_posting WHERE merchant_id = ${merchantId} AND source = 'agent-settlement'`.execute(
          trx,
        );
        await sql`
          UPDATE ledger_account a SET balance = coalesce((
            SELECT sum(CASE WHEN t.credit_account_id = a.id THEN t.amount ELSE -t.amount END) FROM ledger_transfer t
             WHERE t.credit_account_id = a.id OR t.debit_account_id = a.id), 0)
           WHERE a.merchant_id = ${merchantId} AND a.member_id IS NOT NULL`.execute(trx);
        await sql`DELETE FROM report_day_pass WHERE merchant_id = ${merchantId}`.execute(trx);
      });
    }
    // The settlement runs "the next morning": the clock is the generated day's next day.
    const settledAtMs = nowMs;
    const loadBefore = os.loadavg()[0]!;

    const aggregateStart = performance.now();
    await computeReportDay(db, { id: merchantId, timezone }, data.day, settledAtMs, 0);
    const aggregateSeconds = (performance.now() - aggregateStart) / 1000;
    log(`reports' job, the day summed: ${aggregateSeconds.toFixed(1)} s`);

    const settleStart = performance.now();
    const first = await settleDailySalaryDay(db, { merchantId, day: data.day, timezone, nowMs: settledAtMs });
    const settleSeconds = (performance.now() - settleStart) / 1000;
    log(`daily salary job: ${JSON.stringify(first)} in ${settleSeconds.toFixed(1)} s`);

    const figuresStart = performance.now();
    await memberDayFigures(db, merchantId, data.day);
    const figuresSeconds = (performance.now() - figuresStart) / 1000;
    const computeStart = performance.now();
    await dailySalaryStatementsOf(db, { merchantId, day: data.day, timezone });
    const computeSeconds = (performance.now() - computeStart) / 1000;
    log(
      `parts, again: figures read ${figuresSeconds.toFixed(1)} s, statements computed ${computeSeconds.toFixed(1)} s`,
    );

    const before = await fingerprint(db, merchantId, data.day);
    const rerunStart = performance.now();
    const rerun = await settleDailySalaryDay(db, {
      merchantId,
      day: data.day,
      timezone,
      nowMs: settledAtMs + 3_600_000,
    });
    const rerunSeconds = (performance.now() - rerunStart) / 1000;
    const after = await fingerprint(db, merchantId, data.day);
    log(`second run: ${JSON.stringify(rerun)} in ${rerunSeconds.toFixed(1)} s`);
    const books = await checkLedger(db, { merchantId });
    const loadAfter = os.loadavg()[0]!;
    const paidMinor = before.transfers.split(':')[1]!;
    return {
      agents: data.agents,
      levels: data.levels,
      members: data.members,
      betRecords: data.betRecords,
      contracts: data.contracts,
      day: data.day,
      generateSeconds: generated ? generated.generateSeconds : null,
      aggregateSeconds: Number(aggregateSeconds.toFixed(2)),
      settleSeconds: Number(settleSeconds.toFixed(2)),
      figuresSeconds: Number(figuresSeconds.toFixed(2)),
      computeSeconds: Number(computeSeconds.toFixed(2)),
      totalSeconds: Number((aggregateSeconds + settleSeconds).toFixed(2)),
      statements: first.statements,
      paid: first.paid,
      waiting: first.waiting,
      rerunSeconds: Number(rerunSeconds.toFixed(2)),
      rerun,
      rerunChangedNothing: JSON.stringify(before) === JSON.stringify(after),
      ledgerCheck: books.ok && books.differences.length === 0 ? 'clean' : 'differences',
      paidMinor,
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
