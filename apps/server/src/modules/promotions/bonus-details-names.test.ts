import { bonusDetailsSchema, bonusPaths, type Language } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fundedTestMember } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTestOperator } from '../backoffice/backoffice.testing.ts';
import { grantBonus, type BonusSourceKind } from '../bonus/index.ts';
import { demoMerchantConfig } from '../merchant/index.ts';
import { promotionRow } from './promotions.testing.ts';

/**
 * Bonus details name a promotion's bonus by its promotion, in the request's language (bonus asks
 * promotions through the callback modules/routes.ts hands it); what is not this merchant's promotion
 * keeps no name, so the site names it by its kind.
 */
let t: TestApp;
let token: string;
let memberId: bigint;
let counter = 0;
const nowMs = Date.parse('2026-03-10T05:00:00Z');

async function promotion(merchantId: number, names: { th: string; en: string }): Promise<bigint> {
  const operator = await insertTestOperator(t.db, { merchantId, role: 'finance', nowMs });
  const row = await t.db
    .insertInto('promotion')
    .values({
      ...promotionRow({
        merchant_id: merchantId,
        kind: 'DEPOSIT',
        category: 'deposit',
        created_by: operator.id,
        at: new Date(nowMs),
      }),
      name_th: names.th,
      name_en: names.en,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function grant(kind: BonusSourceKind, group: string | null): Promise<string> {
  const { bonusId } = await grantBonus(t.db, {
    merchantId: t.demoMerchantId,
    memberId,
    currency: 'THB',
    amountMinor: 1_000n,
    turnoverRequiredMinor: 5_000n,
    productTypes: null,
    expiresAt: null,
    source: { kind, id: `names-${++counter}` },
    group,
    transferKind: kind === 'rebate' ? 'rebate_auto' : 'promotion_bonus',
    nowMs,
  });
  return bonusId.toString();
}

async function namesIn(language: Language): Promise<Map<string, string | null>> {
  const response = await t.app.inject({
    method: 'GET',
    url: bonusPaths.bonusDetails,
    headers: { Merchant: 'demo', Language: language, Authorization: token },
  });
  expect(response.statusCode).toBe(200);
  const details = bonusDetailsSchema.parse(response.json().value);
  return new Map(details.list.map((line) => [line.bonusId, line.sourceName]));
}

const ids: Record<'welcome' | 'foreign' | 'unknown' | 'rebate', string> = {
  welcome: '',
  foreign: '',
  unknown: '',
  rebate: '',
};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => nowMs });
  const other = await t.db
    .insertInto('merchant')
    .values({
      code: 'bonusnames',
      name: 'Bonus names elsewhere',
      status: 'active',
      currency: 'THB',
      currency_symbol: '฿',
      default_language: 'EN',
      config: JSON.stringify(demoMerchantConfig) as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ({ memberId, token } = await fundedTestMember(t.db, t.demoMerchantId, 'bnames1', 0n, { nowMs }));
  const welcome = await promotion(t.demoMerchantId, { th: 'โบนัสต้อนรับ', en: 'Welcome bonus' });
  const foreign = await promotion(other.id, { th: 'ของร้านอื่น', en: 'Another merchant' });
  ids.welcome = await grant('promotion', welcome.toString());
  // A group naming another merchant's promotion must not read its name.
  ids.foreign = await grant('promotion', foreign.toString());
  // A promotion no longer found (or a group that is not an id at all).
  ids.unknown = await grant('promotion', '999999999');
  ids.rebate = await grant('rebate', null);
});
afterAll(async () => t?.close());

describe('bonus details: the promotion named', () => {
  test.each([
    ['TH', 'โบนัสต้อนรับ'],
    ['EN', 'Welcome bonus'],
  ] as const)(
    'in %s: the promotion by name; foreign, unknown and rebate grants without one',
    async (language, name) => {
      const names = await namesIn(language);
      expect(names.get(ids.welcome)).toBe(name);
      expect(names.get(ids.foreign)).toBeNull();
      expect(names.get(ids.unknown)).toBeNull();
      expect(names.get(ids.rebate)).toBeNull();
    },
  );
});
