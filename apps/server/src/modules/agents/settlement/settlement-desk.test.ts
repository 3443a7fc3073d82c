import {
  backofficeErrorCodes,
  settlementDeskErrorCodes,
  settlementDeskPaths,
  settlementDetailSchema,
  settlementPageSchema,
  rerunResultSchema,
  type OperatorRole,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestOperator, insertTestRole } from '../../backoffice/backoffice.testing.ts';
import { checkLedger, memberBalance, postTransfers } from '../../ledger/index.ts';
import { insertTestMember } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { placeUnder } from '../downlines/hierarchy.ts';
import { settleDailySalaryDay } from './settle-daily-salary.ts';
import { summedDay as summedDayOf } from './settlement.testing.ts';

/**
 * The operator's statements desk over real HTTP and PostgreSQL: every action's money through the
 * ledger (balances, `checkLedger`), its history row and audit row, idempotency under retries and
 * concurrency, the re-run's differences, and the refusals.
 */

let t: TestApp;
let sequence = 0;
let dayNumber = 0;
const signedAt = new Date('2026-09-01T00:00:00Z');
let admin: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'admin' })).token;
  finance = (await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'finance' })).token;
}, 60_000);
afterAll(() => t?.close());

/** A fresh day per test: statements are one per contract and day. */
const freshDay = () => `2026-10-${String(++dayNumber).padStart(2, '0')}`;

async function member(upline: bigint | null, isAgent: 0 | 1 = 1): Promise<bigint> {
  const id = await insertTestMember(t.db, t.demoMerchantId, `desk${++sequence}x${process.pid % 1000}`, signedAt, {
    is_agent: isAgent,
    upline_id: upline,
  });
  if (upline !== null)
    await t.db
      .transaction()
      .execute((trx) => placeUnder(trx, { merchantId: t.demoMerchantId, memberId: id, uplineId: upline }));
  return id;
}

