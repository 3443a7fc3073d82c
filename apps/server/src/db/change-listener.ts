import pg from 'pg';
import type { Logger } from 'pino';

/**
 * One dedicated PostgreSQL connection per API instance that LISTENs on the channels the app cares
 * about (`public_cache`: a merchant's lobby data changed; `balance_change`: a member's balance
 * changed) and reconnects with backoff. Notifications are sent by triggers inside the writing
 * transaction, so they arrive only after it committed, whoever wrote (any instance, an operator
 * tool, plain SQL), and in commit order.
 */
export interface ChangeListener {
  /** Resolves once every notification committed before the call has been handled. */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

export interface ChangeHandlers {
  /** Per channel: called with each notification's payload. */
  channels: Record<string, (payload: string) => void>;
  /** After every (re)connection: anything may have changed while nobody listened. */
  onConnected: () => void;
}

/** Markers of sync() travel on their own channel, never mistaken for a change. */
const syncChannel = 'lotus_listener_sync';

export function listenForChanges(connectionString: string, handlers: ChangeHandlers, logger: Logger): ChangeListener {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let markerCount = 0;
  const markers = new Map<string, () => void>();
  let connected: Promise<void>;
  let resolveConnected: () => void = () => {};
  const resetConnected = () => {
    connected = new Promise((resolve) => (resolveConnected = resolve));
  };
  resetConnected();

  const connectOnce = async () => {
    const next = new pg.Client({ connectionString, application_name: 'lotus-change-listener' });
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (message.channel === syncChannel) {
        markers.get(payload)?.();
        markers.delete(payload);
        return;
      }
      handlers.channels[message.channel]?.(payload);
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'change listener connection lost');
      scheduleReconnect();
    });
    await next.connect();
    for (const channel of [syncChannel, ...Object.keys(handlers.channels)])
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    attempt = 0;
    handlers.onConnected();
    resolveConnected();
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
      connectOnce().catch((error: unknown) => {
        logger.warn({ err: error }, 'change listener reconnect failed');
        scheduleReconnect();
      });
    }, delayMs);
  };

  connectOnce().catch((error: unknown) => {
    logger.warn({ err: error }, 'change listener could not connect');
    scheduleReconnect();
  });

  return {
    sync: async () => {
      await connected;
      const marker = `${process.pid}:${++markerCount}`;
      const received = new Promise<void>((resolve) => markers.set(marker, resolve));
      await client!.query('SELECT pg_notify($1, $2)', [syncChannel, marker]);
      await received;
    },
    stop: async () => {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      await client?.end().catch(() => {});
    },
  };
}
