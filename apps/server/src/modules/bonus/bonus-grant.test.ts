import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedTestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { checkLedger, LedgerError, memberBalance } from '../ledger/index.ts';
import { grantBonus, type BonusGrant } from './index.ts';

let t: TestApp;
const nowMs = Date.UTC(2026, 10, 27, 5, 0, 0);
let n = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => nowMs });
});
afterAll(async () => t.close());

async function member() {
  n += 1;
  return (await fundedTestMember(t.db, t.demoMerchantId, `bonusgrant${n}`, 0n)).memberId;
}
function grant(memberId: bigint, id: string, over: Partial<BonusGrant> = {}): BonusGrant {
  return {
    merchantId: t.demoMerchantId,
    memberId,
    currency: 'THB',
    amountMinor: 10_000n,
    turnoverRequiredMinor: 50_000n,
    productTypes: null,
    expiresAt: null,
    source: { kind: 'promotion', id },
    transferKind: 'promotion_bonus',
    nowMs,
    ...over,
  };
}
const balances = async (memberId: bigint) => ({
  main: await memberBalance(t.db, t.demoMerchantId, 'THB', { kind: 'member_main', memberId }),
  bonus: await memberBalance(t.db, t.demoMerchantId, 'THB', { kind: 'member_bonus', memberId }),
});

describe('grantBonus', () => {
  it('100 parallel identical grants credit the bonus balance once', async () => {
    const memberId = await member();
    const results = await Promise.all(Array.from({ length: 100 }, () => grantBonus(t.db, grant(memberId, 'p100'))));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.bonusId))).toEqual(new Set([results[0]!.bonusId]));
    expect(await balances(memberId)).toEqual({ main: 0n, bonus: 10_000n });
    const rows = await t.db.selectFrom('member_bonus').selectAll().where('member_id', '=', memberId).execute();
    expect(rows).toMatchObject([{ status: 'active', remaining: 10_000n, amount: 10_000n }]);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it.each([
    [
      'no turnover: straight to cash, converted',
      { turnoverRequiredMinor: 0n },
      { main: 10_000n, bonus: 0n },
      'converted',
    ],
    ['with turnover: bonus balance, active', {}, { main: 0n, bonus: 10_000n }, 'active'],
  ] as const)('%s', async (_name, over, expected, status) => {
    const memberId = await member();
    await grantBonus(t.db, grant(memberId, `each-${memberId}`, over));
    expect(await balances(memberId)).toEqual(expected);
    const row = await t.db
      .selectFrom('member_bonus')
      .selectAll()
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(status);
  });

  it('the same source with another amount is refused, nothing moves', async () => {
    const memberId = await member();
    await grantBonus(t.db, grant(memberId, 'conflict'));
    await expect(grantBonus(t.db, grant(memberId, 'conflict', { amountMinor: 1n }))).rejects.toBeInstanceOf(
      LedgerError,
    );
    expect(await balances(memberId)).toEqual({ main: 0n, bonus: 10_000n });
  });

  it.each([
    ['amountMinor', { amountMinor: 0n }],
    ['turnoverRequiredMinor', { turnoverRequiredMinor: -1n }],
    ['source.id', { source: { kind: 'promotion', id: '' } }],
    ['productTypes', { productTypes: [] }],
    ['expiresAt', { expiresAt: new Date(nowMs) }],
    ['transferKind', { transferKind: '' }],
  ] as const)('refuses a bad %s', async (field, over) => {
    const memberId = await member();
    await expect(grantBonus(t.db, grant(memberId, `bad-${field}`, over as Partial<BonusGrant>))).rejects.toMatchObject({
      field,
    });
  });
});
