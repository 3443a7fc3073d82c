import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedTestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { checkLedger, memberBalance } from '../ledger/index.ts';
import { BonusGrantError, grantBonus, grantBonuses, type BonusGrantBatch } from './index.ts';

/**
 * The set-based grant against grantBonus (the reference): refusals first (a refusal writes nothing), a
 * member granted twice in one batch, parallel batches and a racing grantBonus paying once. The rebates'
 * daily job's use of it, row for row against grantBonus, is in rebates.test.ts.
 */
let t: TestApp;
const nowMs = Date.UTC(2026, 10, 27, 5, 0, 0);
let n = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => nowMs });
});
afterAll(async () => t.close());

async function member() {
  n += 1;
  return (await fundedTestMember(t.db, t.demoMerchantId, `bonusbatch${n}`, 0n)).memberId;
}

type Row = [memberId: bigint, sourceId: string, amountMinor: bigint, turnoverMinor: bigint];
/** A batch of literal rows (a caller would select them from its own table). */
function batch(rows: Row[], over: Partial<BonusGrantBatch> = {}): BonusGrantBatch {
  const values = rows.map(
    ([memberId, sourceId, amount, turnover]) =>
      sql`(${memberId.toString()}::bigint, ${sourceId}::text, ${amount.toString()}::bigint, ${turnover.toString()}::bigint)`,
  );
  return {
    merchantId: t.demoMerchantId,
    currency: 'THB',
    sourceKind: 'promotion',
    transferKind: 'promotion_bonus',
    productTypes: null,
    expiresAt: null,
    nowMs,
    grants: sql`SELECT * FROM (VALUES ${sql.join(values)}) AS g(member_id, source_id, amount_minor, turnover_required_minor)`,
    ...over,
  };
}
const bonusBalance = (memberId: bigint) =>
  memberBalance(t.db, t.demoMerchantId, 'THB', { kind: 'member_bonus', memberId });
const postingsOf = async (prefix: string) =>
  (
    await sql<{ n: number }>`SELECT count(*)::int4 AS n FROM ledger_posting
      WHERE merchant_id = ${t.demoMerchantId} AND source = 'bonus' AND idempotency_key LIKE ${`grant:promotion:${prefix}%`}`.execute(
      t.db,
    )
  ).rows[0]!.n;