async function contract(holder: bigint, payer: bigint | null, ppm: number): Promise<bigint> {
  const row = await t.db
    .insertInto('agent_contract')
    .values({
      merchant_id: t.demoMerchantId,
      upline_member_id: payer,
      member_id: holder,
      kind: 'daily_salary',
      product_type: 'LIVE',
      period: '',
      terms: JSON.stringify({
        type: 'salary',
        tiers: [{ minimumBetMinor: '10000', activeMembers: 1, rate: { kind: 'percent', ppm } }],
      }),
      status: 'A',
      replaces_id: null,
      created_at: signedAt,
      updated_at: signedAt,
      decided_at: signedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The reports' job has summed `day` with these valid bets (minor units, LIVE); again: the data corrected. */
const summedDay = (day: string, validBets: Array<[bigint, bigint]>) =>
  summedDayOf(
    t,
    day,
    validBets.map(([memberId, validBet]) => ({ memberId, validBet })),
  );

const settle = (day: string) =>
  settleDailySalaryDay(t.db, { merchantId: t.demoMerchantId, day, timezone: 'Asia/Bangkok', nowMs: Date.now() });

const balanceOf = (memberId: bigint) => memberBalance(t.db, t.demoMerchantId, 'THB', { memberId, kind: 'member_main' });

/** A top agent, an agent under it and a player of the agent; the merchant pays 1 %, the top pays the agent 0.5 %. */
async function team() {
  const top = await member(null);
  const agent = await member(top);
  const player = await member(agent, 0);
  const topContract = await contract(top, null, 10_000);
  const agentContract = await contract(agent, top, 5_000);
  return { top, agent, player, topContract, agentContract };
}

/** A statement the job stored and did not pay (as when the payer's wallet was short). */
async function pendingStatement(holder: bigint, payer: bigint | null, contractId: bigint, grossMinor: bigint) {
  const row = await t.db
    .insertInto('agent_settlement')
    .values({
      merchant_id: t.demoMerchantId,
      contract_id: contractId,
      kind: 'daily_salary',
      period_key: freshDay(),
      holder_id: holder,
      payer_id: payer,
      inputs: JSON.stringify({ teamValidBet: '100000', activeMembers: 2, tierIndex: 0 }),
      gross_minor: grossMinor,
      status: 'P',
      note: 'upline.short',
      computed_at: new Date(),
      paid_at: null,
    })
    .returning(['id', 'period_key'])
    .executeTakeFirstOrThrow();
  return row;
}

async function fund(memberId: bigint, amountMinor: bigint) {
  await postTransfers(t.db, {
    merchantId: t.demoMerchantId,
    currency: 'THB',
    idempotency: { source: 'test', key: `desk-fund-${memberId}-${++sequence}` },
    transfers: [
      {
        debit: { kind: 'house_adjustment' },
        credit: { kind: 'member_main', memberId },
        amount: amountMinor,
        kind: 'adjustment',
        reference: 'desk-test',
      },
    ],
    nowMs: Date.now(),
  });
}

function call(method: 'GET' | 'POST', url: string, token: string, body?: unknown, merchant = 'demo') {
  return t.app.inject({
    method,
    url,
    headers: { authorization: token, merchant, language: 'EN' },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}
const at = (path: string, id: bigint | string) => path.replace(':settlementId', String(id));

async function statementRow(id: bigint | string) {
  return t.db.selectFrom('agent_settlement').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
}
const historyOf = (id: bigint | string) =>
  t.db
    .selectFrom('agent_settlement_adjustment')
    .selectAll()
    .where('settlement_id', '=', BigInt(id))
    .orderBy('id')
    .execute();
const auditOf = (action: string, targetId: string) =>
  t.db
    .selectFrom('operator_audit')
    .select(['action', 'before', 'after'])
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .execute();

async function expectBooksBalance() {
  const books = await checkLedger(t.db, { merchantId: t.demoMerchantId });
  expect(books.differences).toEqual([]);
}

describe('statements: list and detail', () => {
  test('filters by kind, period, status and agent, with totals over everything found and per agent', async () => {
    const { top, agent, player, topContract, agentContract } = await team();
    const day = freshDay();
    await summedDay(day, [[player, 40_000n]]);
    await settle(day);
    const response = await call('GET', `${settlementDeskPaths.settlements}?periodFrom=${day}&periodTo=${day}`, finance);
    expect(response.statusCode, response.body).toBe(200);
    const page = settlementPageSchema.parse(response.json().value);
    const mine = page.items.filter((item) => [topContract, agentContract].map(String).includes(item.contractId));
    expect(mine.map((item) => [item.holderId, item.payerId, item.amount, item.paid, item.status])).toEqual([
      [String(agent), String(top), '2.00', '2.00', 'A'],
      [String(top), null, '4.00', '4.00', 'A'],
    ]);
    const byAgent = await call(
      'GET',
      `${settlementDeskPaths.settlements}?agent=${mine[0]!.holderUsername.toUpperCase()}`,
      finance,
    );
    const agentPage = settlementPageSchema.parse(byAgent.json().value);
    expect(agentPage.items.map((item) => item.holderId)).toEqual([String(agent)]);
    expect(agentPage.totals).toEqual({
      count: 1,
      amount: '2.00',
      paid: '2.00',
      waiting: '0.00',
      advanced: '0.00',
      carriedDebt: '0.00',
    });
    expect(agentPage.agentTotals).toEqual([
      {
        holderId: String(agent),
        holderUsername: mine[0]!.holderUsername,
        count: 1,
        amount: '2.00',
        paid: '2.00',
        waiting: '0.00',
      },
    ]);
    const none = await call('GET', `${settlementDeskPaths.settlements}?agent=nobodyatall`, finance);
    expect(settlementPageSchema.parse(none.json().value).total).toBe(0);
    const waiting = await call(
      'GET',
      `${settlementDeskPaths.settlements}?status=P&periodFrom=${day}&periodTo=${day}`,
      finance,
    );
    expect(settlementPageSchema.parse(waiting.json().value).items).toEqual([]);

    const detail = await call('GET', at(settlementDeskPaths.settlement, mine[0]!.id), finance);
    const statement = settlementDetailSchema.parse(detail.json().value);
    expect(statement.inputs).toMatchObject({ teamValidBet: '40000', activeMembers: 1, tierIndex: 0 });
    expect(statement.history).toEqual([]);
  });

  test('bad filters answer 400 naming the field', async () => {
    const response = await call('GET', `${settlementDeskPaths.settlements}?status=X`, finance);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('status');
  });
});

describe('approve', () => {
  test('pays a waiting statement once, with the job’s key: a retry, two at once and the job afterwards pay nothing more', async () => {
    const { top, agent, agentContract } = await team();
    const statement = await pendingStatement(agent, top, agentContract, 1_500n);
    await fund(top, 10_000n);
    const [first, second] = await Promise.all([
      call('POST', at(settlementDeskPaths.approve, statement.id), finance),
      call('POST', at(settlementDeskPaths.approve, statement.id), finance),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(settlementDetailSchema.parse(first.json().value)).toMatchObject({ status: 'A', paid: '15.00' });
    expect(await balanceOf(agent)).toBe(1_500n);
    expect(await balanceOf(top)).toBe(8_500n);
    const again = await call('POST', at(settlementDeskPaths.approve, statement.id), finance);
    expect(again.statusCode).toBe(200);
    // The job's run of that day finds it paid.
    await summedDay(statement.period_key, []);
    await settle(statement.period_key);
    expect(await balanceOf(agent)).toBe(1_500n);
    const postings = await t.db
      .selectFrom('ledger_posting')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `daily_salary:${agentContract}:${statement.period_key}%`)
      .execute();
    expect(postings.map((row) => row.idempotency_key)).toEqual([
      `daily_salary:${agentContract}:${statement.period_key}`,
    ]);
    expect((await historyOf(statement.id)).map((row) => [row.action, row.posted_minor])).toEqual([['approve', 1_500n]]);
    expect(await auditOf('agent.settlement.approve', String(statement.id))).toEqual([
      {
        action: 'agent.settlement.approve',
        before: expect.objectContaining({ status: 'P', amount: '15.00', paid: '0.00' }),
        after: expect.objectContaining({ status: 'A', amount: '15.00', paid: '15.00' }),
      },
    ]);
    await expectBooksBalance();
  });

  test('a payer whose wallet does not cover it: 409 wallet.short, nothing changes', async () => {
    const { top, agent, agentContract } = await team();
    const statement = await pendingStatement(agent, top, agentContract, 2_000n);
    const response = await call('POST', at(settlementDeskPaths.approve, statement.id), finance);
    expect(response.statusCode).toBe(409);
    expect(response.json().errorCode).toBe(settlementDeskErrorCodes.walletShort);
    expect((await statementRow(statement.id)).status).toBe('P');
    expect(await historyOf(statement.id)).toEqual([]);
  });
});

describe('reject', () => {
  test('P → R with the reason; approving it then is a 409; a retry answers it as it is', async () => {
    const { top, topContract } = await team();
    const statement = await pendingStatement(top, null, topContract, 900n);
    const missing = await call('POST', at(settlementDeskPaths.reject, statement.id), finance, { reason: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('reason');
    const response = await call('POST', at(settlementDeskPaths.reject, statement.id), finance, {
      reason: 'self-play found',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(settlementDetailSchema.parse(response.json().value)).toMatchObject({ status: 'R', paid: '0.00' });
    const retry = await call('POST', at(settlementDeskPaths.reject, statement.id), finance, { reason: 'again' });
    expect(retry.statusCode).toBe(200);
    const approve = await call('POST', at(settlementDeskPaths.approve, statement.id), finance);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().errorCode).toBe(settlementDeskErrorCodes.statusConflict);
    expect((await historyOf(statement.id)).map((row) => [row.action, row.reason, row.posted_minor])).toEqual([
      ['reject', 'self-play found', 0n],
    ]);
    expect(await balanceOf(top)).toBe(0n);
    expect(await auditOf('agent.settlement.reject', String(statement.id))).toHaveLength(1);
  });
});

describe('adjust', () => {
  test('up then down posts only each difference; the same amount again changes nothing; the books balance', async () => {
    const { top, player, topContract } = await team();
    const day = freshDay();
    await summedDay(day, [[player, 75_000n]]);
    await settle(day);
    const paid = await t.db
      .selectFrom('agent_settlement')
      .select(['id', 'gross_minor', 'status'])
      .where('contract_id', '=', topContract)
      .executeTakeFirstOrThrow();
    expect([paid.gross_minor, paid.status]).toEqual([750n, 'A']);
    const topBefore = await balanceOf(top);

    const up = await call('POST', at(settlementDeskPaths.adjust, paid.id), finance, {
      amount: '10.00',
      reason: 'bets of a late vendor',
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(settlementDetailSchema.parse(up.json().value)).toMatchObject({
      status: 'M',
      amount: '10.00',
      paid: '10.00',
    });
    expect(await balanceOf(top)).toBe(topBefore + 250n);

    const down = await call('POST', at(settlementDeskPaths.adjust, paid.id), finance, {
      amount: '6.00',
      reason: 'voided rounds',
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(await balanceOf(top)).toBe(topBefore - 150n);
    const same = await call('POST', at(settlementDeskPaths.adjust, paid.id), finance, {
      amount: '6.00',
      reason: 'voided rounds',
    });
    expect(same.statusCode).toBe(200);

    const detail = settlementDetailSchema.parse(same.json().value);
    expect(
      detail.history.map((change) => [change.action, change.fromAmount, change.toAmount, change.posted, change.reason]),
    ).toEqual([
      ['adjust', '7.50', '10.00', '2.50', 'bets of a late vendor'],
      ['adjust', '10.00', '6.00', '-4.00', 'voided rounds'],
    ]);
    expect(detail.inputs).toMatchObject({ teamValidBet: '75000' });
    expect(detail.history[0]!.operatorUsername).toBeTruthy();
    const keys = await t.db
      .selectFrom('ledger_posting')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `daily_salary:${topContract}:${day}%`)
      .orderBy('id')
      .execute();
    expect(keys).toHaveLength(3);
    expect(await auditOf('agent.settlement.adjust', String(paid.id))).toHaveLength(2);
    await expectBooksBalance();
  });

  test('down by more than the holder holds: 409 wallet.short, nothing moves; a waiting statement adjusted is paid at the amount', async () => {
    const { top, agent, agentContract } = await team();
    await fund(top, 5_000n);
    const statement = await pendingStatement(agent, top, agentContract, 1_000n);
    const adjusted = await call('POST', at(settlementDeskPaths.adjust, statement.id), finance, {
      amount: '12.34',
      reason: 'agreed with the agent',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(await balanceOf(agent)).toBe(1_234n);
    // The agent spends it all, then an adjustment to 0 cannot take it back.
    await postTransfers(t.db, {
      merchantId: t.demoMerchantId,
      currency: 'THB',
      idempotency: { source: 'test', key: `desk-spend-${agent}` },
      transfers: [
        {
          debit: { kind: 'member_main', memberId: agent },
          credit: { kind: 'house_game' },
          amount: 1_234n,
          kind: 'bet',
          reference: 'desk-test',
        },
      ],
      nowMs: Date.now(),
    });
    const back = await call('POST', at(settlementDeskPaths.adjust, statement.id), finance, {
      amount: '0',
      reason: 'fraud',
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().errorCode).toBe(settlementDeskErrorCodes.walletShort);
    expect((await statementRow(statement.id)).gross_minor).toBe(1_234n);
    await expectBooksBalance();
  });
});

describe('re-run a period', () => {
  test('after a correction posts only the differences (reductions too); a second re-run posts nothing', async () => {
    const { top, agent, player, topContract, agentContract } = await team();
    const otherPlayer = await member(top, 0);
    const day = freshDay();
    await summedDay(day, [
      [player, 40_000n],
      [otherPlayer, 20_000n],
    ]);
    await settle(day);
    expect(await balanceOf(top)).toBe(600n - 200n);
    expect(await balanceOf(agent)).toBe(200n);

    // Corrected data: the player's bets were 800.00, the other player's 0.
    await summedDay(day, [
      [player, 80_000n],
      [otherPlayer, 0n],
    ]);
    const first = await call('POST', settlementDeskPaths.rerun, finance, { kind: 'daily_salary', periodKey: day });
    expect(first.statusCode, first.body).toBe(200);
    const result = rerunResultSchema.parse(first.json().value);
    expect(result).toMatchObject({ created: 0, short: [], skipped: 0 });
    expect(result.changed).toBeGreaterThanOrEqual(2);
    // Top: 1 % of 800.00 = 8.00 (was 6.00); agent: 0.5 % of 800.00 = 4.00 (was 2.00).
    expect(await balanceOf(top)).toBe(800n - 400n);
    expect(await balanceOf(agent)).toBe(400n);
    const rows = await t.db
      .selectFrom('agent_settlement')
      .select(['contract_id', 'gross_minor', 'status', 'inputs'])
      .where('contract_id', 'in', [topContract, agentContract])
      .orderBy('contract_id')
      .execute();
    expect(rows.map((row) => [row.gross_minor, row.status])).toEqual([
      [800n, 'M'],
      [400n, 'M'],
    ]);
    // The statement keeps the inputs first computed; the change holds the recomputed ones.
    expect(rows[0]!.inputs).toMatchObject({ teamValidBet: '60000' });
    const change = (
      await historyOf(
        (
          await t.db
            .selectFrom('agent_settlement')
            .select('id')
            .where('contract_id', '=', topContract)
            .executeTakeFirstOrThrow()
        ).id,
      )
    )[0]!;
    expect(change).toMatchObject({ action: 'rerun', from_minor: 600n, to_minor: 800n, posted_minor: 200n });
    expect(change.inputs).toMatchObject({ teamValidBet: '80000' });

    const postingsBefore = await t.db
      .selectFrom('ledger_posting')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const second = await call('POST', settlementDeskPaths.rerun, finance, { kind: 'daily_salary', periodKey: day });
    expect(rerunResultSchema.parse(second.json().value)).toMatchObject({ changed: 0, created: 0, posted: '0.00' });
    const postingsAfter = await t.db
      .selectFrom('ledger_posting')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(postingsAfter.n).toBe(postingsBefore.n);

    // A correction down: money comes back, the agent's first, then the top's.
    await summedDay(day, [[player, 20_000n]]);
    const third = await call('POST', settlementDeskPaths.rerun, finance, { kind: 'daily_salary', periodKey: day });
    expect(rerunResultSchema.parse(third.json().value)).toMatchObject({ posted: '-9.00', short: [] });
    expect(await balanceOf(top)).toBe(200n - 100n);
    expect(await balanceOf(agent)).toBe(100n);
    expect(await auditOf('agent.settlement.rerun', `daily_salary:${day}`)).toHaveLength(3);
    await expectBooksBalance();
  });

  test('a contract without a statement gets one (P); rejected ones stay; bad keys and unsummed days are refused', async () => {
    const { top, player, topContract } = await team();
    const day = freshDay();
    await summedDay(day, [[player, 30_000n]]);
    const result = await call('POST', settlementDeskPaths.rerun, finance, { kind: 'daily_salary', periodKey: day });
    expect(result.statusCode, result.body).toBe(200);
    expect(rerunResultSchema.parse(result.json().value).created).toBeGreaterThanOrEqual(2);
    const created = await t.db
      .selectFrom('agent_settlement')
      .selectAll()
      .where('contract_id', '=', topContract)
      .executeTakeFirstOrThrow();
    expect([created.status, created.gross_minor]).toEqual(['P', 300n]);
    expect(await balanceOf(top)).toBe(0n);
    await call('POST', at(settlementDeskPaths.reject, created.id), finance, { reason: 'checking the bets' });
    await summedDay(day, [[player, 90_000n]]);
    const again = rerunResultSchema.parse(
      (await call('POST', settlementDeskPaths.rerun, finance, { kind: 'daily_salary', periodKey: day })).json().value,
    );
    expect(again.skipped).toBeGreaterThanOrEqual(1);
    expect((await statementRow(created.id)).gross_minor).toBe(300n);

    // Every kind re-runs now (settlement-rerun.test.ts); a key not of the kind is the field's error.
    const dividend = await call('POST', settlementDeskPaths.rerun, finance, { kind: 'dividend', periodKey: '2026-10' });
    expect([dividend.statusCode, dividend.json().field]).toEqual([400, 'periodKey']);
    const badKey = await call('POST', settlementDeskPaths.rerun, finance, {
      kind: 'daily_salary',
      periodKey: '2026-13-45',
    });
    expect([badKey.statusCode, badKey.json().field]).toEqual([400, 'periodKey']);
    const notSummed = await call('POST', settlementDeskPaths.rerun, finance, {
      kind: 'daily_salary',
      periodKey: '2031-01-01',
    });
    expect([notSummed.statusCode, notSummed.json().errorCode]).toEqual([409, settlementDeskErrorCodes.periodNotReady]);
  });
});

describe('refusals', () => {
  test('an operator without agents.settle: 403 on every statement call; another merchant’s statement: 404; nothing changes', async () => {
    const { top, topContract } = await team();
    const statement = await pendingStatement(top, null, topContract, 500n);
    const roleCode = await insertTestRole(t.db, {
      merchantId: t.demoMerchantId,
      permissions: ['members.read', 'agents.manage', 'members.adjust'],
    });
    const lacking = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: roleCode as OperatorRole });
    const support = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'support' });
    for (const token of [lacking.token, support.token]) {
      for (const [method, url, body] of [
        ['GET', settlementDeskPaths.settlements, undefined],
        ['GET', at(settlementDeskPaths.settlement, statement.id), undefined],
        ['POST', at(settlementDeskPaths.approve, statement.id), undefined],
        ['POST', at(settlementDeskPaths.reject, statement.id), { reason: 'no way' }],
        ['POST', at(settlementDeskPaths.adjust, statement.id), { amount: '1.00', reason: 'no way' }],
        ['POST', settlementDeskPaths.rerun, { kind: 'daily_salary', periodKey: statement.period_key }],
      ] as const) {
        const response = await call(method, url, token, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().errorCode).toBe(backofficeErrorCodes.permissionDenied);
      }
    }
    const other = await t.db
      .insertInto('merchant')
      .values({
        code: `deskother${process.pid % 1000}`,
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
    for (const [method, url, body] of [
      ['GET', at(settlementDeskPaths.settlement, statement.id), undefined],
      ['POST', at(settlementDeskPaths.approve, statement.id), undefined],
      ['POST', at(settlementDeskPaths.reject, statement.id), { reason: 'not mine' }],
      ['POST', at(settlementDeskPaths.adjust, statement.id), { amount: '1.00', reason: 'not mine' }],
    ] as const) {
      const response = await call(method, url, stranger.token, body, other.code);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await call('GET', settlementDeskPaths.settlements, stranger.token, undefined, other.code);
    expect(settlementPageSchema.parse(list.json().value).total).toBe(0);
    const after = await statementRow(statement.id);
    expect([after.status, after.gross_minor]).toEqual(['P', 500n]);
    expect(await historyOf(statement.id)).toEqual([]);
    void admin;
  });
});
