import type { Kysely } from 'kysely';
import { Counter, type Registry } from 'prom-client';
import type { Database } from '../../db/schema.ts';
import { playBatcherFor, setPathFallbackReasons } from './play-batcher.ts';

/**
 * The seamless wallet's counters in /metrics: how often a group of bets and wins fell back from the
 * set path, by reason (play-batcher.ts). A rising `round_closed` or `balance_fell` is contention on
 * the same members; `deadlock` or `statement_failed` is worth a look at the logs.
 */
export function registerSeamlessWalletMetrics(registry: Registry, db: Kysely<Database>): void {
  const batcher = playBatcherFor(db);
  new Counter({
    name: 'seamless_wallet_set_path_fallbacks_total',
    help: 'Groups of seamless bets and wins that fell back from the set path, by reason',
    labelNames: ['reason'],
    registers: [registry],
    // Read from the batcher's own counts at each scrape, so the hot path only adds to a number.
    collect() {
      this.reset();
      for (const reason of setPathFallbackReasons) this.inc({ reason }, batcher.stats.fallbacks[reason]);
    },
  });
}
