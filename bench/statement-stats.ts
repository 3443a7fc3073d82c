// The database's time by statement during a benchmark phase (issue 19: "measure where the time goes:
// database per statement"), from pg_stat_statements, which the benchmark's own embedded server loads.
// Statements run inside database functions (the wallet's vendor_wallet_play_batch, the lottery's
// lottery_place_orders) are counted too (track = all): they are where a call's database time goes.
import { sql, type Kysely } from 'kysely';

/** Server settings for startEmbeddedPostgres's extraFlags. */
export const statementStatsFlags = [
  '-c',
  'shared_preload_libraries=pg_stat_statements',
  '-c',
  'pg_stat_statements.track=all',
  '-c',
  'pg_stat_statements.max=2000',
];

export async function resetStatementStats<T>(db: Kysely<T>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db);
  await sql`SELECT pg_stat_statements_reset()`.execute(db);
}

export interface StatementShare {
  /** The statement's text, shortened. */
  statement: string;
  /** Sent by a client (true) or run inside a database function (false). */
  topLevel: boolean;
  callsPerOperation: number;
  /** Execution time per operation (ms), and its share of all nested statements' time. */
  msPerOperation: number;
  share: number;
}

/** The statements that took the most execution time since the reset, per `operations`. */
export async function topStatements<T>(db: Kysely<T>, operations: number, count = 10): Promise<StatementShare[]> {
  const { rows } = await sql<{ query: string; toplevel: boolean; calls: string; total_ms: number }>`
    SELECT query, toplevel, calls, total_exec_time AS total_ms FROM pg_stat_statements
    WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC`.execute(db);
  const nestedTotal = rows.filter((row) => !row.toplevel).reduce((sum, row) => sum + row.total_ms, 0);
  const round = (value: number, digits: number) => Number(value.toFixed(digits));
  return rows.slice(0, count).map((row) => ({
    statement: row.query.replace(/\s+/g, ' ').slice(0, 90),
    topLevel: row.toplevel,
    callsPerOperation: round(Number(row.calls) / Math.max(1, operations), 2),
    msPerOperation: round(row.total_ms / Math.max(1, operations), 4),
    share: row.toplevel || nestedTotal === 0 ? 0 : round(row.total_ms / nestedTotal, 3),
  }));
}
