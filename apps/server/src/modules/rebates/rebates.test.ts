import {
  adminRebatePaths,
  rebatePaths,
  type AdminRebateSettings,
  type AdminRebateSettingsRequest,
  type CustomerRebateSetting,
  type RebateHistory,
  type RebateRemaining,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { grantBonus, grantBonuses, settleMemberBonuses } from '../bonus/index.ts';
import { checkLedger } from '../ledger/index.ts';
import { computeReportDay } from '../reports/index.ts';
import { runDailyRebates, settleRebateDay } from './daily-rebates.ts';
import { memberRebateTotals } from './rebate-history.ts';

/**
 * Rebates end to end on one app: the settings (refusals first, audit), the automatic day paid exactly
 * once (a rerun, two runs at once, a run that dies after the money), manual claims (refusals, 20 claims
 * at once paying once), the history and the agents' totals; the ledger checked after.
 *
 * The clock: 2026-03-10 12:00 Bangkok. Bets settle on the 9th (automatic) and the 8th (manual).
 */
const nowMs = Date.parse('2026-03-10T05:00:00Z');
const timezone = 'Asia/Bangkok';
let testApp: TestApp;
let merchantId: number;
let admin: TestOperator;
let support: TestOperator;
let rounds = 0;

/** The reports' job summing a day (the rebate job waits for it and reads its per-product member days). */
const sumDay = (day: string) => computeReportDay(testApp.db, { id: merchantId, timezone }, day, nowMs, 0);

beforeAll(async () => {
  testApp = await createTestApp({}, { now: () => nowMs });
  merchantId = testApp.demoMerchantId;
  admin = await insertTestOperator(testApp.db, { merchantId, role: 'admin', nowMs });
  support = await insertTestOperator(testApp.db, { merchantId, role: 'support', nowMs });
});
afterAll(async () => {
  await testApp?.close();
});

async function member(name: string): Promise<{ id: bigint; token: string }> {
  const id = await insertTestMember(testApp.db, merchantId, `${name}${process.pid % 1000}`);
  return { id, token: await insertTestSession(testApp.db, merchantId, id, nowMs) };
}

/** A settled record of `validBetMinor` in a product type. */
async function bet(memberId: bigint, productType: string, validBetMinor: bigint, settledAt: string): Promise<void> {
  rounds += 1;
  await sql`
    INSERT INTO bet_record (merchant_id, member_id, vendor_code, vassalage, game_id, game_type, round_id, bet_count,
      stake, valid_bet, payout, status, first_bet_at, settled_at, updated_at)
    VALUES (${merchantId}, ${memberId}, 'HOUSE', 'BRHOUSE', 'g1', ${productType}, ${`rebate-r${rounds}`}, 1,
      ${validBetMinor}, ${validBetMinor}, 0, 'settled', ${settledAt}, ${settledAt}, ${settledAt})`.execute(testApp.db);
}

async function mainBalance(memberId: bigint): Promise<bigint> {
  const { rows } = await sql<{ balance: string | null }>`
    SELECT sum(balance) AS balance FROM ledger_account WHERE member_id = ${memberId} AND kind = 'member_main'`.execute(
    testApp.db,
  );
  return BigInt(rows[0]?.balance ?? 0);
}

function operatorCall(operator: TestOperator, method: 'GET' | 'PUT', body?: unknown) {
  return testApp.app.inject({
    method,
    url: adminRebatePaths.settings,
    headers: { Merchant: 'demo', Language: 'EN', Authorization: operator.token },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

function memberCall(token: string, method: 'GET' | 'POST', url: string, body?: unknown, language = 'EN') {
  return testApp.app.inject({
    method,
    url,
    headers: { Merchant: 'demo', Language: language, Authorization: token },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const baseSettings: AdminRebateSettingsRequest = {
  mode: 'automatic',
  rates: [
    { productType: 'LIVE', percent: '0.5' },
    { productType: 'RNG', percent: '1' },
    { productType: 'LOTT', percent: '0.25' },
    { productType: 'ELOTT', percent: '0.5' },
  ],
  minPayout: '1.00',
  dailyCap: '300.00',
  turnoverMultiplier: '0',
  version: 0,
};

async function saveSettings(change: Partial<AdminRebateSettingsRequest>): Promise<AdminRebateSettings> {
  const current = (await operatorCall(admin, 'GET')).json<{ value: AdminRebateSettings }>().value;
  const response = await operatorCall(admin, 'PUT', { ...baseSettings, ...change, version: current.version });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: AdminRebateSettings }>().value;
}

describe('settings', () => {
  test.each([
    ['an unknown mode', { mode: 'weekly' }, 'mode'],
    ['a percent with five decimals', { rates: [{ productType: 'LIVE', percent: '0.12345' }] }, 'rates.0.percent'],
    ['a percent over 100', { rates: [{ productType: 'LIVE', percent: '101' }] }, 'rates.0.percent'],
    ['an unknown product', { rates: [{ productType: 'CARDS', percent: '1' }] }, 'rates.0.productType'],
    ['a product twice', { rates: [baseSettings.rates[0], baseSettings.rates[0]] }, 'rates'],
    ['a negative minimum', { minPayout: '-1' }, 'minPayout'],
    ['a cap of zero', { dailyCap: '0' }, 'dailyCap'],
    ['a multiplier of three decimals', { turnoverMultiplier: '1.005' }, 'turnoverMultiplier'],
  ])('%s is refused naming the field', async (_name, change, field) => {
    const response = await operatorCall(admin, 'PUT', { ...baseSettings, ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'validation.failed', field });
  });

  test('an operator without brands.manage may neither read nor save them', async () => {
    expect((await operatorCall(support, 'GET')).statusCode).toBe(403);
    expect((await operatorCall(support, 'PUT', baseSettings)).statusCode).toBe(403);
  });

  test('saved at the version read (an older form is refused), audited, shown to members', async () => {
    const before = (await operatorCall(admin, 'GET')).json<{ value: AdminRebateSettings }>().value;
    expect(before).toMatchObject({ enabled: false, version: 0 });
    const saved = await operatorCall(admin, 'PUT', baseSettings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ value: AdminRebateSettings }>().value).toMatchObject({
      enabled: true,
      mode: 'automatic',
      minPayout: '1.00',
      dailyCap: '300.00',
      turnoverMultiplier: '0',
      version: 1,
    });
    const stale = await operatorCall(admin, 'PUT', { ...baseSettings, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorCode: 'rebate.settings.stale', field: 'version' });
    const audits = await sql<{ n: number }>`
      SELECT count(*)::int4 AS n FROM operator_audit WHERE merchant_id = ${merchantId} AND action = 'rebate.settings.update'`.execute(
      testApp.db,
    );
    expect(audits.rows[0]!.n).toBe(1);
    const viewer = await member('rbview');
    const setting = await memberCall(viewer.token, 'GET', rebatePaths.settings);
    expect(setting.json<{ value: CustomerRebateSetting }>().value.settings).toContainEqual({
      productType: 'LIVE',
      rebateValue: '0.5',
    });
  });
});

describe('automatic rebate', () => {
  const day = '2026-03-09';
  const run = () => settleRebateDay(testApp.db, { merchantId, day, timezone, nowMs });

  test('a day is paid once: rates, cap and minimum; a rerun, two runs at once and the job pay nothing more', async () => {
    const plain = await member('rbauto');
    const capped = await member('rbcap');
    const small = await member('rbsmall');
    // plain: LIVE 10,000.00 at 0.5 % = 50.00; RNG 3,333.33 at 1 % = 33.3333 -> 33.33. Before and after midnight Bangkok.
    await bet(plain.id, 'LIVE', 600_000n, '2026-03-08T17:00:00Z');
    await bet(plain.id, 'LIVE', 400_000n, '2026-03-09T16:59:59Z');
    await bet(plain.id, 'RNG', 333_333n, '2026-03-09T03:00:00Z');
    await bet(plain.id, 'LIVE', 999_999n, '2026-03-09T17:00:00Z'); // the 10th: not this day
    await bet(plain.id, 'SPORTS', 999_999n, '2026-03-09T03:00:00Z'); // no rate
    // capped: LIVE 40,000.00 -> 200.00, RNG 20,000.00 -> 200.00: capped at 300.00 (LIVE first).
    await bet(capped.id, 'LIVE', 4_000_000n, '2026-03-09T03:00:00Z');
    await bet(capped.id, 'RNG', 2_000_000n, '2026-03-09T03:00:00Z');
    // small: RNG 50.00 -> 0.50, under the minimum 1.00: a statement, no payout.
    await bet(small.id, 'RNG', 5_000n, '2026-03-09T03:00:00Z');

    // Not summed by the reports yet: the job waits, writing nothing.
    expect(await run()).toMatchObject({ settled: false, statements: 0 });
    await sumDay(day);
    const [first, second] = await Promise.all([run(), run()]);
    expect([first.settled, second.settled].sort()).toEqual([false, true]);
    const settled = first.settled ? first : second;
    expect(settled).toMatchObject({ statements: 5, membersPaid: 2, paidMinor: 8_333n + 30_000n });
    expect(await mainBalance(plain.id)).toBe(8_333n);
    expect(await mainBalance(capped.id)).toBe(30_000n);
    expect(await mainBalance(small.id)).toBe(0n);
    expect(await run()).toMatchObject({ settled: false });
    expect(await runDailyRebates(testApp.db, nowMs)).toMatchObject({ days: 0, membersPaid: 0 });
    expect(await mainBalance(plain.id)).toBe(8_333n);

    const history = await memberCall(capped.token, 'GET', `${rebatePaths.history}?from=2026-03-01&to=2026-03-09`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<{ value: RebateHistory }>().value).toMatchObject({
      rows: [
        { day, productType: 'LIVE', validBet: '40000.00', rebateValue: '0.5', rebate: '200.00', paid: '200.00' },
        { day, productType: 'RNG', validBet: '20000.00', rebateValue: '1', rebate: '100.00', paid: '100.00' },
      ],
      totalRebate: '300.00',
      totalPaid: '300.00',
    });
    // The reports see them as rebates (transfer kind rebate.*), the agents' dividends as each member's rebates.
    const totals = await memberRebateTotals(testApp.db, merchantId, new Date(nowMs - 1000), new Date(nowMs + 1000));
    expect(totals.get(plain.id)).toBe(8_333n);
    expect(totals.get(small.id)).toBeUndefined();
    expect((await checkLedger(testApp.db, { merchantId })).ok).toBe(true);
  });

  test('a run that dies after the money rolls back whole; the rerun pays once', async () => {
    const otherDay = '2026-03-01'; // outside the job's catch-up days (the 7th to the 9th), settled by the job above
    const gambler = await member('rbcrash');
    await bet(gambler.id, 'LIVE', 1_000_000n, '2026-03-01T03:00:00Z');
    // The crash: the day's key cannot be written, after statements, payouts and postings were.
    await sql`CREATE FUNCTION rebate_test_crash() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'killed'; END $$`.execute(testApp.db);
    await sql`CREATE TRIGGER rebate_test_crash BEFORE INSERT ON rebate_day_run FOR EACH ROW EXECUTE FUNCTION rebate_test_crash()`.execute(
      testApp.db,
    );
    await sumDay(otherDay);
    const dayRun = () => settleRebateDay(testApp.db, { merchantId, day: otherDay, timezone, nowMs });
    await expect(dayRun()).rejects.toThrow(/killed/);
    expect(await mainBalance(gambler.id)).toBe(0n);
    const left = await sql<{ n: number }>`
      SELECT count(*)::int4 AS n FROM rebate_statement WHERE member_id = ${gambler.id}`.execute(testApp.db);
    expect(left.rows[0]!.n).toBe(0);
    await sql`DROP TRIGGER rebate_test_crash ON rebate_day_run`.execute(testApp.db);
    await sql`DROP FUNCTION rebate_test_crash()`.execute(testApp.db);
    expect(await dayRun()).toMatchObject({ settled: true, membersPaid: 1 });
    expect(await dayRun()).toMatchObject({ settled: false });
    expect(await mainBalance(gambler.id)).toBe(5_000n);
  });

  test('with its own turnover the rebate is a bonus of the bonus engine (rebate x multiplier to wager)', async () => {
    await saveSettings({ turnoverMultiplier: '1.5' });
    const otherDay = '2026-03-02';
    const gambler = await member('rbturn');
    await bet(gambler.id, 'LIVE', 1_000_000n, '2026-03-02T03:00:00Z');
    await sumDay(otherDay);
    expect(await settleRebateDay(testApp.db, { merchantId, day: otherDay, timezone, nowMs })).toMatchObject({
      membersPaid: 1,
      paidMinor: 5_000n,
    });
    const { rows } = await sql<{ amount: bigint; turnover_required: bigint; status: string }>`
      SELECT amount, turnover_required, status FROM member_bonus WHERE member_id = ${gambler.id}`.execute(testApp.db);
    expect(rows).toEqual([{ amount: 5_000n, turnover_required: 7_500n, status: 'active' }]);
    await saveSettings({ turnoverMultiplier: '0' });
  });

  test('with turnover, a day of several members is granted set-based: the rows grantBonus makes, once', async () => {
    await saveSettings({ turnoverMultiplier: '2', minPayout: '0.01' });
    const otherDay = '2026-03-03';
    const key = (memberId: bigint) => `auto:${memberId}:${otherDay}`;
    const [one, two, three, early] = [
      await member('rbset1'),
      await member('rbset2'),
      await member('rbset3'),
      await member('rbpre'),
    ];
    // LIVE at 0.5 %: 50.00, 25.00, 0.05 (turnover 0.10), and 10.00 for the member granted beforehand.
    await bet(one.id, 'LIVE', 1_000_000n, '2026-03-03T03:00:00Z');
    await bet(two.id, 'LIVE', 500_000n, '2026-03-03T03:00:00Z');
    await bet(three.id, 'LIVE', 1_000n, '2026-03-03T03:00:00Z');
    await bet(early.id, 'LIVE', 200_000n, '2026-03-03T03:00:00Z');
    // The per-member path got there first for one payout (as the job did before the set path, or a retried
    // old run): the set path must see the grant as its own and pay nothing more for it.
    const before = await grantBonus(testApp.db, {
      merchantId,
      memberId: early.id,
      currency: 'THB',
      amountMinor: 1_000n,
      turnoverRequiredMinor: 2_000n,
      productTypes: null,
      expiresAt: null,
      source: { kind: 'rebate', id: key(early.id) },
      transferKind: 'rebate.auto',
      nowMs,
    });
    await sumDay(otherDay);
    expect(await settleRebateDay(testApp.db, { merchantId, day: otherDay, timezone, nowMs })).toMatchObject({
      settled: true,
      membersPaid: 4,
      paidMinor: 5_000n + 2_500n + 5n + 1_000n,
    });

    const grants = await sql<Record<string, unknown>>`
      SELECT b.*, p.source AS posting_source, p.idempotency_key, t.kind AS transfer_kind_posted, t.reference, t.amount AS moved,
             t.debit_balance_after, t.credit_balance_after, d.kind AS debit_kind, c.kind AS credit_kind,
             c.member_id AS credit_member, c.balance AS bonus_balance, r.bonus_id AS payout_bonus_id
        FROM member_bonus b
        JOIN ledger_posting p ON p.id = b.grant_posting_id
        JOIN ledger_transfer t ON t.posting_id = p.id
        JOIN ledger_account d ON d.id = t.debit_account_id
        JOIN ledger_account c ON c.id = t.credit_account_id
        JOIN rebate_payout r ON r.merchant_id = b.merchant_id AND r.source_key = b.source_id
       WHERE b.merchant_id = ${merchantId} AND b.source_kind = 'rebate' AND b.source_id LIKE ${`auto:%:${otherDay}`}
       ORDER BY b.amount DESC`.execute(testApp.db);
    expect(grants.rows).toHaveLength(4);
    // Every row as grantBonus wrote the early one, but for the member's own values.
    const own = [
      'id',
      'member_id',
      'amount',
      'remaining',
      'turnover_required',
      'source_id',
      'grant_posting_id',
      'idempotency_key',
      'reference',
      'moved',
      'credit_balance_after',
      'credit_member',
      'bonus_balance',
      'payout_bonus_id',
    ];
    const shape = (row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !own.includes(column)));
    const byMember = new Map(grants.rows.map((row) => [row.member_id as bigint, row]));
    const reference = byMember.get(early.id)!;
    expect(reference.id).toBe(before.bonusId);
    expect(reference.payout_bonus_id).toBe(before.bonusId);
    for (const [who, amount] of [
      [one, 5_000n],
      [two, 2_500n],
      [three, 5n],
      [early, 1_000n],
    ] as const) {
      const row = byMember.get(who.id)!;
      expect(shape(row)).toEqual(shape(reference));
      expect(row).toMatchObject({
        amount,
        remaining: amount,
        turnover_required: amount * 2n,
        status: 'active',
        source_id: key(who.id),
        posting_source: 'bonus',
        idempotency_key: `grant:rebate:${key(who.id)}`,
        transfer_kind: 'rebate.auto',
        transfer_kind_posted: 'rebate.auto',
        reference: `rebate:${key(who.id)}`,
        moved: amount,
        debit_kind: 'house_bonus',
        credit_kind: 'member_bonus',
        debit_balance_after: null,
        credit_balance_after: amount,
        bonus_balance: amount,
        payout_bonus_id: row.id,
      });
      expect(await mainBalance(who.id)).toBe(0n);
    }
    expect(reference).toMatchObject({ created_at: new Date(nowMs), product_types: null, expires_at: null });
    // One posting per payout: the early one was not paid again.
    const postings = await sql<{ n: number }>`
      SELECT count(*)::int4 AS n FROM ledger_posting
       WHERE merchant_id = ${merchantId} AND source = 'bonus' AND idempotency_key LIKE ${`grant:rebate:auto:%:${otherDay}`}`.execute(
      testApp.db,
    );
    expect(postings.rows[0]!.n).toBe(4);
    expect(await checkLedger(testApp.db, { merchantId })).toMatchObject({ ok: true, differences: [] });

    // grantBonus asked again for a set-made grant replays it (same key, same request hash): nothing moves.
    const again = await grantBonus(testApp.db, {
      merchantId,
      memberId: one.id,
      currency: 'THB',
      amountMinor: 5_000n,
      turnoverRequiredMinor: 10_000n,
      productTypes: null,
      expiresAt: null,
      source: { kind: 'rebate', id: key(one.id) },
      transferKind: 'rebate.auto',
      nowMs,
    });
    expect(again).toEqual({ bonusId: byMember.get(one.id)!.id, replayed: true });
    // A rerun pays nothing: the day's key, and the set grant itself over the same payouts.
    expect(await settleRebateDay(testApp.db, { merchantId, day: otherDay, timezone, nowMs })).toMatchObject({
      settled: false,
    });
    const rerun = await grantBonuses(testApp.db, {
      merchantId,
      currency: 'THB',
      sourceKind: 'rebate',
      transferKind: 'rebate.auto',
      productTypes: null,
      expiresAt: null,
      nowMs,
      grants: sql`SELECT member_id, source_key AS source_id, amount_minor, turnover_required_minor
                    FROM rebate_payout WHERE merchant_id = ${merchantId} AND day = ${otherDay}::date`,
    });
    expect(rerun).toMatchObject({ postedCount: 0, postedMinor: 0n });
    expect(new Set(rerun.grants.map((grant) => grant.bonusId))).toEqual(new Set(grants.rows.map((row) => row.id)));
    // The same payout granted with another amount is a conflict, not a second credit.
    await expect(
      grantBonuses(testApp.db, {
        merchantId,
        currency: 'THB',
        sourceKind: 'rebate',
        transferKind: 'rebate.auto',
        productTypes: null,
        expiresAt: null,
        nowMs,
        grants: sql`SELECT ${one.id}::bigint AS member_id, ${key(one.id)} AS source_id, 5001::bigint AS amount_minor,
                           10002::bigint AS turnover_required_minor`,
      }),
    ).rejects.toMatchObject({ code: 'ledger.idempotency.conflict' });
    const bonusTotal = await sql<{ total: string }>`
      SELECT sum(balance) AS total FROM ledger_account WHERE kind = 'member_bonus'
         AND member_id IN (${one.id}, ${two.id}, ${three.id}, ${early.id})`.execute(testApp.db);
    expect(BigInt(bonusTotal.rows[0]!.total)).toBe(8_505n);

    // The turnover converts as any bonus: 100.00 of bets after the grant meet member one's 100.00.
    await bet(one.id, 'RNG', 10_000n, '2026-03-10T05:30:00Z');
    await testApp.db.transaction().execute((trx) => settleMemberBonuses(trx, { merchantId, memberId: one.id, nowMs }));
    const converted = await testApp.db
      .selectFrom('member_bonus')
      .select(['status', 'remaining', 'close_reason'])
      .where('id', '=', byMember.get(one.id)!.id as bigint)
      .executeTakeFirstOrThrow();
    expect(converted).toEqual({ status: 'converted', remaining: 0n, close_reason: 'turnover_met' });
    expect(await mainBalance(one.id)).toBe(5_000n);
    expect(await checkLedger(testApp.db, { merchantId })).toMatchObject({ ok: true, differences: [] });
    await saveSettings({ turnoverMultiplier: '0' });
  });

  test('with a turnover that rounds to 0, the rebate is cash through grantBonus, the others set-based', async () => {
    await saveSettings({ turnoverMultiplier: '0.5', minPayout: '0.01' });
    const otherDay = '2026-03-04';
    const tiny = await member('rbtiny');
    const big = await member('rbbig');
    await bet(tiny.id, 'LIVE', 200n, '2026-03-04T03:00:00Z'); // 0.01 rebate, turnover 0.005 -> 0
    await bet(big.id, 'LIVE', 200_000n, '2026-03-04T03:00:00Z'); // 10.00, turnover 5.00
    await sumDay(otherDay);
    expect(await settleRebateDay(testApp.db, { merchantId, day: otherDay, timezone, nowMs })).toMatchObject({
      membersPaid: 2,
      paidMinor: 1_001n,
    });
    const rows = await testApp.db
      .selectFrom('member_bonus')
      .select(['member_id', 'amount', 'remaining', 'turnover_required', 'status', 'close_reason'])
      .where('member_id', 'in', [tiny.id, big.id])
      .orderBy('amount')
      .execute();
    expect(rows).toEqual([
      {
        member_id: tiny.id,
        amount: 1n,
        remaining: 0n,
        turnover_required: 0n,
        status: 'converted',
        close_reason: 'no_turnover',
      },
      {
        member_id: big.id,
        amount: 1_000n,
        remaining: 1_000n,
        turnover_required: 500n,
        status: 'active',
        close_reason: null,
      },
    ]);
    expect(await mainBalance(tiny.id)).toBe(1n);
    const linked = await sql<{ n: number }>`
      SELECT count(*)::int4 AS n FROM rebate_payout WHERE day = ${otherDay}::date AND merchant_id = ${merchantId}
         AND bonus_id IS NOT NULL`.execute(testApp.db);
    expect(linked.rows[0]!.n).toBe(2);
    expect(await checkLedger(testApp.db, { merchantId })).toMatchObject({ ok: true, differences: [] });
    await saveSettings({ turnoverMultiplier: '0', minPayout: '1.00' });
  });
});

describe('manual rebate', () => {
  const day = '2026-03-08';
  let claimer: { id: bigint; token: string };

  beforeAll(async () => {
    claimer = await member('rbman');
    // LIVE 20,000.00 -> 100.00; LOTT 4,000.00 at 0.25 % -> 10.00; ELOTT 2,000.00 at 0.5 % -> 10.00.
    await bet(claimer.id, 'LIVE', 2_000_000n, '2026-03-08T03:00:00Z');
    await bet(claimer.id, 'LOTT', 400_000n, '2026-03-08T03:00:00Z');
    await bet(claimer.id, 'ELOTT', 200_000n, '2026-03-08T03:00:00Z');
  });

  test('refused while the merchant pays automatically', async () => {
    const response = await memberCall(claimer.token, 'GET', `${rebatePaths.remaining}?date=${day}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode: 'rebate.mode.unavailable' });
  });

  test('remaining per product of a closed day', async () => {
    await saveSettings({ mode: 'manual', minPayout: '5.00' });
    const response = await memberCall(claimer.token, 'GET', `${rebatePaths.remaining}?date=${day}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ value: RebateRemaining }>().value).toEqual({
      lottRemain: '10.00',
      elottRemain: '10.00',
      fishRemain: '0.00',
      liveRemain: '100.00',
      pvpRemain: '0.00',
      rngRemain: '0.00',
      sportsRemain: '0.00',
    });
  });

  const claim = (balanceDate: string, rebateAmount: Record<string, string>, language = 'EN') =>
    memberCall(claimer.token, 'POST', rebatePaths.disburse, { balanceDate, rebateAmount }, language);

  test.each([
    ['today', '2026-03-10', { live: '1' }, 400, 'rebate.day.invalid', 'balanceDate'],
    ['a future day', '2026-03-11', { live: '1' }, 400, 'rebate.day.invalid', 'balanceDate'],
    ['past the claim window', '2026-02-20', { live: '1' }, 400, 'rebate.day.invalid', 'balanceDate'],
    ['not a date', '2026-02-30', { live: '1' }, 400, 'validation.failed', 'balanceDate'],
    ['an amount of three decimals', day, { live: '1.001' }, 400, 'validation.failed', 'rebateAmount.live'],
    ['an unknown product key', day, { cards: '1' }, 400, 'validation.failed', 'rebateAmount'],
    ['more than is left', day, { live: '100.01' }, 409, 'rebate.amount.exceeds.remaining', 'rebateAmount.live'],
    [
      'elott above lott and elott together',
      day,
      { elott: '20.01' },
      409,
      'rebate.amount.exceeds.remaining',
      'rebateAmount.elott',
    ],
    ['a product with nothing', day, { fish: '0.01' }, 409, 'rebate.amount.exceeds.remaining', 'rebateAmount.fish'],
    ['below the minimum payout', day, { live: '4.99' }, 400, 'rebate.amount.below.minimum', 'rebateAmount'],
    ['nothing at all', day, {}, 400, 'rebate.amount.below.minimum', 'rebateAmount'],
  ])('%s is refused and pays nothing', async (_name, date, amounts, status, errorCode, field) => {
    const response = await claim(date, amounts);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ success: false, errorCode, field });
    expect(await mainBalance(claimer.id)).toBe(0n);
  });

  test.each([
    ['a day that does not exist', 'from=2238-37-94&to=2238-37-95', 'from'],
    ['to before from', 'from=2026-03-09&to=2026-03-01', 'to'],
    ['more than 93 days', 'from=2025-01-01&to=2026-03-09', 'from'],
  ])('the history refuses %s naming the field', async (_name, query, field) => {
    const response = await memberCall(claimer.token, 'GET', `${rebatePaths.history}?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field });
  });

  test('the refusal speaks the member’s language', async () => {
    const response = await claim(day, { live: '100.01' }, 'TH');
    expect(response.json<{ message: string }>().message).toMatch(/[\u0E00-\u0E7F]/);
  });

  test('20 claims of the same money at once pay once; elott takes lott first', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => claim(day, { live: '100', elott: '15' })));
    const paid = responses.filter((response) => response.statusCode === 200);
    expect(paid).toHaveLength(1);
    for (const refused of responses.filter((response) => response.statusCode !== 200))
      expect(refused.json()).toMatchObject({ errorCode: 'rebate.amount.exceeds.remaining' });
    expect(paid[0]!.json()).toMatchObject({
      value: {
        amount: '115.00',
        turnoverRequired: '0.00',
        remaining: { liveRemain: '0.00', lottRemain: '0.00', elottRemain: '5.00' },
      },
    });
    expect(await mainBalance(claimer.id)).toBe(11_500n);
    const rest = await claim(day, { elott: '5' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await mainBalance(claimer.id)).toBe(12_000n);
    const history = await memberCall(claimer.token, 'GET', `${rebatePaths.history}?from=${day}&to=${day}`);
    expect(history.json<{ value: RebateHistory }>().value).toMatchObject({
      totalRebate: '120.00',
      totalPaid: '120.00',
    });
    expect(await checkLedger(testApp.db, { merchantId })).toMatchObject({ ok: true, differences: [] });
  });
});
