import { adminBonusPaths, type BonusCostReport } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { backfillBonusCost } from '../../db/migrations/0067_bonus_cost.ts';
import { fundedTestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../backoffice/backoffice.testing.ts';
import { closeGrant, grantBonus, type BonusSourceKind } from '../bonus/index.ts';
import { postTransfers } from '../ledger/index.ts';
import { demoMerchantConfig } from '../merchant/index.ts';
import { promotionRow } from './promotions.testing.ts';

/**
 * The bonus cost report against a hand-computed fixture in Asia/Bangkok (UTC+7), to the cent. Each
 * grant is made, spent and closed through bonus's own functions (and the transfer wallet's
 * `bonus_spend`, with its ledger posting), at moments either side of Bangkok's midnight:
 * 2026-03-08T16:59:59Z is still 03-08 in Bangkok, 17:00:00Z is 03-09.
 */
let t: TestApp;
let merchantId: number;
let finance: TestOperator;
let support: TestOperator;
let otherFinance: TestOperator;
const nowMs = Date.parse('2026-03-10T05:00:00Z');
const code = 'bonuscostbkk';
const ms = (iso: string) => Date.parse(iso);
let promotionA: bigint;
let promotionB: bigint;
let otherPromotion: bigint;
let counter = 0;

async function promotion(forMerchant: number, name: string): Promise<bigint> {
  const row = await t.db
    .insertInto('promotion')
    .values(
      promotionRow({
        merchant_id: forMerchant,
        kind: 'DEPOSIT',
        category: 'deposit',
        created_by: finance.id,
        name,
        at: new Date(nowMs),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A grant as promotions makes one: a claimed reward holding the bonus, keyed by the reward's id. */
async function grant(
  memberId: bigint,
  amountMinor: bigint,
  at: string,
  source: { promotionId: bigint; forMerchant?: number } | { kind: BonusSourceKind },
  options: { turnoverMinor?: bigint; expiresAt?: string } = {},
): Promise<bigint> {
  const forMerchant = 'promotionId' in source ? (source.forMerchant ?? merchantId) : merchantId;
  let sourceRef: { kind: BonusSourceKind; id: string };
  let group: string | null = null;
  let claimId: bigint | null = null;
  if ('promotionId' in source) {
    const claim = await t.db
      .insertInto('promotion_claim')
      .values({
        merchant_id: forMerchant,
        promotion_id: source.promotionId,
        member_id: memberId,
        status: 'issued',
        amount: amountMinor,
        deposit_id: null,
        deposit_amount: null,
        turnover_required: null,
        remarks: null,
        picture_ids: [],
        review_remark: null,
        reviewed_by_operator_id: null,
        reviewed_by_username: null,
        grant_id: null,
        period_key: `test:${++counter}`,
        bonus_id: null,
        created_at: new Date(ms(at)),
        issued_at: new Date(ms(at)),
        claimed_at: null,
        expires_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    claimId = claim.id;
    sourceRef = { kind: 'promotion', id: String(claim.id) };
    group = String(source.promotionId);
  } else {
    sourceRef = { kind: source.kind, id: `test-${++counter}` };
  }
  const { bonusId } = await grantBonus(t.db, {
    merchantId: forMerchant,
    memberId,
    currency: 'THB',
    amountMinor,
    turnoverRequiredMinor: options.turnoverMinor ?? amountMinor * 5n,
    productTypes: null,
    expiresAt: options.expiresAt ? new Date(ms(options.expiresAt)) : null,
    source: sourceRef,
    group,
    transferKind: 'promotion_bonus',
    nowMs: ms(at),
  });
  if (claimId !== null)
    await t.db
      .updateTable('promotion_claim')
      .set({ status: 'claimed', claimed_at: new Date(ms(at)), bonus_id: bonusId })
      .where('id', '=', claimId)
      .execute();
  return bonusId;
}

/** A bet of `amountMinor` paid from bonus: the grants lowered oldest first, the money to house_game. */
async function spend(memberId: bigint, amountMinor: bigint, at: string): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    await sql`SELECT bonus_spend(${memberId}, 'THB', ${amountMinor})`.execute(trx);
    await postTransfers(trx, {
      merchantId,
      currency: 'THB',
      idempotency: { source: 'bonus-cost-test', key: `spend-${++counter}` },
      transfers: [
        {
          debit: { kind: 'member_bonus', memberId },
          credit: { kind: 'house_game' },
          amount: amountMinor,
          kind: 'bet',
          reference: 'bonus-cost-test',
        },
      ],
      nowMs: ms(at),
    });
  });
}

async function member(forMerchant = merchantId): Promise<bigint> {
  return (await fundedTestMember(t.db, forMerchant, `bcost${++counter}`, 0n)).memberId;
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => nowMs });
  const row = await t.db
    .insertInto('merchant')
    .values({
      code,
      name: 'Bonus cost Bangkok',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: JSON.stringify({ ...demoMerchantConfig, timezone: 'Asia/Bangkok' }) as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  merchantId = row.id;
  [finance, support, otherFinance] = await Promise.all([
    insertTestOperator(t.db, { merchantId, role: 'finance', nowMs }),
    insertTestOperator(t.db, { merchantId, role: 'support', nowMs }),
    insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'finance', nowMs }),
  ]);
  promotionA = await promotion(merchantId, 'Welcome');
  promotionB = await promotion(merchantId, 'Reload');
  otherPromotion = await promotion(t.demoMerchantId, 'Elsewhere');
  const [m1, m2, m3, m4] = [await member(), await member(), await member(), await member()];

  // Before the range: 03-07 23:59:59 in Bangkok (only the 03-07 range shows it).
  await grant(m4, 999n, '2026-03-07T16:59:59Z', { promotionId: promotionA });
  // 03-08 00:30 Bangkok (still 03-07 in UTC): 100.00, 30.00 bet, the rest (70.00) converted on 03-08.
  const g1 = await grant(m1, 10_000n, '2026-03-07T17:30:00Z', { promotionId: promotionA });
  await spend(m1, 3_000n, '2026-03-08T05:00:00Z');
  await closeGrant(t.db, g1, 'converted', 'turnover_met', ms('2026-03-08T10:00:00Z'));
  // 03-08 23:59:59 Bangkok: 50.00, forfeited whole at 03-09 00:00 Bangkok.
  const g2 = await grant(m2, 5_000n, '2026-03-08T16:59:59Z', { promotionId: promotionA });
  await closeGrant(t.db, g2, 'forfeited', 'below_threshold', ms('2026-03-08T17:00:00Z'));
  // 03-09: 200.00, 50.00 bet, expired (150.00).
  const g3 = await grant(
    m3,
    20_000n,
    '2026-03-09T01:00:00Z',
    { promotionId: promotionB },
    { expiresAt: '2026-03-09T12:00:00Z' },
  );
  await spend(m3, 5_000n, '2026-03-09T02:00:00Z');
  await closeGrant(t.db, g3, 'expired', 'expired', ms('2026-03-09T13:00:00Z'));
  // 03-09: 80.00, 20.00 bet, still active (60.00 left).
  await grant(m1, 8_000n, '2026-03-09T02:00:00Z', { promotionId: promotionB });
  await spend(m1, 2_000n, '2026-03-09T03:00:00Z');
  // 03-09: 30.00 with no turnover: straight to cash, converted at once.
  await grant(m2, 3_000n, '2026-03-09T03:00:00Z', { promotionId: promotionB }, { turnoverMinor: 0n });
  // 03-09: a rebate of 12.34, active.
  await grant(m3, 1_234n, '2026-03-09T04:00:00Z', { kind: 'rebate' });
  // Another merchant's grant on the same day: never in this merchant's report.
  await grant(await member(t.demoMerchantId), 7_777n, '2026-03-09T04:00:00Z', {
    promotionId: otherPromotion,
    forMerchant: t.demoMerchantId,
  });
});

afterAll(async () => {
  await t.close();
});

function get(query: string, operator: TestOperator = finance, merchantCode = code) {
  return t.app.inject({
    method: 'GET',
    url: `${adminBonusPaths.cost}?${query}`,
    headers: { merchant: merchantCode, language: 'EN', authorization: operator.token },
  });
}

async function report(query: string, operator?: TestOperator, merchantCode?: string): Promise<BonusCostReport> {
  const response = await get(query, operator, merchantCode);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: BonusCostReport }>().value;
}

