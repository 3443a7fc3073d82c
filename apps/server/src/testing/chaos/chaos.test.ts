import path from 'node:path';
import { expect, test } from 'vitest';
import { runChaos } from './run-chaos.ts';

// The short form of `npm run chaos` (docs/testing.md): a fixed seed, a few members, three SIGKILLs of
// the API, one of them with the database. The full and --short runs kill at least 10 times.
test('after SIGKILLs of the API and the database under load, every acknowledged operation exists once and nothing is stuck', async () => {
  const seed = 20261126;
  const report = await runChaos({
    seed,
    members: 4,
    kills: 3,
    gapSeconds: 4,
    killDatabase: true,
    dataDir: path.resolve(import.meta.dirname, '../../../../../.tmp/chaos-test'),
    log: (line) => {
      if (line.startsWith('chaos:')) console.log(line);
    },
  });
  console.log(JSON.stringify(report.counts));
  expect(report.findings, `seed ${seed}`).toEqual([]);
  expect(report.kills).toBe(3);
  expect(report.databaseKills).toBe(1);
  // The checks ran over real work of every kind.
  for (const measure of [
    'vendor calls acknowledged',
    'rounds checked',
    'transfers acknowledged',
    'deposits acknowledged',
    'payments acknowledged',
  ]) {
    expect(report.counts[measure] ?? 0, measure).toBeGreaterThan(0);
  }
});
