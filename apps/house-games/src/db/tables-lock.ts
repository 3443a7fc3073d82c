import pg from 'pg';

/**
 * One house-games process per database drives the live tables (docs/operations.md, "House games"):
 * two would each open, close and settle the same rounds, and one could roll back a bet the other is
 * still taking. The process holds a PostgreSQL advisory lock on a connection of its own for its whole
 * life; a second process waits for it before it serves anything, and takes over when the first is
 * gone.
 *
 * A holder that vanishes without closing its connection (its machine lost) would keep the lock until
 * the server noticed. So the lock's session has an idle timeout and the holder pings well inside it:
 * a live holder is never idle that long, a lost one is cut off by the server within the timeout.
 */
const lockKey = 'house_games.tables';
const idleTimeoutMs = 30_000;
const pingEveryMs = 10_000;
const retryEveryMs = 2_000;

export interface TablesLock {
  /** Releases the lock (its connection closes). */
  release(): Promise<void>;
}

/**
 * Waits until this process holds the lock. `onWaiting` is called once if another process holds it;
 * `onLost` if the lock's connection fails later (the process must stop: another may take over).
 */
export async function takeTablesLock(
  connectionString: string,
  hooks: { onWaiting: () => void; onLost: (error: Error) => void },
): Promise<TablesLock> {
  let toldWaiting = false;
  for (;;) {
    const client = new pg.Client({ connectionString });
    await client.connect();
    await client.query(`SET idle_session_timeout = ${idleTimeoutMs}`);
    const { rows } = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS taken', [
      lockKey,
    ]);
    if (rows[0]?.taken) return hold(client, hooks.onLost);
    await client.end();
    if (!toldWaiting) {
      toldWaiting = true;
      hooks.onWaiting();
    }
    await new Promise((resolve) => setTimeout(resolve, retryEveryMs));
  }
}

function hold(client: pg.Client, onLost: (error: Error) => void): TablesLock {
  let released = false;
  const lost = (error: Error) => {
    if (released) return;
    released = true;
    clearInterval(ping);
    onLost(error);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('the tables lock connection closed')));
  const ping = setInterval(() => {
    client.query('SELECT 1').catch(lost);
  }, pingEveryMs);
  ping.unref();
  return {
    async release() {
      if (released) return;
      released = true;
      clearInterval(ping);
      await client.end();
    },
  };
}
