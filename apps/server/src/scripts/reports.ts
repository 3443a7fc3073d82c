// npm run reports:check  [-- --merchant CODE --from YYYY-MM-DD --to YYYY-MM-DD]
//   Compares the reports' summed days with the detail (bets, deposits, withdrawals, members, bonuses)
//   as it is now; prints every mismatch and exits 1 if there is any. Default: every merchant, the 35
//   days before its today.
// npm run reports:rebuild -- --merchant CODE --from YYYY-MM-DD --to YYYY-MM-DD
//   Sums those closed days again from the detail (safe to rerun; replaces what was stored).
// On DATABASE_URL, or the embedded database in DATA_DIR, after bringing it to the latest migration.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { findMerchant, merchantTimeZone } from '../modules/merchant/index.ts';
import {
  checkReportAggregates,
  listReportMerchants,
  rebuildReportDays,
  type ReportMerchant,
} from '../modules/reports/index.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { merchant: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
});
const command = positionals[0];
if (command !== 'check' && command !== 'rebuild') {
  console.error('usage: reports.ts check|rebuild [--merchant CODE] [--from YYYY-MM-DD] [--to YYYY-MM-DD]');
  process.exit(2);
}

function daysBefore(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

function localToday(timezone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
}

const config = loadConfig();
const logger = createLogger({ ...config, LOG_LEVEL: 'warn' });
const database = await openDatabase(config, logger);
let ok = false;
try {
  await migrateToLatest(database.db, logger);
  let merchants: ReportMerchant[];
  if (values.merchant) {
    const merchant = await findMerchant(database.db, { code: values.merchant });
    if (!merchant) throw new Error(`no merchant ${values.merchant}`);
    merchants = [{ id: merchant.id, timezone: merchantTimeZone(merchant.config) }];
  } else {
    merchants = await listReportMerchants(database.db);
  }
  if (command === 'rebuild') {
    if (!values.merchant || !values.from || !values.to) throw new Error('rebuild needs --merchant, --from and --to');
    const days = await rebuildReportDays(database.db, merchants[0]!, values.from, values.to, Date.now());
    console.log(`reports: summed ${days} days of ${values.merchant} again`);
    ok = true;
  } else {
    let mismatches = 0;
    for (const merchant of merchants) {
      const today = localToday(merchant.timezone);
      const from = values.from ?? daysBefore(today, 35);
      const to = values.to ?? daysBefore(today, 1);
      const found = await checkReportAggregates(database.db, merchant, from, to);
      console.log(`merchant ${merchant.id} (${merchant.timezone}) ${from}..${to}: ${found.length} mismatches`);
      for (const mismatch of found) {
        console.log(
          `  ${mismatch.day} ${mismatch.table} ${mismatch.key || '-'}: stored ${JSON.stringify(mismatch.stored)} detail ${JSON.stringify(mismatch.detail)}`,
        );
      }
      mismatches += found.length;
    }
    console.log(
      mismatches === 0
        ? 'reports check passed'
        : 'reports check FAILED: rebuild the days named (npm run reports:rebuild)',
    );
    ok = mismatches === 0;
  }
} finally {
  await database.close();
}
process.exit(ok ? 0 : 1);
