import { sql, type Kysely } from 'kysely';

/**
 * Tables a refused request may still write, each by design:
 * - `login_event`, `password_change_failure`, `payment_password_failure`, `operator_login_failure`:
 *   wrong passwords are counted so that throttles, captcha and locks work; a refusal is exactly what
 *   they record.
 * - `sealed_nonce`: a sealed payload's nonce is claimed as soon as it opens, so a replay is refused
 *   even when the first copy failed later checks.
 * - `idempotent_request`: a money call's answer, refusals included, is kept for its Idempotency-Key so
 *   that a retry gets the same answer instead of running again (5xx answers are not kept).
 * - `challenge`, `challenge_token`: a captcha or slider issued or spent while refusing.
 * - `member_session`: the fuzzer itself opens a session before each logged-in request.
 * - `deposit_gateway_callback`: the journal of every payment callback that reached us, verified or
 *   not (bounded per row, throttled per route), to investigate a gateway's disputes.
 */
const writtenByRefusals = new Set([
  'login_event',
  'password_change_failure',
  'payment_password_failure',
  'operator_login_failure',
  'sealed_nonce',
  'idempotent_request',
  'challenge',
  'challenge_token',
  'member_session',
  'deposit_gateway_callback',
]);

/** Row counts of every table of every application schema, and the ledger's sums. */
export type StateSnapshot = Map<string, string>;

export class StateSnapshots {
  private query: string | null = null;
  private last: { walPosition: string; snapshot: StateSnapshot } | null = null;

  constructor(private readonly db: Kysely<unknown>) {}

  async take(): Promise<StateSnapshot> {
    if (this.query === null) {
      // Tables are listed once: fuzzing adds rows, never tables.
      const tables = await sql<{ schema: string; name: string }>`
        SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema', 'pgboss')
          AND table_name NOT LIKE 'kysely_migration%'
        ORDER BY 1, 2`.execute(this.db);
      const counts = tables.rows
        .filter(({ name }) => !writtenByRefusals.has(name))
        .map(
          ({ schema, name }) =>
            `SELECT '${schema}.${name}' AS name, count(*)::text AS value FROM "${schema}"."${name}"`,
        );
      counts.push(
        `SELECT 'ledger balances' AS name, coalesce(sum(balance), 0)::text AS value FROM public.ledger_account`,
      );
      counts.push(
        `SELECT 'ledger transfers' AS name, coalesce(sum(amount), 0)::text AS value FROM public.ledger_transfer`,
      );
      this.query = counts.join(' UNION ALL ');
    }
    // Every change to a table writes WAL: while its position stands still (most refusals write
    // nothing), the counts cannot have moved, and reading one position is much cheaper than counting.
    const walPosition = (
      await sql<{ position: string }>`SELECT pg_current_wal_insert_lsn()::text AS position`.execute(this.db)
    ).rows[0]!.position;
    if (this.last?.walPosition === walPosition) return this.last.snapshot;
    const result = await sql<{ name: string; value: string }>`${sql.raw(this.query)}`.execute(this.db);
    const snapshot = new Map(result.rows.map(({ name, value }) => [name, value]));
    this.last = { walPosition, snapshot };
    return snapshot;
  }
}

/** What changed between two snapshots, as "table: before -> after". */
export function snapshotDifferences(before: StateSnapshot, after: StateSnapshot): string[] {
  const differences: string[] = [];
  for (const [name, value] of after) {
    if (before.get(name) !== value) differences.push(`${name}: ${before.get(name) ?? 'none'} -> ${value}`);
  }
  return differences;
}
