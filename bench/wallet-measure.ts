// The wallet benchmark (npm run bench:wallet, and a row of npm run bench): simulated players doing
// signed bet-then-win rounds of the seamless wallet protocol over HTTP, against the rate of bare
// single-row UPDATEs on the same database over the same number of connections, measured in the same
// run. Starts its own API on its own embedded database, checks the ledger afterwards. It measures and
// reports; it asserts nothing.
import { randomInt, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { spawn, type ChildProcess } from 'node:child_process';
import { loadConfig } from '../apps/server/src/config.ts';
import { connect, migrateToLatest } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { checkLedger, postTransfers } from '../apps/server/src/modules/ledger/index.ts';
import { createGameSession, signBody } from '../apps/server/src/modules/seamless-wallet/index.ts';
import { insertTestMember } from '../apps/server/src/testing/members.ts';
import { cpuPerOperation, postmasterPidOf, sampleCpu, type CpuSample } from './cpu-share.ts';
import { percentile } from './percentile.ts';
import { resetStatementStats, statementStatsFlags, topStatements, type StatementShare } from './statement-stats.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = 8397;
const dataDir = path.join(root, '.tmp/bench-wallet-data');
const gameId = 'lucky-lotus';

export interface WalletResult {
  players: number;
  seconds: number;
  poolConnections: number;
  roundsPerSecond: number;
  postingsPerSecond: number;
  bareUpdatesPerSecond: number;
  ratio: number;
  p50Ms: number;
  p99Ms: number;
  /** The paced phase: half the back-to-back rate, the same players (latency below saturation). */
  pacedRoundsPerSecond: number;
  pacedP50Ms: number;
  pacedP99Ms: number;
  /**
   * Open loop (issue 19): rounds started at a fixed rate whatever the answers, at 25, 50 and 75 % of
   * the back-to-back rate, with each phase's call latencies.
   */
  openLoop: {
    share: number;
    roundsPerSecondAsked: number;
    roundsPerSecondDone: number;
    p50Ms: number;
    p99Ms: number;
    p999Ms: number;
  }[];
  /** CPU ms a wallet call (bet or win) in the back-to-back phase, by process (bench/cpu-share.ts). */
  cpuMsPerCall: CpuSample;
  /** The database's time by statement in the back-to-back phase, per wallet call (bench/statement-stats.ts). */
  statements: StatementShare[];
  failedRounds: number;
  ledgerCheck: 'clean' | 'DIFFERENCES';
  /**
   * Correctness after the run: every bet the API answered 200 is one bet transaction in the database,
   * none twice, and every answered win one win.
   */
  answeredBets: number;
  recordedBets: number;
  answeredWins: number;
  recordedWins: number;
  duplicateTransactions: number;
  measuredAt: string;
}

export async function measureWallet(players: number, seconds: number): Promise<WalletResult> {
  await rm(dataDir, { recursive: true, force: true });
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
  const logger = createLogger(config);
  // The database is this process's; the API runs in its own process (as in production), so the load
  // generator here does not share its event loop.
  const database = await startEmbeddedPostgres(dataDir, logger, statementStatsFlags);
  const db = connect(database.connectionString);
  let server: ChildProcess | null = null;
  const secret = config.HOUSE_VENDOR_SECRET!;

  try {
    await migrateToLatest(db, logger);
    await seedDemo(db);
    const merchant = await db
      .selectFrom('merchant')
      .select(['id', 'currency'])
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    // Each player: a member with 1,000,000.00 and a launch session of the house slot.
    const sessions: Array<{ memberId: bigint; token: string }> = [];
    for (let index = 0; index < players; index += 1) {
      const memberId = await insertTestMember(db, merchant.id, `bench${index}`);
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
      const { token } = await createGameSession(db, {
        merchantId: merchant.id,
        memberId,
        vendorCode: 'HOUSE',
        gameId,
        nowMs: Date.now(),
      });
      sessions.push({ memberId, token });
    }
    // Statistics as autovacuum keeps them on a live database: without them the planner sees the
    // 200 members just inserted as an empty table and picks poor plans for the foreign-key checks.
    await sql`ANALYZE`.execute(db);
    server = await startApi(database.connectionString, secret);

    const agent = new http.Agent({ keepAlive: true, maxSockets: players });
    const answered = { bet: 0, win: 0 };
    const call = (name: 'bet' | 'win', body: string) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path: `/vendor-api/HOUSE/${name}`,
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'x-signature': signBody(secret, body),
              'content-length': Buffer.byteLength(body),
            },
          },
          (response) => {
            response.resume();
            response.on('end', () =>
              response.statusCode === 200
                ? ((answered[name] += 1), resolve(performance.now() - started))
                : reject(new Error(`${name}: HTTP ${response.statusCode}`)),
            );
          },
        );
        request.on('error', reject);
        request.end(body);
      });

    /**
     * Every player plays bet-then-win rounds until `seconds` are over: back to back (closed loop, the
     * throughput reading), or one round every `roundGapMs` from a random start (paced: the latency a
     * player sees when the server is not saturated; a round that ends late starts the next at once).
     */
    const playRounds = async (roundGapMs: number | null) => {
      const latencies: number[] = [];
      let rounds = 0;
      let failures = 0;
      const started = performance.now();
      const deadline = started + seconds * 1_000;
      await Promise.all(
        sessions.map(async ({ memberId, token }) => {
          const base = { sessionToken: token, playerId: String(memberId), currency: merchant.currency, gameId };
          let due = started + (roundGapMs === null ? 0 : randomInt(Math.max(1, Math.round(roundGapMs))));
          while (performance.now() < deadline) {
            if (roundGapMs !== null) {
              const wait = due - performance.now();
              if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
              due += roundGapMs;
              if (performance.now() >= deadline) break;
            }
            const roundId = randomUUID();
            const message = (transactionId: string, amount: string, extra: object = {}) =>
              JSON.stringify({
                requestId: randomUUID(),
                timestamp: Date.now(),
                ...base,
                roundId,
                transactionId,
                amount,
                ...extra,
              });
            try {
              latencies.push(await call('bet', message(`${roundId}:bet`, '1.00')));
              latencies.push(
                await call('win', message(`${roundId}:win`, String(randomInt(1, 300) / 100), { roundClosed: true })),
              );
              rounds += 1;
            } catch {
              failures += 1;
            }
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      return { roundsPerSecond: rounds / ((performance.now() - started) / 1_000), failures, latencies };
    };

    /**
     * Open loop: a round starts every 1/rate s for the next player in turn, whether or not earlier
     * rounds have been answered (arrivals do not wait on answers, as a crowd's do not), for `seconds`.
     */
    const openLoop = async (rate: number) => {
      const latencies: number[] = [];
      let rounds = 0;
      const started = performance.now();
      const inFlight: Promise<void>[] = [];
      for (let index = 0; ; index += 1) {
        const due = started + (index * 1_000) / rate;
        if (due >= started + seconds * 1_000) break;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const { memberId, token } = sessions[index % sessions.length]!;
        const roundId = randomUUID();
        const message = (transactionId: string, amount: string, extra: object = {}) =>
          JSON.stringify({
            requestId: randomUUID(),
            timestamp: Date.now(),
            sessionToken: token,
            playerId: String(memberId),
            currency: merchant.currency,
            gameId,
            roundId,
            transactionId,
            amount,
            ...extra,
          });
        inFlight.push(
          (async () => {
            latencies.push(await call('bet', message(`${roundId}:bet`, '1.00')));
            latencies.push(
              await call('win', message(`${roundId}:win`, String(randomInt(1, 300) / 100), { roundClosed: true })),
            );
            rounds += 1;
          })().catch(() => undefined),
        );
      }
      await Promise.all(inFlight);
      latencies.sort((a, b) => a - b);
      return { roundsPerSecond: rounds / ((performance.now() - started) / 1_000), latencies };
    };

    console.log(`wallet: ${players} players, ${seconds} s of signed bet-then-win rounds over HTTP, back to back`);
    const postmasterPid = postmasterPidOf(path.join(dataDir, 'pg'));
    await resetStatementStats(db);
    const cpuBefore = sampleCpu(server.pid!, postmasterPid);
    const answeredBefore = answered.bet + answered.win;
    const saturated = await playRounds(null);
    const saturatedCalls = answered.bet + answered.win - answeredBefore;
    const cpuMsPerCall = cpuPerOperation(cpuBefore, sampleCpu(server.pid!, postmasterPid), saturatedCalls);
    const statements = await topStatements(db, saturatedCalls);
    // Latency below saturation: the same players at half the rate they reached back to back.
    const pacedRate = saturated.roundsPerSecond / 2;
    console.log(`wallet: the same players paced to ${Math.round(pacedRate)} rounds/s for ${seconds} s`);
    // (Nothing to pace when no round went through: the failures are the reading then.)
    const paced =
      pacedRate > 0
        ? await playRounds((players / pacedRate) * 1_000)
        : { roundsPerSecond: 0, failures: 0, latencies: [] };
    const openLoopReadings: WalletResult['openLoop'] = [];
    for (const share of [0.25, 0.5, 0.75]) {
      const rate = saturated.roundsPerSecond * share;
      if (rate <= 0) break;
      console.log(`wallet: open loop, rounds arriving at ${Math.round(rate)}/s for ${seconds} s`);
      const run = await openLoop(rate);
      openLoopReadings.push({
        share,
        roundsPerSecondAsked: Math.round(rate),
        roundsPerSecondDone: Math.round(run.roundsPerSecond),
        p50Ms: Number(percentile(run.latencies, 0.5).toFixed(1)),
        p99Ms: Number(percentile(run.latencies, 0.99).toFixed(1)),
        p999Ms: Number(percentile(run.latencies, 0.999).toFixed(1)),
      });
    }
    agent.destroy();

    // The reference: single-row UPDATEs, one per row, over as many connections as the API's pool holds.
    const poolSize = 10;
    const bare = new pg.Pool({ connectionString: database.connectionString, max: poolSize });
    await bare.query('CREATE TABLE IF NOT EXISTS bench_counter (id integer PRIMARY KEY, n bigint NOT NULL)');
    await bare.query(
      'INSERT INTO bench_counter SELECT g, 0 FROM generate_series(1, $1::int) g ON CONFLICT DO NOTHING',
      [players],
    );
    let updates = 0;
    const bareDeadline = performance.now() + seconds * 1_000;
    const bareStarted = performance.now();
    await Promise.all(
      Array.from({ length: players }, async (_, index) => {
        while (performance.now() < bareDeadline) {
          await bare.query('UPDATE bench_counter SET n = n + 1 WHERE id = $1', [index + 1]);
          updates += 1;
        }
      }),
    );
    const bareSeconds = (performance.now() - bareStarted) / 1_000;
    await bare.query('DROP TABLE bench_counter');
    await bare.end();

    const postingsPerSecond = saturated.roundsPerSecond * 2;
    const bareUpdatesPerSecond = updates / bareSeconds;
    const ledger = await checkLedger(db);
    const recorded = await sql<{ kind: string; rows: string; distinct_ids: string }>`
      SELECT kind, count(*) AS rows, count(DISTINCT transaction_id) AS distinct_ids
      FROM vendor_transaction WHERE vendor_code = 'HOUSE' GROUP BY kind`.execute(db);
    const recordedOf = (kind: string) => Number(recorded.rows.find((row) => row.kind === kind)?.rows ?? 0);
    const duplicateTransactions = recorded.rows.reduce(
      (sum, row) => sum + Number(row.rows) - Number(row.distinct_ids),
      0,
    );
    const result: WalletResult = {
      players,
      seconds,
      poolConnections: poolSize,
      roundsPerSecond: Math.round(saturated.roundsPerSecond),
      postingsPerSecond: Math.round(postingsPerSecond),
      bareUpdatesPerSecond: Math.round(bareUpdatesPerSecond),
      ratio: Number((postingsPerSecond / bareUpdatesPerSecond).toFixed(3)),
      p50Ms: Number(percentile(saturated.latencies, 0.5).toFixed(1)),
      p99Ms: Number(percentile(saturated.latencies, 0.99).toFixed(1)),
      pacedRoundsPerSecond: Math.round(paced.roundsPerSecond),
      pacedP50Ms: Number(percentile(paced.latencies, 0.5).toFixed(1)),
      pacedP99Ms: Number(percentile(paced.latencies, 0.99).toFixed(1)),
      openLoop: openLoopReadings,
      cpuMsPerCall,
      statements,
      failedRounds: saturated.failures + paced.failures,
      ledgerCheck: ledger.ok ? 'clean' : 'DIFFERENCES',
      answeredBets: answered.bet,
      recordedBets: recordedOf('bet'),
      answeredWins: answered.win,
      recordedWins: recordedOf('win'),
      duplicateTransactions,
      measuredAt: new Date().toISOString(),
    };
    return result;
  } finally {
    server?.kill('SIGTERM');
    await db.destroy();
    await database.stop();
  }
}

/** The API on the bench's database, in its own process, without jobs or the house games; ready when /healthz answers. */
async function startApi(connectionString: string, secret: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
      HOUSE_VENDOR_SECRET: secret,
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