describe('grantBonuses', () => {
  it.each([
    ['an amount of 0', (m: bigint) => batch([[m, 'bad-a', 0n, 10n]]), 'amountMinor'],
    ['an amount above the ledger limit', (m: bigint) => batch([[m, 'bad-b', 10n ** 15n + 1n, 10n]]), 'amountMinor'],
    ['a turnover of 0 (cash: grantBonus)', (m: bigint) => batch([[m, 'bad-c', 10n, 0n]]), 'turnoverRequiredMinor'],
    ['a negative turnover', (m: bigint) => batch([[m, 'bad-d', 10n, -1n]]), 'turnoverRequiredMinor'],
    ['an empty source id', (m: bigint) => batch([[m, '', 10n, 10n]]), 'source.id'],
    ['a source id of 101 characters', (m: bigint) => batch([[m, 'x'.repeat(101), 10n, 10n]]), 'source.id'],
    [
      'a source id twice',
      (m: bigint) =>
        batch([
          [m, 'bad-e', 10n, 10n],
          [m, 'bad-e', 10n, 10n],
        ]),
      'source.id',
    ],
    ['no product type', (m: bigint) => batch([[m, 'bad-f', 10n, 10n]], { productTypes: [] }), 'productTypes'],
    [
      'an expiry not after now',
      (m: bigint) => batch([[m, 'bad-g', 10n, 10n]], { expiresAt: new Date(nowMs) }),
      'expiresAt',
    ],
    ['an empty transfer kind', (m: bigint) => batch([[m, 'bad-h', 10n, 10n]], { transferKind: '' }), 'transferKind'],
  ])('%s is refused naming the field and writes nothing', async (_name, make, field) => {
    const memberId = await member();
    const refused = grantBonuses(t.db, make(memberId));
    await expect(refused).rejects.toBeInstanceOf(BonusGrantError);
    await expect(refused).rejects.toMatchObject({ field });
    expect(await postingsOf('bad-')).toBe(0);
    expect(await bonusBalance(memberId)).toBe(0n);
  });

  it('an empty batch grants nothing', async () => {
    const result = await grantBonuses(t.db, {
      ...batch([]),
      grants: sql`SELECT 1::bigint AS member_id, 'x' AS source_id, 1::bigint AS amount_minor, 1::bigint AS turnover_required_minor WHERE false`,
    });
    expect(result).toEqual({ grants: [], postedCount: 0, postedMinor: 0n });
  });

  it('a member granted twice in a batch: two grants, each transfer with the balance after it', async () => {
    const memberId = await member();
    const other = await member();
    const result = await grantBonuses(
      t.db,
      batch(
        [
          [memberId, 'twice-1', 1_000n, 3_000n],
          [memberId, 'twice-2', 500n, 1_000n],
          [other, 'twice-3', 700n, 700n],
        ],
        { productTypes: ['LIVE', 'RNG'], expiresAt: new Date(nowMs + 86_400_000) },
      ),
    );
    expect(result).toMatchObject({ postedCount: 3, postedMinor: 2_200n });
    expect(await bonusBalance(memberId)).toBe(1_500n);
    const after = await sql<{ reference: string; credit_balance_after: bigint }>`
      SELECT reference, credit_balance_after FROM ledger_transfer
       WHERE merchant_id = ${t.demoMerchantId} AND reference LIKE 'promotion:twice-%' ORDER BY id`.execute(t.db);
    expect(after.rows).toEqual([
      { reference: 'promotion:twice-1', credit_balance_after: 1_000n },
      { reference: 'promotion:twice-2', credit_balance_after: 1_500n },
      { reference: 'promotion:twice-3', credit_balance_after: 700n },
    ]);
    const rows = await t.db
      .selectFrom('member_bonus')
      .select(['source_id', 'remaining', 'turnover_required', 'product_types', 'expires_at', 'status'])
      .where('source_id', 'like', 'twice-%')
      .orderBy('source_id')
      .execute();
    expect(rows).toEqual([
      {
        source_id: 'twice-1',
        remaining: 1_000n,
        turnover_required: 3_000n,
        product_types: ['LIVE', 'RNG'],
        expires_at: new Date(nowMs + 86_400_000),
        status: 'active',
      },
      expect.objectContaining({ source_id: 'twice-2', remaining: 500n }),
      expect.objectContaining({ source_id: 'twice-3', remaining: 700n }),
    ]);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('10 parallel batches and a racing grantBonus over the same grants pay each once', async () => {
    const members = [await member(), await member(), await member()];
    const rows: Row[] = members.map((memberId, index) => [memberId, `race-${index}`, 1_000n, 2_000n]);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => grantBonuses(t.db, batch(rows))),
      grantBonus(t.db, {
        merchantId: t.demoMerchantId,
        memberId: members[1]!,
        currency: 'THB',
        amountMinor: 1_000n,
        turnoverRequiredMinor: 2_000n,
        productTypes: null,
        expiresAt: null,
        source: { kind: 'promotion', id: 'race-1' },
        transferKind: 'promotion_bonus',
        nowMs,
      }),
    ]);
    const batches = results.slice(0, 10) as Awaited<ReturnType<typeof grantBonuses>>[];
    const single = results[10] as { bonusId: bigint; replayed: boolean };
    const posted = batches.reduce((sum, result) => sum + result.postedCount, 0) + (single.replayed ? 0 : 1);
    expect(posted).toBe(3);
    for (const memberId of members) expect(await bonusBalance(memberId)).toBe(1_000n);
    expect(await postingsOf('race-')).toBe(3);
    const ids = new Set(batches.flatMap((result) => result.grants.map((grant) => grant.bonusId)));
    expect(ids.size).toBe(3);
    expect(ids.has(single.bonusId)).toBe(true);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
});
