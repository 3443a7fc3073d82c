import { sql, type Kysely, type Transaction } from 'kysely';
import type { VendorWalletErrorCode } from '@lotus/contract';
import type { Database } from '../../db/schema.ts';
import { balanceNoticesFor } from '../ledger/index.ts';
import type { PlayCall } from './play-call.ts';

export type PlayOutcome =
  | { ok: true; balance: bigint; replayed: boolean }
  | { ok: false; refusal: VendorWalletErrorCode; detail: string | null };

/**
 * Why a group did not take the set path as a whole. The first four are the races the set path of
 * vendor_wallet_play_batch catches by their SQLSTATE (it then runs every call one by one);
 * `statement_failed` is a statement that failed outright, whose calls the batcher then runs alone.
 */
export const setPathFallbackReasons = [
  'round_closed',
  'balance_fell',
  'deadlock',
  'posting_key_taken',
  'statement_failed',
] as const;
export type SetPathFallbackReason = (typeof setPathFallbackReasons)[number];

interface Pending {
  call: PlayCall;
  resolve: (outcome: PlayOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * At most 64 subtransactions per transaction stay in PostgreSQL's cache, past which every snapshot on
 * the server (and its replicas) gets slower: the set path takes one, each call that goes one by one
 * another, and the set path is only tried when some call qualifies, so 63 calls never pass 64.
 */
const maxCallsPerStatement = 63;
/**
 * Statements in flight at once. Since the set path (migration 0024) a statement's cost is mostly per
 * group, so fewer, larger groups do more: two keep the database busy (one runs while the other's
 * answers go out and the next group gathers). bench:wallet, 200 players: 2 gave ratios 0.60-0.70,
 * 3 gave 0.49-0.53, 4 gave 0.56-0.63 (readings in docs/performance.md). Also well under the API's 10
 * pooled connections, so other requests still get one.
 */
const maxStatementsInFlight = 2;

/**
 * Group commit (README, "Group commit"). A call goes to the database at once when fewer than
 * `maxStatementsInFlight` statements are running; otherwise it waits for the next free slot and goes
 * with every call that waited with it, as one `vendor_wallet_play_batch` statement and one commit.
 * Under light load nothing waits; under heavy load a commit (the WAL flush) is shared by many calls.
 */
export class PlayBatcher {
  private readonly waiting: Pending[] = [];
  private inFlight = 0;
  /**
   * How many calls went in how many statements (a group's size is calls / statements), how many of
   * the calls the set path answered (the rest went one by one), and how often a group fell back, by
   * reason (counted in /metrics, see seamless-wallet.metrics.ts).
   */
  readonly stats = {
    calls: 0,
    statements: 0,
    setPathCalls: 0,
    fallbacks: Object.fromEntries(setPathFallbackReasons.map((reason) => [reason, 0])) as Record<
      SetPathFallbackReason,
      number
    >,
  };

  constructor(private readonly db: Kysely<Database>) {}

  play(call: PlayCall): Promise<PlayOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ call, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.waiting.length > 0 && this.inFlight < maxStatementsInFlight) {
      const group = this.waiting.splice(0, maxCallsPerStatement);
      this.inFlight += 1;
      this.stats.calls += group.length;
      this.stats.statements += 1;
      void this.runGroup(group).finally(() => {
        this.inFlight -= 1;
        this.dispatch();
      });
    }
  }

  private async runGroup(group: Pending[]): Promise<void> {
    // Every statement takes its members' rows in the same order (by player, then arrival), so two
    // statements never wait on each other in a cycle.
    const ordered = group.map((pending, arrival) => ({ pending, arrival }));
    ordered.sort((a, b) =>
      a.pending.call.playerId < b.pending.call.playerId
        ? -1
        : a.pending.call.playerId > b.pending.call.playerId
          ? 1
          : a.arrival - b.arrival,
    );
    try {
      const { outcomes, setPathCalls, fallback } = await runStatement(
        this.db,
        ordered.map(({ pending }) => pending.call),
        true,
      );
      this.stats.setPathCalls += setPathCalls;
      if (fallback) this.stats.fallbacks[fallback] += 1;
      ordered.forEach(({ pending }, index) => pending.resolve(outcomes[index]!));
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      // A fault (a lost connection, a call the database cannot read...) undid the whole statement: each
      // call runs again alone, so only a call that fails by itself gets the error.
      this.stats.fallbacks.statement_failed += 1;
      await Promise.all(
        group.map((pending) =>
          runStatement(this.db, [pending.call], true).then(
            ({ outcomes }) => pending.resolve(outcomes[0]!),
            pending.reject,
          ),
        ),
      );
    }
  }
}

/**
 * One `vendor_wallet_play_batch` statement. `ownCommit`: the statement is its own transaction (the
 * batcher's), so it defers the members' balance notices past its commit and sends them once that is
 * done (ledger's BalanceNotices): the notification queue's lock is then never held through the WAL
 * flush, which would make every batch commit one at a time. Read in the select list, the gathered
 * notices are the function's whole run's (PL/pgSQL returns its rows only when it is done).
 */
async function runStatement(
  db: Kysely<Database> | Transaction<Database>,
  calls: PlayCall[],
  ownCommit: boolean,
): Promise<{ outcomes: PlayOutcome[]; setPathCalls: number; fallback: SetPathFallbackReason | null }> {
  const { rows } = await sql<{
    call_index: number;
    balance: bigint | null;
    replayed: boolean | null;
    refusal: string | null;
    refusal_detail: string | null;
    set_path: boolean;
    set_path_fallback: SetPathFallbackReason | null;
    notices: string | null;
  }>`
    SELECT call_index, balance, replayed, refusal, refusal_detail, set_path, set_path_fallback,
           current_setting('lotus.deferred_balance_notices', true) AS notices
    FROM vendor_wallet_play_batch(${JSON.stringify(calls)}::jsonb, ${ownCommit})`.execute(db);
  if (ownCommit) balanceNoticesFor(db as Kysely<Database>).announce(rows[0]?.notices);
  const outcomes: PlayOutcome[] = new Array(calls.length);
  let setPathCalls = 0;
  let fallback: SetPathFallbackReason | null = null;
  for (const row of rows) {
    if (row.set_path) setPathCalls += 1;
    fallback ??= row.set_path_fallback;
    outcomes[row.call_index] =
      row.refusal === null
        ? { ok: true, balance: row.balance!, replayed: row.replayed! }
        : { ok: false, refusal: row.refusal as VendorWalletErrorCode, detail: row.refusal_detail || null };
  }
  return { outcomes, setPathCalls, fallback };
}

/**
 * Bets and wins of an in-house vendor (modules/lottery) inside the caller's transaction, so that its
 * own rows and the money commit together: `vendor_wallet_play_batch` statements of at most
 * `maxCallsPerStatement` calls, answers in the calls' order. A refusal undoes only its own call; the
 * caller decides whether one refusal rolls back the whole transaction.
 */
export async function playInTransaction(
  trx: Transaction<Database>,
  calls: readonly PlayCall[],
): Promise<PlayOutcome[]> {
  const outcomes: PlayOutcome[] = [];
  for (let start = 0; start < calls.length; start += maxCallsPerStatement) {
    const { outcomes: part } = await runStatement(trx, calls.slice(start, start + maxCallsPerStatement), false);
    outcomes.push(...part);
  }
  return outcomes;
}

/** One batcher per database handle: the calls that share its connection pool share its commits. */
const batchers = new WeakMap<Kysely<Database>, PlayBatcher>();

export function playBatcherFor(db: Kysely<Database>): PlayBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new PlayBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}
