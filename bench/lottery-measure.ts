// The lottery benchmark (issue 18 "Numbers to reach": a fast draw with 50,000 open bets settles in under
// 5 s; bet placement sustains at least 1,000 bets/s with p99 under 50 ms measured below saturation;
// npm run bench:lottery). Starts its own API (its own process, jobs off) on its own embedded database,
// funds `members` members with a session each, and places bets over HTTP on one 5-minute draw far
// enough ahead that it stays open throughout: first back to back from `connections` clients (the
// throughput), then paced at a fixed rate below that (the latency a member sees), until the draw holds
// `bets` orders. Then draws that draw (early: the bench passes the draw's own instant as "now") and times
// its settlement, settles it again (nothing may change), and runs checkLedger. Measures and reports;
// asserts nothing.
import { randomInt } from 'node:crypto';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { connect, migrateToLatest } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { checkLedger, postTransfers } from '../apps/server/src/modules/ledger/index.ts';
import { drawDueLotteryDraws, runLotteryTick, settleLotteryDraw } from '../apps/server/src/modules/lottery/index.ts';
import { insertTestMember, insertTestSession } from '../apps/server/src/testing/members.ts';
import { cpuPerOperation, postmasterPidOf, sampleCpu, type CpuSample } from './cpu-share.ts';
import { percentile } from './percentile.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = 8396;
const dataDir = path.join(root, '.tmp/bench-lottery-data');
const gameCode = 'FAST5D_5M';

export interface LotteryBenchOptions {
  members: number;
  bets: number;
  connections: number;
  saturationSeconds: number;
  /** Bets a second of the paced phase (null: 80 % of the back-to-back rate). */
  pacedRate: number | null;
}

export interface LotteryBenchResult {
  members: number;
  connections: number;
  /** Back to back: bets a second, and latencies (ms). */
  saturatedBetsPerSecond: number;
  saturatedP50Ms: number;
  saturatedP99Ms: number;
  /** Paced below saturation. */
  pacedRate: number;
  pacedBetsPerSecond: number;
  pacedP50Ms: number;
  pacedP99Ms: number;
  failedBets: number;
  /** CPU ms a bet in the back-to-back phase, by process (bench/cpu-share.ts): comparable across loads. */
  cpuMsPerBet: CpuSample;
  /** Orders on the draw when it was settled. */
  openBets: number;
  settleSeconds: number;
  settledMembers: number;
  paidMinor: string;
  rerunSettledAnything: boolean;
  ledgerCheck: 'clean' | 'DIFFERENCES';
  loadAverage: { before: number; after: number };
  cpus: number;
  measuredAt: string;
}

/** FAST5D contents of one unit each (one digit at one position), all priced 1.00. */
function betBody(gameId: number, numero: string): string {
  const position = randomInt(5);
  const rows = Array.from({ length: 5 }, (_, index) => (index === position ? String(randomInt(10)) : '-'));
  return JSON.stringify({
    gameId,
    numero,
    bets: [{ playId: 9001, betContent: rows.join('|'), betNum: 1, stakePerUnit: '1.00', multiple: 1, series: 2000 }],
    totalAmount: '1.00',
  });
}

