import { spawn, type ChildProcess } from 'node:child_process';
import { cp, readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import path from 'node:path';
import type { Logger } from 'pino';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded.ts';

/**
 * The processes a chaos run kills and restarts: the embedded PostgreSQL, the API and the house games
 * vendor (apps/house-games, the outside vendor of the transfer-mode brand). Each is a real process;
 * killing is SIGKILL, so nothing gets to clean up. The API and the vendor run bundled as `npm start`
 * runs them (esbuild, as their build.mjs does), so a restart takes a second, not the many seconds of
 * compiling the sources again.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

export interface Ports {
  api: number;
  houseGames: number;
}

export const houseVendorSecret = 'chaos-house-vendor-secret-0123456789';

export class Database {
  private handle: EmbeddedDatabase | null = null;

  constructor(
    private readonly dataDir: string,
    private readonly logger: Logger,
  ) {}

  get connectionString(): string {
    if (!this.handle) throw new Error('the database is not running');
    return this.handle.connectionString;
  }

  async start(): Promise<void> {
    // After a SIGKILL the old server's backends may still hold its shared memory for a moment.
    for (let attempt = 1; ; attempt += 1) {
      try {
        this.handle = await startEmbeddedPostgres(this.dataDir, this.logger);
        return;
      } catch (error) {
        if (attempt >= 30) throw error;
        await sleep(500);
      }
    }
  }

  /** SIGKILL to the postmaster: what a crash of the database machine looks like to the API. */
  async kill(): Promise<void> {
    const pid = Number((await readFile(path.join(this.dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    this.handle = null;
    // Its backends notice the postmaster's death and exit; the next start waits for them if needed.
    for (let attempt = 0; attempt < 100 && isAlive(pid); attempt += 1) await sleep(100);
  }

  async stop(): Promise<void> {
    await this.handle?.stop();
    this.handle = null;
  }
}

/** A long-running child process (API or house games) that can be killed and started again. */
export class Service {
  private child: ChildProcess | null = null;
  private readonly exited = new Set<ChildProcess>();

  constructor(
    readonly name: string,
    /** A bundle made by bundleService. */
    private readonly entry: string,
    private readonly env: () => Record<string, string>,
    private readonly readyUrl: string,
    private readonly output: (line: string) => void,
  ) {}

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--enable-source-maps', this.entry], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.once('exit', () => this.exited.add(child));
    const forward = (chunk: Buffer) =>
      chunk
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .forEach((line) => this.output(`[${this.name}] ${line}`));
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    this.child = child;
    for (let attempt = 0; attempt < 600; attempt += 1) {
      if (this.exited.has(child)) throw new Error(`${this.name} exited while starting`);
      if (
        await fetch(this.readyUrl).then(
          (response) => response.ok,
          () => false,
        )
      )
        return;
      await sleep(100);
    }
    throw new Error(`${this.name} did not become ready`);
  }

  /** SIGKILL: nothing gets to clean up. */
  kill(): Promise<void> {
    return this.end('SIGKILL');
  }

  /** SIGTERM, then SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void> {
    return this.end('SIGTERM');
  }

  private async end(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || this.exited.has(child)) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  }
}

/**
 * Bundles an app's `src/main.ts` beside its `dist/` (into `.chaos-build/`, so the paths it computes
 * from its own location are those of the real build, and a build running meanwhile is not disturbed).
 * Workspace packages are bundled in; npm dependencies load from node_modules.
 */
export async function bundleService(app: 'server' | 'house-games'): Promise<string> {
  const appDir = path.join(repoRoot, 'apps', app);
  const pkg = JSON.parse(await readFile(path.join(appDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const outfile = path.join(appDir, '.chaos-build', 'main.js');
  await build({
    entryPoints: [path.join(appDir, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@lotus/')),
    logLevel: 'warning',
  });
  // As apps/server/build.mjs does: the migrator's repeatable step reads the database functions
  // from a `functions/` folder beside the bundle, and the server refuses to start without them.
  if (app === 'server')
    await cp(path.join(appDir, 'src/db/functions'), path.join(appDir, '.chaos-build', 'functions'), {
      recursive: true,
    });
  return outfile;
}

export function apiService(entry: string, ports: Ports, database: Database, output: (line: string) => void): Service {
  return new Service(
    'api',
    entry,
    () => ({
      NODE_ENV: 'development',
      PORT: String(ports.api),
      HOST: '127.0.0.1',
      DATABASE_URL: database.connectionString,
      REDIS_URL: '',
      LOG_LEVEL: 'error',
      JOBS_ENABLED: 'true',
      // The vendor runs as a process of its own here, so killing the API does not kill it.
      HOUSE_GAMES_ENABLED: 'false',
      HOUSE_GAMES_PORT: String(ports.houseGames),
      HOUSE_GAMES_URL: `http://127.0.0.1:${ports.houseGames}`,
      HOUSE_GAMES_INTERNAL_URL: `http://127.0.0.1:${ports.houseGames}`,
      HOUSE_VENDOR_SECRET: houseVendorSecret,
    }),
    `http://127.0.0.1:${ports.api}/healthz`,
    output,
  );
}

export function houseGamesService(
  entry: string,
  ports: Ports,
  database: Database,
  output: (line: string) => void,
): Service {
  return new Service(
    'house-games',
    entry,
    () => ({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      HOUSE_GAMES_PORT: String(ports.houseGames),
      HOUSE_GAMES_URL: `http://127.0.0.1:${ports.houseGames}`,
      HOUSE_VENDOR_SECRET: houseVendorSecret,
      DATABASE_URL: database.connectionString,
      PLATFORM_URL: `http://127.0.0.1:${ports.api}`,
    }),
    `http://127.0.0.1:${ports.houseGames}/health`,
    output,
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
