// npm run bench:lottery: the lottery benchmark alone (bench/lottery-measure.ts). Sizes by environment:
// BENCH_LOTTERY_MEMBERS (2,000), BENCH_LOTTERY_BETS (50,000 on the settled draw), BENCH_LOTTERY_CONNECTIONS
// (32), BENCH_LOTTERY_SATURATION_SECONDS (10), BENCH_LOTTERY_RATE (paced bets a second; default 80 % of
// the back-to-back rate). Prints the readings and writes bench/lottery.json.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { measureLottery } from './lottery-measure.ts';

const result = await measureLottery({
  members: Number(process.env.BENCH_LOTTERY_MEMBERS ?? 2_000),
  bets: Number(process.env.BENCH_LOTTERY_BETS ?? 50_000),
  connections: Number(process.env.BENCH_LOTTERY_CONNECTIONS ?? 32),
  saturationSeconds: Number(process.env.BENCH_LOTTERY_SATURATION_SECONDS ?? 10),
  pacedRate: process.env.BENCH_LOTTERY_RATE ? Number(process.env.BENCH_LOTTERY_RATE) : null,
});
console.table([
  { measure: 'members / connections', value: `${result.members} / ${result.connections}` },
  { measure: 'back to back: bets/s (target >= 1,000)', value: result.saturatedBetsPerSecond },
  { measure: 'back to back: p50 / p99 ms', value: `${result.saturatedP50Ms} / ${result.saturatedP99Ms}` },
  { measure: 'paced: rate asked / bets/s', value: `${result.pacedRate} / ${result.pacedBetsPerSecond}` },
  { measure: 'paced: p50 / p99 ms (target p99 < 50)', value: `${result.pacedP50Ms} / ${result.pacedP99Ms}` },
  { measure: 'failed bets', value: result.failedBets },
  {
    measure: 'CPU ms a bet: API / database / load generator',
    value: `${result.cpuMsPerBet.api} / ${result.cpuMsPerBet.database} / ${result.cpuMsPerBet.loadGenerator}`,
  },
  { measure: 'open bets on the draw', value: result.openBets },
  { measure: 'settlement of the draw, s (target < 5)', value: result.settleSeconds },
  { measure: 'members paid / paid minor units', value: `${result.settledMembers} / ${result.paidMinor}` },
  { measure: 'second settlement did anything', value: result.rerunSettledAnything },
  { measure: 'ledger check', value: result.ledgerCheck },
  { measure: 'load average before / after', value: `${result.loadAverage.before} / ${result.loadAverage.after}` },
]);
await writeFile(path.join(import.meta.dirname, 'lottery.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log('written: bench/lottery.json');
process.exit(0);