const none = {
  issuedCount: 0,
  issued: '0.00',
  converted: '0.00',
  forfeited: '0.00',
  expired: '0.00',
  spent: '0.00',
  activeCount: 0,
  active: '0.00',
};
const welcome = () => ({
  sourceKind: 'promotion',
  promotionId: Number(promotionA),
  promotionNameTh: 'Welcome',
  promotionNameEn: 'Welcome',
});
const reload = () => ({
  sourceKind: 'promotion',
  promotionId: Number(promotionB),
  promotionNameTh: 'Reload',
  promotionNameEn: 'Reload',
});
const rebate = { sourceKind: 'rebate', promotionId: null, promotionNameTh: null, promotionNameEn: null };
const reload09 = {
  ...none,
  issuedCount: 3,
  issued: '310.00',
  converted: '30.00',
  expired: '150.00',
  spent: '50.00',
  activeCount: 1,
  active: '60.00',
};
const rebate09 = { ...none, issuedCount: 1, issued: '12.34', activeCount: 1, active: '12.34' };

describe('bonus cost report', () => {
  test('per Bangkok day and promotion: issued, converted, forfeited, expired, spent, active; totals', async () => {
    const value = await report('from=2026-03-08&to=2026-03-09');
    expect(value.timezone).toBe('Asia/Bangkok');
    expect(value.rows).toEqual(
      [
        {
          day: '2026-03-08',
          ...welcome(),
          ...none,
          issuedCount: 2,
          issued: '150.00',
          converted: '70.00',
          spent: '30.00',
        },
        { day: '2026-03-09', ...welcome(), ...none, forfeited: '50.00' },
        { day: '2026-03-09', ...reload(), ...reload09 },
        { day: '2026-03-09', ...rebate, ...rebate09 },
      ].sort(
        (a, b) =>
          a.day.localeCompare(b.day) ||
          a.sourceKind.localeCompare(b.sourceKind) ||
          String(a.promotionId).localeCompare(String(b.promotionId)),
      ),
    );
    expect(value.sources).toEqual([
      { ...reload(), ...reload09 },
      {
        ...welcome(),
        ...none,
        issuedCount: 2,
        issued: '150.00',
        converted: '70.00',
        forfeited: '50.00',
        spent: '30.00',
      },
      { ...rebate, ...rebate09 },
    ]);
    expect(value.totals).toEqual({
      issuedCount: 6,
      issued: '472.34',
      converted: '100.00',
      forfeited: '50.00',
      expired: '150.00',
      spent: '80.00',
      activeCount: 2,
      active: '72.34',
    });
  });

  test("the merchant's midnight splits the days, not UTC's", async () => {
    // 03-09 alone: the forfeit at 17:00:00Z is in it, the grant at 16:59:59Z (03-08 Bangkok) is not.
    const ninth = await report('from=2026-03-09&to=2026-03-09');
    expect(ninth.rows.find((row) => row.promotionId === Number(promotionA))).toMatchObject({
      day: '2026-03-09',
      issuedCount: 0,
      forfeited: '50.00',
    });
    // 03-07 holds only the grant made at 23:59:59 Bangkok; 03-08 00:30 Bangkok (03-07 in UTC) is not in it.
    const seventh = await report('from=2026-03-07&to=2026-03-07');
    expect(seventh.rows).toEqual([
      { day: '2026-03-07', ...welcome(), ...none, issuedCount: 1, issued: '9.99', activeCount: 1, active: '9.99' },
    ]);
  });

  test("another merchant's grants are not shown, and its operators see only theirs", async () => {
    const ours = await report('from=2026-03-01&to=2026-03-10');
    expect(ours.rows.some((row) => row.promotionId === Number(otherPromotion))).toBe(false);
    const theirs = await report('from=2026-03-09&to=2026-03-09', otherFinance, 'demo');
    expect(theirs.rows.filter((row) => row.promotionId !== null).map((row) => row.promotionId)).toContain(
      Number(otherPromotion),
    );
    expect(
      theirs.rows.some((row) => row.promotionId === Number(promotionA) || row.promotionId === Number(promotionB)),
    ).toBe(false);
    // An operator's token is for its own merchant's back-office.
    expect((await get('from=2026-03-08&to=2026-03-09', finance, 'demo')).statusCode).toBe(401);
  });

  test('reports.read is required', async () => {
    const denied = await get('from=2026-03-08&to=2026-03-09', support);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ errorCode: 'operator.permission.denied' });
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `${adminBonusPaths.cost}?from=2026-03-08&to=2026-03-09`,
      headers: { merchant: code },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  test.each([
    ['a missing from', 'to=2026-03-09', 'from'],
    ['not a day', 'from=2026-02-30&to=2026-03-09', 'from'],
    ['not a date', 'from=2026-03-08&to=tomorrow', 'to'],
    ['to before from', 'from=2026-03-09&to=2026-03-08', 'to'],
    ['more than 93 days', 'from=2026-01-01&to=2026-04-04', 'to'],
  ])('%s is refused naming the field, in EN and TH', async (_name, query, field) => {
    const english = await get(query);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({ success: false, errorCode: expect.stringMatching(/^validation\./), field });
    expect(english.json<{ message: string }>().message).toContain(field);
    const thai = await t.app.inject({
      method: 'GET',
      url: `${adminBonusPaths.cost}?${query}`,
      headers: { merchant: code, language: 'TH', authorization: finance.token },
    });
    expect(thai.json()).toMatchObject({ field });
    expect(thai.json<{ message: string }>().message).not.toBe(english.json<{ message: string }>().message);
  });

  test('93 days is the longest range', async () => {
    expect((await get('from=2026-01-01&to=2026-04-03')).statusCode).toBe(200);
  });

  test("the migration's backfill finds the same closed amounts and groups the grants were written with", async () => {
    const read = (db: typeof t.db) =>
      db.selectFrom('member_bonus').select(['id', 'status', 'closed_amount', 'source_group']).orderBy('id').execute();
    const written = await read(t.db);
    expect(written.filter((row) => row.status !== 'active').every((row) => row.closed_amount !== null)).toBe(true);
    expect(written.filter((row) => row.source_group !== null)).toHaveLength(7);
    // In a transaction rolled back at the end: the rows as they were before 0067, then its backfill.
    const rollback = new Error('rollback');
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`ALTER TABLE member_bonus DROP CONSTRAINT member_bonus_closed_amount`.execute(trx);
        await trx.updateTable('member_bonus').set({ closed_amount: null, source_group: null }).execute();
        await backfillBonusCost(trx as never);
        expect(await read(trx)).toEqual(written);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await read(t.db)).toEqual(written);
  });
});

