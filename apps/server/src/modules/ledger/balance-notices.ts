import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Balance notices sent after the commit (db/functions/notify_balance_change.sql; docs/performance.md,
 * "Balance notices after the commit"). A transaction that deferred its notices hands their payloads
 * (`<merchantId>:<memberId>`, as `lotus.deferred_balance_notices` gathered them) here once it has
 * committed. One statement at a time per database handle: payloads that arrive while one is on its way
 * go together in the next, once each, so under load a notice costs a share of one small asynchronous
 * commit instead of serialising the money's own commits.
 *
 * A notice is a hint to open pages that they should read the balance again; it carries no money. One
 * lost (the process stops between the commit and the send, or the send fails) leaves a page showing the
 * previous balance until its next read, which is why a failure is only counted.
 */
export class BalanceNotices {
  private pending = new Set<string>();
  private sending: Promise<void> | null = null;
  readonly stats = { sent: 0, statements: 0, failed: 0 };

  constructor(private readonly db: Kysely<Database>) {}

  /** Queues the payloads of a committed transaction (a space-separated list, or several). */
  announce(payloads: string | readonly string[] | null | undefined): void {
    if (!payloads) return;
    for (const payload of typeof payloads === 'string' ? payloads.split(' ') : payloads)
      if (payload) this.pending.add(payload);
    if (this.pending.size > 0 && this.sending === null) this.sending = this.drain();
  }

  /** Resolves once everything queued so far has been sent (tests; a clean shutdown). */
  async settled(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const payloads = [...this.pending];
      this.pending = new Set();
      try {
        await sql`SELECT notify_balance_changes(${payloads}::text[])`.execute(this.db);
        this.stats.sent += payloads.length;
        this.stats.statements += 1;
      } catch {
        this.stats.failed += payloads.length;
      }
    }
    this.sending = null;
  }
}

const noticesByDb = new WeakMap<Kysely<Database>, BalanceNotices>();

/** The balance notices of one database handle (one per API instance and database). */
export function balanceNoticesFor(db: Kysely<Database>): BalanceNotices {
  let notices = noticesByDb.get(db);
  if (!notices) noticesByDb.set(db, (notices = new BalanceNotices(db)));
  return notices;
}
