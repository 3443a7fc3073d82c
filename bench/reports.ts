// npm run bench:reports: the reports benchmark alone (bench/reports-measure.ts), 10,000,000 bet
// records by default (BENCH_BET_RECORDS); prints the readings and writes bench/reports.json.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { measureReports } from './reports-measure.ts';

const result = await measureReports(Number(process.env.BENCH_BET_RECORDS ?? 10_000_000));
console.table([
  { measure: 'bet records', value: result.betRecords },
  { measure: 'generated in s (null: reused)', value: result.generateSeconds },
  { measure: 'job: 89 closed days summed in s (null: kept)', value: result.aggregateSeconds },
  { measure: 'job: ms per day', value: result.aggregateMsPerDay },
  { measure: `90-day summary, median of ${result.runs} ms`, value: result.summaryMedianMs },
  { measure: '90-day summary, slowest ms', value: result.summaryMaxMs },
  { measure: 'same report from the detail only ms (reference)', value: result.fromDetailMs },
  { measure: 'speed-up', value: result.speedup },
  { measure: "today's bet records (read live)", value: result.todayBetRecords },
  { measure: 'same totals both ways', value: result.sameTotals },
]);
await writeFile(path.join(import.meta.dirname, 'reports.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log('written: bench/reports.json');
process.exit(0);
