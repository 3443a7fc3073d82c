import { errorEnvelopeSchema, walletBalanceSchema, trialMemberType } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { postTransfers } from '../ledger/index.ts';

let testApp: TestApp;
let sequence = 0;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

async function memberWithToken(isAgent: 0 | 4 = 0) {
  const memberId = await insertTestMember(testApp.db, testApp.demoMerchantId, `wallet${++sequence}`);
  if (isAgent !== 0) await sql`UPDATE member SET is_agent = ${isAgent} WHERE id = ${memberId}`.execute(testApp.db);
  return { memberId, token: await insertTestSession(testApp.db, testApp.demoMerchantId, memberId) };
}

function balanceOf(token: string | undefined) {
  return testApp.app.inject({
    method: 'GET',
    url: '/wps/v2/wallets/balance',
    headers: { Merchant: 'demo', Language: 'EN', ...(token ? { Authorization: token } : {}) },
  });
}

const okBalance = z.object({ success: z.literal(true), value: walletBalanceSchema });

describe('GET /wps/v2/wallets/balance', () => {
  test('needs a token', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const response = await balanceOf(token);
      expect(response.statusCode).toBe(401);
      expect(errorEnvelopeSchema.parse(response.json()).errorCode).toBe('user.or.token.invalid');
    }
  });

  test('a new member has a zero main wallet in the merchant currency, never cached', async () => {
    const { token } = await memberWithToken();
    const response = await balanceOf(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(okBalance.parse(response.json()).value).toEqual({
      sumBalance: '0.00',
      currency: 'THB',
      currencySymbol: expect.any(String),
      balance: [
        {
          accountTypeId: 0,
          accountTypeName: 'MAIN',
          availBalance: '0.00',
          currency: 'THB',
          currencySymbol: expect.any(String),
        },
      ],
      heldBalance: '0.00',
      bonusBalance: '0.00',
      isTrial: false,
    });
  });

  test('shows what the ledger holds: main plus vendor sub-wallets in the sum, held and bonus apart', async () => {
    const { memberId, token } = await memberWithToken();
    const vendor = await testApp.db
      .selectFrom('game_vendor')
      .select(['id', 'vassalage', 'account_type_name'])
      .where('merchant_id', '=', testApp.demoMerchantId)
      .executeTakeFirstOrThrow();
    await postTransfers(testApp.db, {
      merchantId: testApp.demoMerchantId,
      currency: 'THB',
      idempotency: { source: 'test', key: `wallet-${memberId}` },
      transfers: [
        {
          debit: { kind: 'house_deposit_clearing', subKey: 'BANK' },
          credit: { kind: 'member_main', memberId },
          amount: 150_075n,
          kind: 'deposit',
          reference: 'd',
        },
        {
          debit: { kind: 'member_main', memberId },
          credit: { kind: 'member_vendor', memberId, subKey: vendor.vassalage },
          amount: 50_000n,
          kind: 'wallet.transfer',
          reference: 't',
        },
        {
          debit: { kind: 'member_main', memberId },
          credit: { kind: 'member_held', memberId },
          amount: 20_000n,
          kind: 'withdrawal.hold',
          reference: 'w',
        },
        {
          debit: { kind: 'house_bonus' },
          credit: { kind: 'member_bonus', memberId },
          amount: 999n,
          kind: 'bonus',
          reference: 'b',
        },
      ],
      nowMs: Date.now(),
    });
    const value = okBalance.parse((await balanceOf(token)).json()).value;
    expect(value).toMatchObject({ sumBalance: '1300.75', heldBalance: '200.00', bonusBalance: '9.99', isTrial: false });
    expect(value.balance.map((wallet) => [wallet.accountTypeId, wallet.accountTypeName, wallet.availBalance])).toEqual([
      [0, 'MAIN', '800.75'],
      [vendor.id, vendor.account_type_name, '500.00'],
    ]);
  });

  test('a trial account sees its trial balance as its main wallet, flagged as play money', async () => {
    const { memberId, token } = await memberWithToken(trialMemberType);
    await postTransfers(testApp.db, {
      merchantId: testApp.demoMerchantId,
      currency: 'THB',
      idempotency: { source: 'test', key: `trial-${memberId}` },
      transfers: [
        {
          debit: { kind: 'house_trial' },
          credit: { kind: 'member_trial', memberId },
          amount: 1_000_000n,
          kind: 'trial.credit',
          reference: 'trial',
        },
      ],
      nowMs: Date.now(),
    });
    expect(okBalance.parse((await balanceOf(token)).json()).value).toMatchObject({
      sumBalance: '10000.00',
      isTrial: true,
      balance: [{ accountTypeId: 0, availBalance: '10000.00' }],
    });
  });

  test("one member's token never shows another's money", async () => {
    const rich = await memberWithToken();
    await postTransfers(testApp.db, {
      merchantId: testApp.demoMerchantId,
      currency: 'THB',
      idempotency: { source: 'test', key: `rich-${rich.memberId}` },
      transfers: [
        {
          debit: { kind: 'house_deposit_clearing', subKey: 'BANK' },
          credit: { kind: 'member_main', memberId: rich.memberId },
          amount: 777n,
          kind: 'deposit',
          reference: 'd',
        },
      ],
      nowMs: Date.now(),
    });
    const poor = await memberWithToken();
    expect(okBalance.parse((await balanceOf(poor.token)).json()).value.sumBalance).toBe('0.00');
    expect(okBalance.parse((await balanceOf(rich.token)).json()).value.sumBalance).toBe('7.77');
  });
});

describe('GET /wps/relay/GCS_merchantWallet', () => {
  test("lists the merchant's enabled vendors with their wallet mode; single only when every one is seamless", async () => {
    const { token } = await memberWithToken();
    const call = () =>
      testApp.app.inject({
        method: 'GET',
        url: '/wps/relay/GCS_merchantWallet',
        headers: { Merchant: 'demo', Authorization: token },
      });
    const vendors = await testApp.db
      .selectFrom('game_vendor')
      .select(['id', 'vassalage', 'wallet_mode'])
      .where('merchant_id', '=', testApp.demoMerchantId)
      .where('is_enabled', '=', true)
      .execute();
    const first = await call();
    expect(first.statusCode).toBe(200);
    const value = first.json().value as {
      isSingle: boolean;
      vendors: Array<{ vassalage: string; accountTypeId: number; isSingle: boolean }>;
    };
    expect(value.vendors).toHaveLength(vendors.length);
    expect(value.isSingle).toBe(vendors.every((vendor) => vendor.wallet_mode === 'seamless'));

    const target = vendors[0]!;
    await testApp.db.updateTable('game_vendor').set({ wallet_mode: 'transfer' }).where('id', '=', target.id).execute();
    const after = (await call()).json().value as typeof value;
    expect(after.isSingle).toBe(false);
    expect(after.vendors.find((vendor) => vendor.vassalage === target.vassalage)).toMatchObject({
      accountTypeId: target.id,
      isSingle: false,
    });
    await testApp.db
      .updateTable('game_vendor')
      .set({ wallet_mode: target.wallet_mode })
      .where('id', '=', target.id)
      .execute();

    expect(
      (await testApp.app.inject({ method: 'GET', url: '/wps/relay/GCS_merchantWallet', headers: { Merchant: 'demo' } }))
        .statusCode,
    ).toBe(401);
  });
});
