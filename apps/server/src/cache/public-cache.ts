import pg from 'pg';
import type { Logger } from 'pino';

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

  constructor(private readonly ttlMs = 60_000, private readonly now: () => number = Date.now) {}

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

/**
 * Listens on the `public_cache` channel with a dedicated connection and reconnects with backoff.
 * `sync()` resolves once every change committed before the call has been handled: it sends a
 * marker on the same channel, and PostgreSQL delivers notifications in commit order.
 */
export interface CacheChangeListener {
  sync(): Promise<void>;
  stop(): Promise<void>;
}

export function listenForCacheChanges(
  connectionString: string,
  onChange: (merchantId: number | null) => void,
  logger: Logger,
): CacheChangeListener {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let markerCount = 0;
  const markers = new Map<string, () => void>();
  let connected: Promise<void>;
  let onConnected: () => void = () => {};
  const resetConnected = () => {
    connected = new Promise((resolve) => (onConnected = resolve));
  };
  resetConnected();

  const connectOnce = async () => {
    const next = new pg.Client({ connectionString, application_name: 'lotus-cache-listener' });
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      const marker = markers.get(payload);
      if (marker) {
        markers.delete(payload);
        marker();
        return;
      }
      const merchantId = Number(payload);
      onChange(Number.isInteger(merchantId) && payload !== '' ? merchantId : null);
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'cache listener connection lost');
      scheduleReconnect();
    });
    await next.connect();
    await next.query('LISTEN public_cache');
    client = next;
    attempt = 0;
    // Anything may have changed while we were not listening.
    onChange(null);
    onConnected();
  };

  const scheduleReconnect = () => {
    const dead = client;
    client = null;
    resetConnected();
    dead?.end().catch(() => {});
    if (stopped || retryTimer) return;
    const delayMs = Math.min(30_000, 250 * 2 ** attempt++);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connectOnce().catch((error) => {
        logger.warn({ err: error }, 'cache listener reconnect failed');
        scheduleReconnect();
      });
    }, delayMs);
  };

  connectOnce().catch((error) => {
    logger.warn({ err: error }, 'cache listener could not connect');
    scheduleReconnect();
  });

  return {
    sync: async () => {
      await connected;
      const marker = `sync:${process.pid}:${++markerCount}`;
      const received = new Promise<void>((resolve) => markers.set(marker, resolve));
      await client!.query('SELECT pg_notify($1, $2)', ['public_cache', marker]);
      await received;
    },
    stop: async () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      await client?.end().catch(() => {});
    },
  };
}
