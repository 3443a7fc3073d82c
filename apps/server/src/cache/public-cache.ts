/**
 * Cache of public reads (lobby data), per merchant, in this process. Entries are dropped when
 * PostgreSQL announces a change on the `public_cache` channel (a trigger on every table that feeds
 * a cached read, see migration 0001), so all API instances see a change at once, with or without
 * Redis. The TTL only bounds staleness if a notification is ever missed (e.g. while reconnecting,
 * when the whole cache is dropped anyway).
 */
export class PublicCache {
  private readonly entries = new Map<number, Map<string, { value: unknown; expiresAtMs: number }>>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  /** Bumped on every invalidation of a merchant, so a load that raced a change is not stored. */
  private readonly generations = new Map<number, number>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get<T>(merchantId: number, key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(merchantId)?.get(key);
    if (hit && hit.expiresAtMs > this.now()) return hit.value as T;

    const flightKey = `${merchantId}\u0000${key}`;
    const pending = this.inflight.get(flightKey);
    if (pending) return pending as Promise<T>;

    const generation = this.generations.get(merchantId) ?? 0;
    const loading = load()
      .then((value) => {
        if ((this.generations.get(merchantId) ?? 0) === generation) {
          let forMerchant = this.entries.get(merchantId);
          if (!forMerchant) this.entries.set(merchantId, (forMerchant = new Map()));
          forMerchant.set(key, { value, expiresAtMs: this.now() + this.ttlMs });
        }
        return value;
      })
      .finally(() => this.inflight.delete(flightKey));
    this.inflight.set(flightKey, loading);
    return loading;
  }

  invalidate(merchantId: number): void {
    this.generations.set(merchantId, (this.generations.get(merchantId) ?? 0) + 1);
    this.entries.delete(merchantId);
  }

  invalidateAll(): void {
    for (const merchantId of this.entries.keys()) this.invalidate(merchantId);
    for (const merchantId of this.generations.keys()) this.invalidate(merchantId);
  }
}
