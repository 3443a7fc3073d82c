import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { insertTestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { postTransfers } from './index.ts';
import { balanceNoticesFor } from './balance-notices.ts';

let testApp: TestApp;
let currency: string;
let listener: pg.Client;
const heard: string[] = [];
const clock = Date.UTC(2026, 0, 1, 12);

beforeAll(async () => {
  testApp = await createTestApp({}, { now: () => clock });
  currency = (
    await testApp.db
      .selectFrom('merchant')
      .select('currency')
      .where('id', '=', testApp.demoMerchantId)
      .executeTakeFirstOrThrow()
  ).currency;
  listener = new pg.Client({ connectionString: testApp.database.connectionString });
  await listener.connect();
  listener.on('notification', (message) => heard.push(message.payload ?? ''));
  await listener.query('LISTEN balance_change');
});
afterAll(async () => {
  await listener?.end();
  await testApp?.close();
});

/** Every notification sent so far has reached the listener (PostgreSQL delivers them in order). */
async function drained(): Promise<void> {
  const marker = `marker-${randomUUID()}`;
  await sql`SELECT pg_notify('balance_change', ${marker})`.execute(testApp.db);
  for (let tries = 0; tries < 200 && !heard.includes(marker); tries += 1) await new Promise((r) => setTimeout(r, 10));
  heard.splice(heard.indexOf(marker), 1);
}

async function fund(memberId: bigint, key: string) {
  await postTransfers(testApp.db, {
    merchantId: testApp.demoMerchantId,
    currency,
    idempotency: { source: 'test', key },
    transfers: [
      {
        debit: { kind: 'house_adjustment' },
        credit: { kind: 'member_main', memberId },
        amount: 1_000n,
        kind: 'adjustment',
        reference: 'test',
      },
    ],
    nowMs: clock,
  });
}

test('a transaction that defers its notices sends none at its commit and gathers each member once', async () => {
  const first = await insertTestMember(testApp.db, testApp.demoMerchantId, 'bn-a');
  const second = await insertTestMember(testApp.db, testApp.demoMerchantId, 'bn-b');
  await fund(first, 'bn-a-0');
  await fund(second, 'bn-b-0');
  await drained();
  heard.length = 0;

  const gathered = await testApp.db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('lotus.defer_balance_notices', 'on', true)`.execute(trx);
    for (const [memberId, key] of [
      [first, 'bn-a-1'],
      [second, 'bn-b-1'],
      [first, 'bn-a-2'],
    ] as const)
      await postTransfers(trx, {
        merchantId: testApp.demoMerchantId,
        currency,
        idempotency: { source: 'test', key },
        transfers: [
          {
            debit: { kind: 'house_adjustment' },
            credit: { kind: 'member_main', memberId },
            amount: 10n,
            kind: 'adjustment',
            reference: 'test',
          },
        ],
        nowMs: clock,
      });
    const { rows } = await sql<{
      notices: string;
    }>`SELECT current_setting('lotus.deferred_balance_notices', true) AS notices`.execute(trx);
    return rows[0]!.notices;
  });
  const merchant = testApp.demoMerchantId;
  expect(gathered.split(' ')).toEqual([`${merchant}:${first}`, `${merchant}:${second}`]);
  await drained();
  expect(heard).toEqual([]);

  // Sent after the commit. Announcements made while a statement is on its way go together in the
  // next one, each member once.
  const notices = balanceNoticesFor(testApp.db);
  const statements = notices.stats.statements;
  notices.announce(gathered);
  notices.announce(`${merchant}:${first}`);
  notices.announce([`${merchant}:${second}`, `${merchant}:${first}`]);
  await notices.settled();
  await drained();
  expect(notices.stats.statements - statements).toBe(2);
  expect(heard.sort()).toEqual([
    `${merchant}:${first}`,
    `${merchant}:${first}`,
    `${merchant}:${second}`,
    `${merchant}:${second}`,
  ]);
});

test('a transaction that does not defer notifies at its commit as before', async () => {
  const member = await insertTestMember(testApp.db, testApp.demoMerchantId, 'bn-c');
  heard.length = 0;
  await fund(member, 'bn-c-0');
  await drained();
  expect(heard).toEqual([`${testApp.demoMerchantId}:${member}`]);
});
