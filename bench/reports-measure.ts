// The reports benchmark (a row of npm run bench, alone: npm run bench:reports): the daily summary of
// the last 90 days over BENCH_BET_RECORDS (default 10,000,000) bet records, read as the back-office
// reads it (closed days from the daily aggregates, today live from the detail), against the same
// report computed entirely from the detail, measured in the same run on the same database. Its own
// embedded database, kept in .tmp/bench-reports-data between runs (generating is the slow part);
// BENCH_REPORTS_FRESH=1 generates again. It measures and reports; it asserts nothing.
import { access, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { connect, migrateToLatest } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { dailySummaryReport, rebuildReportDays } from '../apps/server/src/modules/reports/index.ts';
import { generateReportData, type GeneratedData } from './reports-generate.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.tmp/bench-reports-data');
const timezone = 'Asia/Bangkok';

export interface ReportsResult {
  betRecords: number;
  members: number;
  deposits: number;
  /** Seconds to generate the data (null when an earlier run's data was reused). */
  generateSeconds: number | null;
  /**
   * Seconds the job took to sum the 89 closed days, and per day on average (null when a rerun on the
   * same data and day reused the aggregates it had summed; BENCH_REPORTS_RESUM=1 sums them again).
   */
  aggregateSeconds: number | null;
  aggregateMsPerDay: number | null;
  /** The 90-day daily summary as the back-office reads it: median and slowest of the runs, ms. */
  summaryMedianMs: number;
  summaryMaxMs: number;
  runs: number;
  /** The same report with no aggregates (every day from the detail), ms: the reference. */
  fromDetailMs: number;
  /** fromDetailMs / summaryMedianMs. */
  speedup: number;
  /** Today's live share of the summary (the open day's bet records). */
  todayBetRecords: number;
  sameTotals: boolean;
  measuredAt: string;
}

function localDay(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date(ms));
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export async function measureReports(
  betRecords: number,
  log: (line: string) => void = console.log,
): Promise<ReportsResult> {
  const marker = path.join(dataDir, `generated-${betRecords}`);
  const reuse =
    process.env.BENCH_REPORTS_FRESH !== '1' &&
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
    let generated: GeneratedData | null = null;
    if (!reuse) {
      await seedDemo(db);
      generated = await generateReportData(db, { betRecords, members: 20_000, days: 90, nowMs, log });
      await (await import('node:fs/promises')).writeFile(marker, JSON.stringify(generated));
    }
    const data: GeneratedData =
      generated ?? JSON.parse(await (await import('node:fs/promises')).readFile(marker, 'utf8'));
    const merchant = { id: data.merchantId, timezone };
    const today = localDay(nowMs);
    const from = addDays(today, -89);

    // The job's work: every closed day of the range summed (the rebuild path; the job does the same per pass).
    // A rerun on the same data the same day keeps what the last run summed (the same rows).
    const summedMarker = path.join(dataDir, `summed-${from}-${today}`);
    const resum =
      !reuse ||
      process.env.BENCH_REPORTS_RESUM === '1' ||
      !(await access(summedMarker).then(
        () => true,
        () => false,
      ));
    let aggregateSeconds: number | null = null;
    let aggregateMsPerDay: number | null = null;
    if (resum) {
      const aggregateStart = Date.now();
      await sql`DELETE FROM report_daily_summary WHERE merchant_id = ${merchant.id}`.execute(db);
      const days = await rebuildReportDays(db, merchant, from, addDays(today, -1), nowMs);
      aggregateSeconds = (Date.now() - aggregateStart) / 1000;
      aggregateMsPerDay = Math.round((aggregateSeconds * 1000) / days);
      log(`aggregates: ${days} days in ${aggregateSeconds.toFixed(1)} s`);
      await sql`ANALYZE report_daily_summary, report_daily_member, report_daily_game, report_member_month`.execute(db);
      await (await import('node:fs/promises')).writeFile(summedMarker, String(aggregateSeconds));
    } else {
      log('aggregates: kept from the last run on this data today');
    }

    const request = { merchant, from, to: today, nowMs, language: 'EN' as const };
    await dailySummaryReport(db, request); // warm-up
    const runs = 7;
    const times: number[] = [];
    let summary = null;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      summary = await dailySummaryReport(db, request);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);

    // The reference: the same report with the range's aggregates moved aside (in a transaction rolled
    // back), so every day is computed live from the detail.
    let fromDetailMs = 0;
    let detailSummary = null;
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`DELETE FROM report_daily_summary WHERE merchant_id = ${merchant.id}`.execute(trx);
        const started = performance.now();
        detailSummary = await dailySummaryReport(trx, request);
        fromDetailMs = performance.now() - started;
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
    const todayRows = await sql<{ n: number }>`
      SELECT count(*)::int4 AS n FROM bet_record WHERE merchant_id = ${merchant.id} AND status = 'settled'
        AND settled_at >= (${today}::date::timestamp AT TIME ZONE ${timezone})`.execute(db);
    const median = times[Math.floor(times.length / 2)]!;
    return {
      betRecords: data.betRecords,
      members: data.members,
      deposits: data.deposits,
      generateSeconds: generated ? generated.generateSeconds : null,
      aggregateSeconds: aggregateSeconds === null ? null : Number(aggregateSeconds.toFixed(1)),
      aggregateMsPerDay,
      summaryMedianMs: Math.round(median),
      summaryMaxMs: Math.round(times[times.length - 1]!),
      runs,
      fromDetailMs: Math.round(fromDetailMs),
      speedup: Number((fromDetailMs / median).toFixed(1)),
      todayBetRecords: todayRows.rows[0]!.n,
      sameTotals: JSON.stringify(summary!.totals) === JSON.stringify(detailSummary!.totals),
      measuredAt: new Date().toISOString(),
    };
  } finally {
    await db.destroy();
    await database.stop();
  }
}