// After the report's tests: its grant (on 03-05, outside their days) would change their counts.
describe('bonus cost CSV export', () => {
  const csv = (query: string, operator: TestOperator = finance, language = 'EN') =>
    t.app.inject({
      method: 'GET',
      url: `${adminBonusPaths.costCsv}?${query}`,
      headers: { merchant: code, language, authorization: operator.token },
    });

  test('the day lines and the totals, as a spreadsheet reads them; an operator-typed name cannot run as a formula', async () => {
    const row = await t.db
      .insertInto('promotion')
      .values({
        ...promotionRow({
          merchant_id: merchantId,
          kind: 'DEPOSIT',
          category: 'deposit',
          created_by: finance.id,
          at: new Date(nowMs),
        }),
        name_en: '=HYPERLINK("http://evil"),"x"',
        name_th: '-โปร, ลด 50%',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await grant(await member(), 12_345n, '2026-03-05T05:00:00Z', { promotionId: row.id });

    const english = await csv('from=2026-03-05&to=2026-03-05');
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(english.headers['content-disposition']).toBe('attachment; filename="bonus-cost-2026-03-05-2026-03-05.csv"');
    expect(english.headers['cache-control']).toBe('no-store');
    expect(english.body).toBe(
      '\uFEFF' +
        [
          'day,source_kind,promotion_id,promotion_name,issued_count,issued,converted,forfeited,expired,spent,active_count,active',
          `2026-03-05,promotion,${row.id},"'=HYPERLINK(""http://evil""),""x""",1,123.45,0.00,0.00,0.00,0.00,1,123.45`,
          'total,,,,1,123.45,0.00,0.00,0.00,0.00,1,123.45',
        ].join('\r\n') +
        '\r\n',
    );
    // The name in the operator's language; a leading minus defused too, the comma quoted.
    const thai = await csv('from=2026-03-05&to=2026-03-05', finance, 'TH');
    expect(thai.body.split('\r\n')[1]).toBe(
      `2026-03-05,promotion,${row.id},"'-โปร, ลด 50%",1,123.45,0.00,0.00,0.00,0.00,1,123.45`,
    );
  });

  test('the same lines as the report: a rebate without a promotion, every day of the range', async () => {
    const lines = (await csv('from=2026-03-08&to=2026-03-09')).body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 4 + 1);
    expect(lines).toContain('2026-03-09,rebate,,,1,12.34,0.00,0.00,0.00,0.00,1,12.34');
    expect(lines.at(-1)).toBe('total,,,,6,472.34,100.00,50.00,150.00,80.00,2,72.34');
  });

  test.each([
    ['without reports.read', () => csv('from=2026-03-08&to=2026-03-09', support), 403],
    ['a day that is not one', () => csv('from=2026-02-30&to=2026-03-09'), 400],
  ])('%s: refused like the report', async (_name, call, status) => {
    expect((await call()).statusCode).toBe(status);
  });
});
