import {
  adminAgentDebtorPageSchema,
  backofficeErrorCodes,
  settlementDeskPaths,
  type AgentSettlementConfig,
  type OperatorRole,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestOperator, insertTestRole } from '../../backoffice/backoffice.testing.ts';
import { postTransfers } from '../../ledger/index.ts';
import { setMerchantConfigSection } from '../../merchant/index.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { settleDailySalaryDay } from './settle-daily-salary.ts';
import { salaryTerms, signedContract, summedDay, treeMember } from './settlement.testing.ts';

/**
 * The desk's list of debtors of the carried debt (README "Carried debt") on a real database, set up as
 * carried-debt.test.ts does: one top agent still owing after a partial recovery, one whose debt came
 * back in full; the list's numbers, its filters and paging, the merchant scope and the permission.
 */

let t: TestApp;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  finance = (await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'finance' })).token;
}, 60_000);
afterAll(() => t?.close());

function list(query: string, token = finance, merchant = 'demo') {
  return t.app.inject({
    method: 'GET',
    url: `${settlementDeskPaths.debtors}${query}`,
    headers: { authorization: token, merchant, language: 'EN' },
  });
}

async function page(query: string) {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return adminAgentDebtorPageSchema.parse(response.json().value);
}

const fixed = (amountMinor: bigint) => ({
  type: 'salary',
  tiers: [{ minimumBetMinor: '10000', activeMembers: 1, rate: { kind: 'fixed', amountMinor: amountMinor.toString() } }],
});

const usernameOf = async (id: bigint) =>
  (await t.db.selectFrom('member').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username;

describe('debtors of the carried debt', () => {
  test('per agent: debts, advanced, recovered, outstanding, dates; filters, paging, merchant scope, permission', async () => {
    const section: AgentSettlementConfig = {
      activeMember: { minValidBet: '100.00', minDeposit: '0.00', excludeSharedLogins: true },
      dividend: { platformFeeRate: 0, serviceFeeRate: 0 },
      claimDays: 3,
      shortfall: 'advance',
    };
    await setMerchantConfigSection(t.db, t.demoMerchantId, 'agentSettlement', section, Date.now());
    await t.settle();

    // Partial: the merchant pays the top 1.00 a day, the top owes its agent 5.00. Day 1: 4.00 advanced;
    // day 2: its 1.00 gives back 1.00 of day 1's debt, then 5.00 is advanced again. Owes 8.00.
    const partial = await treeMember(t, null);
    const partialAgent = await treeMember(t, partial);
    const partialPlayer = await treeMember(t, partialAgent, 0);
    await signedContract(t, partial, null, 'daily_salary', fixed(100n));
    await signedContract(t, partialAgent, partial, 'daily_salary', fixed(500n));
    // Repaid: with one active player the top earns nothing and owes its agent 5.00 (3.00 advanced, 2.00
    // its own); with two it earns 20.00 and gives the 3.00 back in full.
    const repaid = await treeMember(t, null);
    const repaidAgent = await treeMember(t, repaid);
    const repaidPlayers = [await treeMember(t, repaidAgent, 0), await treeMember(t, repaidAgent, 0)];
    await signedContract(t, repaid, null, 'daily_salary', salaryTerms(10_000, 2));
    await signedContract(t, repaidAgent, repaid, 'daily_salary', salaryTerms(5_000, 1));
    await postTransfers(t.db, {
      merchantId: t.demoMerchantId,
      currency: 'THB',
      idempotency: { source: 'test', key: `debtors-fund-${repaid}` },
      transfers: [
        {
          debit: { kind: 'house_adjustment' },
          credit: { kind: 'member_main', memberId: repaid },
          amount: 200n,
          kind: 'adjustment',
          reference: 'debtors-test',
        },
      ],
      nowMs: Date.now(),
    });
    for (const [day, repaidActive] of [
      ['2026-10-01', 1],
      ['2026-10-02', 2],
    ] as const) {
      await summedDay(t, day, [
        { memberId: partialPlayer, validBet: 20_000n },
        ...repaidPlayers.slice(0, repaidActive).map((memberId) => ({ memberId, validBet: 100_000n })),
      ]);
      await settleDailySalaryDay(t.db, {
        merchantId: t.demoMerchantId,
        day,
        timezone: 'Asia/Bangkok',
        nowMs: Date.now(),
      });
    }

    const debts = await t.db
      .selectFrom('agent_settlement_debt')
      .select(['id', 'debtor_id', 'created_at'])
      .orderBy('id')
      .execute();
    expect(debts.map((debt) => debt.debtor_id)).toEqual([partial, repaid, partial]);
    const { rows: recoveries } = await sql<{ debtor_id: string; last_at: Date }>`
      SELECT d.debtor_id, max(r.created_at) AS last_at
        FROM agent_settlement_debt_recovery r JOIN agent_settlement_debt d ON d.id = r.debt_id
       GROUP BY d.debtor_id`.execute(t.db);
    const lastRecoveryOf = (id: bigint) => recoveries.find((row) => BigInt(row.debtor_id) === id)!.last_at.getTime();
    const partialRow = {
      memberId: String(partial),
      username: await usernameOf(partial),
      debts: 2,
      advanced: '9.00',
      recovered: '1.00',
      outstanding: '8.00',
      oldestOutstandingAt: debts[0]!.created_at.getTime(),
      lastRecoveryAt: lastRecoveryOf(partial),
    };
    const repaidRow = {
      memberId: String(repaid),
      username: await usernameOf(repaid),
      debts: 1,
      advanced: '3.00',
      recovered: '3.00',
      outstanding: '0.00',
      oldestOutstandingAt: null,
      lastRecoveryAt: lastRecoveryOf(repaid),
    };
    const totals = { debtors: 1, outstanding: '8.00' };

    for (const [query, expected] of [
      ['', { items: [partialRow], total: 1 }],
      ['?state=all', { items: [partialRow, repaidRow], total: 2 }],
      ['?state=all&pageSize=1&page=2', { items: [repaidRow], total: 2 }],
      [`?state=all&agent=${repaidRow.username.toUpperCase()}`, { items: [repaidRow], total: 1 }],
      [`?agent=${repaidRow.username}`, { items: [], total: 0 }],
      ['?agent=nobody-at-all', { items: [], total: 0 }],
      ['?page=9', { items: [], total: 1 }],
    ] as const) {
      expect(await page(query), query).toMatchObject({ ...expected, totals });
    }

    // Another merchant's operator sees none of these debts.
    const other = await t.db
      .insertInto('merchant')
      .values({
        code: `debtorsother${process.pid % 1000}`,
        name: 'Other',
        status: 'active',
        currency: 'THB',
        currency_symbol: '฿',
        default_language: 'EN',
        config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
      })
      .returning(['id', 'code'])
      .executeTakeFirstOrThrow();
    const stranger = await insertTestOperator(t.db, { merchantId: other.id, role: 'admin' });
    const theirs = await list('?state=all', stranger.token, other.code);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(adminAgentDebtorPageSchema.parse(theirs.json().value)).toMatchObject({
      items: [],
      total: 0,
      totals: { debtors: 0, outstanding: '0.00' },
    });

    // A role without members.read is refused.
    const roleCode = await insertTestRole(t.db, { merchantId: t.demoMerchantId, permissions: ['agents.settle'] });
    const lacking = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: roleCode as OperatorRole });
    const refused = await list('', lacking.token);
    expect([refused.statusCode, refused.json().errorCode]).toEqual([403, backofficeErrorCodes.permissionDenied]);
  });
});