export async function measureLottery(options: LotteryBenchOptions): Promise<LotteryBenchResult> {
  await rm(dataDir, { recursive: true, force: true });
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
  const logger = createLogger(config);
  const database = await startEmbeddedPostgres(dataDir, logger);
  const db = connect(database.connectionString);
  let server: ChildProcess | null = null;
  try {
    await migrateToLatest(db, logger);
    await seedDemo(db);
    const merchant = await db
      .selectFrom('merchant')
      .select(['id', 'currency'])
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    const tokens: string[] = [];
    for (let index = 0; index < options.members; index += 1) {
      const memberId = await insertTestMember(db, merchant.id, `lotto${index}`);
      await postTransfers(db, {
        merchantId: merchant.id,
        currency: merchant.currency,
        idempotency: { source: 'bench', key: `fund-${memberId}` },
        transfers: [
          {
            debit: { kind: 'house_adjustment' },
            credit: { kind: 'member_main', memberId },
            amount: 100_000_000n,
            kind: 'adjustment',
            reference: 'bench',
          },
        ],
        nowMs: Date.now(),
      });
      tokens.push(await insertTestSession(db, merchant.id, memberId, Date.now()));
    }
    await runLotteryTick(db, Date.now());
    const game = await db
      .selectFrom('lottery_game')
      .select('id')
      .where('code', '=', gameCode)
      .executeTakeFirstOrThrow();
    // The farthest draw created (about 30 minutes ahead): open through both phases even at a low rate.
    const draw = await db
      .selectFrom('lottery_draw')
      .select(['id', 'numero', 'draws_at'])
      .where('game_id', '=', game.id)
      .where('status', '=', 'open')
      .orderBy('draws_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await sql`ANALYZE`.execute(db);
    server = await startApi(database.connectionString);

    const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
    let next = 0;
    const placeOne = () =>
      new Promise<number>((resolve, reject) => {
        const body = betBody(game.id, draw.numero);
        const token = tokens[next % tokens.length]!;
        next += 1;
        const started = performance.now();
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/lgw/orders',
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              Merchant: 'demo',
              Language: 'EN',
              Authorization: token,
            },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () =>
              response.statusCode === 200
                ? resolve(performance.now() - started)
                : reject(new Error(`bet: HTTP ${response.statusCode} ${text.slice(0, 200)}`)),
            );
          },
        );
        request.on('error', reject);
        request.end(body);
      });

    let failed = 0;
    let placed = 0;
    /** Back to back from every connection for `seconds`. */
    const saturate = async (seconds: number) => {
      const latencies: number[] = [];
      const deadline = performance.now() + seconds * 1_000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: options.connections }, async () => {
          while (performance.now() < deadline) {
            try {
              latencies.push(await placeOne());
              placed += 1;
            } catch (error) {
              failed += 1;
              if (failed < 5) console.error(error);
            }
          }
        }),
      );
      return { latencies, seconds: (performance.now() - started) / 1_000 };
    };
    /** One bet every 1/rate s until `count` bets are in (a late one does not delay the schedule). */
    const paced = async (rate: number, count: number) => {
      const latencies: number[] = [];
      const started = performance.now();
      const inFlight: Promise<void>[] = [];
      for (let index = 0; index < count; index += 1) {
        const due = started + (index * 1_000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        inFlight.push(
          placeOne().then(
            (ms) => {
              latencies.push(ms);
              placed += 1;
            },
            (error: unknown) => {
              failed += 1;
              if (failed < 5) console.error(error);
            },
          ),
        );
      }
      await Promise.all(inFlight);
      return { latencies, seconds: (performance.now() - started) / 1_000 };
    };

    const loadBefore = os.loadavg()[0]!;
    const postmasterPid = postmasterPidOf(path.join(dataDir, 'pg'));
    const cpuBefore = sampleCpu(server.pid!, postmasterPid);
    const saturated = await saturate(options.saturationSeconds);
    const cpuMsPerBet = cpuPerOperation(cpuBefore, sampleCpu(server.pid!, postmasterPid), saturated.latencies.length);
    const saturatedRate = saturated.latencies.length / saturated.seconds;
    const pacedRate = options.pacedRate ?? Math.max(1, Math.floor(saturatedRate * 0.8));
    const remaining = Math.max(0, options.bets - placed);
    const pacedRun = await paced(pacedRate, remaining);
    const sort = (values: number[]) => [...values].sort((a, b) => a - b);
    const saturatedSorted = sort(saturated.latencies);
    const pacedSorted = sort(pacedRun.latencies);

    // Drawn early (its own instant passed as "now"), then the settlement timed alone.
    const drawsAtMs = draw.draws_at.getTime();
    await drawDueLotteryDraws(db, drawsAtMs);
    const openBets = Number(
      (
        await db
          .selectFrom('lottery_order')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('draw_id', '=', draw.id)
          .executeTakeFirstOrThrow()
      ).count,
    );
    const settleStarted = performance.now();
    const settled = await settleLotteryDraw(db, draw.id, drawsAtMs + 1);
    const settleSeconds = (performance.now() - settleStarted) / 1_000;
    const rerun = await settleLotteryDraw(db, draw.id, drawsAtMs + 2);
    const ledger = await checkLedger(db, { merchantId: merchant.id });
    return {
      members: options.members,
      connections: options.connections,
      saturatedBetsPerSecond: Math.round(saturatedRate),
      saturatedP50Ms: round(percentile(saturatedSorted, 0.5)),
      saturatedP99Ms: round(percentile(saturatedSorted, 0.99)),
      pacedRate,
      pacedBetsPerSecond: Math.round(pacedRun.latencies.length / pacedRun.seconds),
      pacedP50Ms: round(percentile(pacedSorted, 0.5)),
      pacedP99Ms: round(percentile(pacedSorted, 0.99)),
      failedBets: failed,
      cpuMsPerBet,
      openBets,
      settleSeconds: round(settleSeconds),
      settledMembers: settled?.members ?? 0,
      paidMinor: (settled?.paidMinor ?? 0n).toString(),
      rerunSettledAnything: rerun !== null,
      ledgerCheck: ledger.ok ? 'clean' : 'DIFFERENCES',
      loadAverage: { before: round(loadBefore), after: round(os.loadavg()[0]!) },
      cpus: os.cpus().length,
      measuredAt: new Date().toISOString(),
    };
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    await (db as Kysely<Database>).destroy();
    await database.stop();
    if (!process.env.BENCH_LOTTERY_KEEP) await rm(dataDir, { recursive: true, force: true });
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

async function startApi(connectionString: string): Promise<ChildProcess> {
  // BENCH_API_PROFILE=<dir>: the API writes a V8 CPU profile there when it stops (where its time goes).
  const profile = process.env.BENCH_API_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: connectionString,
      REDIS_URL: '',
      JOBS_ENABLED: 'false',
      HOUSE_GAMES_ENABLED: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let attempt = 0; attempt < 300 && !exited; attempt += 1) {
    const ready = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the API did not start');
}
