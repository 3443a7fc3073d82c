import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { postTransfers } from '../modules/ledger/index.ts';
import { insertTestMember } from '../testing/members.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

/** `npm run ledger:check` as an operator runs it: output and exit code, on a clean and a tampered ledger. */

const run = promisify(execFile);
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

async function ledgerCheck(): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/ledger-check.ts'], {
      env: { ...process.env, DATABASE_URL: database.connectionString, LOG_LEVEL: 'warn' },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

test('prints what it checked, passes on a clean ledger and exits 1 naming a tampered account', async () => {
  const merchant = await database.db
    .selectFrom('merchant')
    .select('id')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  const memberId = await insertTestMember(database.db, merchant.id, 'checked');
  await postTransfers(database.db, {
    merchantId: merchant.id,
    currency: 'THB',
    idempotency: { source: 'test', key: 'check-1' },
    transfers: [
      {
        debit: { kind: 'house_deposit_clearing', subKey: 'BANK' },
        credit: { kind: 'member_main', memberId },
        amount: 2500n,
        kind: 'deposit',
        reference: 'd1',
      },
    ],
    nowMs: Date.now(),
  });

  const clean = await ledgerCheck();
  expect(clean.code).toBe(0);
  expect(clean.output).toContain('2 accounts (1 of members), 1 transfers in 1 postings');
  expect(clean.output).toContain('THB: sum of all accounts 0 (balanced)');
  expect(clean.output).toContain('ledger check passed');

  await sql`UPDATE ledger_account SET balance = 2600 WHERE member_id = ${memberId}`.execute(database.db);
  const tampered = await ledgerCheck();
  expect(tampered.code).toBe(1);
  expect(tampered.output).toMatch(/member_main, merchant \d+, member \d+\): stored 2600, credits - debits 2500/);
  expect(tampered.output).toContain('ledger check FAILED');
}, 60_000);
