/**
 * Who is watching which member's balance on this instance. The `balance_change` notification of
 * PostgreSQL (a trigger on member ledger accounts, migration 0015) reaches every instance; each
 * wakes only the streams of that member. Payload: `<merchantId>:<memberId>`.
 *
 * The `session_end` notification (a trigger on member sessions, migration 0051; payload
 * `<merchantId>:<memberId>:<sessionId>`) ends the streams opened with that session at once: locking,
 * closing, a forbidden login, ended sessions, a password reset or a logout leave no stream open.
 *
 * The `inbox_change` notification (triggers of the inbox's tables, migration 0061; payload
 * `<merchantId>:<memberId>`, or `<merchantId>:*` for a broadcast to the merchant's members) wakes the
 * streams that show the member's unread count.
 *
 * The `reward_change` notification (sent by modules/promotions in the transaction that changed a
 * reward; payload `<merchantId>:<memberId>`, or `<merchantId>:*` for a segment grant or an edited
 * promotion) wakes the streams that show the member's claimable rewards.
 */
export class BalanceStreams {
  private readonly watchers = new Map<string, Set<() => void>>();
  private readonly inboxWatchers = new MemberWatchers();
  private readonly rewardWatchers = new MemberWatchers();
  private readonly closers = new Set<() => void>();
  private readonly sessionEnders = new Map<string, Set<() => void>>();

  /** Calls `onChange` after each committed change of the member's balances; returns the unsubscribe. */
  watch(merchantId: number, memberId: bigint, onChange: () => void): () => void {
    const key = `${merchantId}:${memberId}`;
    let set = this.watchers.get(key);
    if (!set) this.watchers.set(key, (set = new Set()));
    set.add(onChange);
    return () => {
      set.delete(onChange);
      if (set.size === 0) this.watchers.delete(key);
    };
  }

  /** Calls `onChange` after each committed change of the member's inbox (or a broadcast); returns the unsubscribe. */
  watchInbox(merchantId: number, memberId: bigint, onChange: () => void): () => void {
    return this.inboxWatchers.watch(merchantId, memberId, onChange);
  }

  /** An `inbox_change` notification's payload: one member's streams, or every stream of the merchant (`*`). */
  inboxChanged(payload: string): void {
    this.inboxWatchers.changed(payload);
  }

  /** Calls `onChange` after each committed change of the member's rewards (or the merchant's); returns the unsubscribe. */
  watchRewards(merchantId: number, memberId: bigint, onChange: () => void): () => void {
    return this.rewardWatchers.watch(merchantId, memberId, onChange);
  }

  /** A `reward_change` notification's payload: one member's streams, or every stream of the merchant (`*`). */
  rewardsChanged(payload: string): void {
    this.rewardWatchers.changed(payload);
  }

  /** Remembers how to end an open stream, for closeAll; returns the forget. */
  track(close: () => void): () => void {
    this.closers.add(close);
    return () => this.closers.delete(close);
  }

  /** Calls `onEnd` when the session `sessionId` is revoked (from any instance); returns the unsubscribe. */
  watchSession(sessionId: bigint, onEnd: () => void): () => void {
    const key = String(sessionId);
    let set = this.sessionEnders.get(key);
    if (!set) this.sessionEnders.set(key, (set = new Set()));
    set.add(onEnd);
    return () => {
      set.delete(onEnd);
      if (set.size === 0) this.sessionEnders.delete(key);
    };
  }

  /** A `session_end` notification's payload. */
  sessionEnded(payload: string): void {
    const sessionId = payload.split(':')[2];
    if (sessionId === undefined) return;
    for (const onEnd of [...(this.sessionEnders.get(sessionId) ?? [])]) onEnd();
  }

  /** At shutdown: every open stream ends, so the server can drain (the site reconnects elsewhere). */
  closeAll(): void {
    for (const close of [...this.closers]) close();
  }

  /** A notification's payload. */
  changed(payload: string): void {
    for (const onChange of this.watchers.get(payload) ?? []) onChange();
  }

  /** After a reconnection: notifications may have been missed, so every watcher looks again. */
  changedAll(): void {
    for (const set of this.watchers.values()) for (const onChange of set) onChange();
    this.inboxWatchers.changedAll();
    this.rewardWatchers.changedAll();
  }

  get size(): number {
    let count = 0;
    for (const set of this.watchers.values()) count += set.size;
    return count;
  }
}

/** Per merchant, per member: who shows something of the member, so a `<merchantId>:*` payload finds a merchant's streams. */
class MemberWatchers {
  private readonly merchants = new Map<string, Map<string, Set<() => void>>>();

  watch(merchantId: number, memberId: bigint, onChange: () => void): () => void {
    const merchantKey = String(merchantId);
    const memberKey = String(memberId);
    let members = this.merchants.get(merchantKey);
    if (!members) this.merchants.set(merchantKey, (members = new Map()));
    let set = members.get(memberKey);
    if (!set) members.set(memberKey, (set = new Set()));
    set.add(onChange);
    return () => {
      set.delete(onChange);
      if (set.size > 0) return;
      members.delete(memberKey);
      if (members.size === 0) this.merchants.delete(merchantKey);
    };
  }

  /** `<merchantId>:<memberId>` wakes that member's streams, `<merchantId>:*` every stream of the merchant. */
  changed(payload: string): void {
    const [merchantKey, memberKey] = payload.split(':');
    const members = merchantKey === undefined ? undefined : this.merchants.get(merchantKey);
    if (!members || memberKey === undefined) return;
    const sets = memberKey === '*' ? [...members.values()] : [members.get(memberKey) ?? new Set<() => void>()];
    for (const set of sets) for (const onChange of [...set]) onChange();
  }

  changedAll(): void {
    for (const members of this.merchants.values())
      for (const set of members.values()) for (const onChange of [...set]) onChange();
  }
}
