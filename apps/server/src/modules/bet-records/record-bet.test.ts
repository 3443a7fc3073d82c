import { trialMemberType, withdrawalPaths } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { postTransfers } from '../ledger/index.ts';
import type { MerchantConfig } from '../merchant/index.ts';
import {
  createVendorKit,
  houseSecret,
  otherVendor,
  type Player,
  type VendorKit,
} from '../seamless-wallet/seamless-wallet.testing.ts';
import { insertTestCatalogue, testGames } from './bet-records.testing.ts';

/**
 * What the seamless wallet's calls write into bet records, driven over HTTP with signed vendor
 * calls: one record per member and round, its sums and status, replays that change nothing, and
 * the turnover counted once at settlement.
 */
let testApp: TestApp;
let kit: VendorKit;
const clock = { nowMs: Date.UTC(2026, 10, 22, 5) };

beforeAll(async () => {
  testApp = await createTestApp({ HOUSE_VENDOR_SECRET: houseSecret }, { now: () => clock.nowMs });
  kit = await createVendorKit(testApp, () => clock.nowMs, 'br');
  await insertTestCatalogue(testApp.db, testApp.demoMerchantId);
});
afterAll(() => testApp?.close());

const housePlayer = (balance = 10_000n, options: { isAgent?: 0 | 4; memberId?: bigint } = {}) =>
  kit.player(balance, { gameId: testGames.houseSlot, ...options });
const livePlayer = (balance = 10_000n, options: { memberId?: bigint } = {}) =>
  kit.player(balance, { vendor: otherVendor, gameId: testGames.liveBaccarat, ...options });

async function recordOf(p: Player, roundId: string) {
  return testApp.db
    .selectFrom('bet_record')
    .select([
      'vendor_code',
      'vassalage',
      'game_id',
      'game_type',
      'game_category',
      'game_classify',
      'stake',
      'valid_bet',
      'payout',
      'bet_count',
      'status',
      'fairness',
      'first_bet_at',
      'settled_at',
    ])
    .where('member_id', '=', p.memberId)
    .where('vendor_code', '=', p.vendor)
    .where('round_id', '=', roundId)
    .executeTakeFirst();
}

async function wageredOf(p: Player): Promise<bigint> {
  const row = await testApp.db
    .selectFrom('member_turnover')
    .select('wagered_amount')
    .where('member_id', '=', p.memberId)
    .executeTakeFirst();
  return row?.wagered_amount ?? 0n;
}

async function ok(p: Player, call: 'bet' | 'win' | 'rollback', overrides: Record<string, unknown>) {
  return kit.expectOk(await kit.send(p, call, kit.body(p, overrides)));
}

describe('bet', () => {
  test('the first bet opens the record with the catalogue’s vendor, type and category; later bets add to it', async () => {
    const p = await housePlayer();
    await ok(p, 'bet', { roundId: 'open-1', amount: '10.00' });
    expect(await recordOf(p, 'open-1')).toMatchObject({
      vendor_code: 'HOUSE',
      vassalage: 'BRHOUSE',
      game_id: testGames.houseSlot,
      game_type: 'RNG',
      game_category: 'RNG',
      game_classify: 'SC',
      stake: 1_000n,
      valid_bet: 1_000n,
      payout: 0n,
      bet_count: 1,
      status: 'open',
      fairness: null,
      first_bet_at: new Date(clock.nowMs),
      settled_at: null,
    });
    await ok(p, 'bet', { roundId: 'open-1', amount: '2.50' });
    expect(await recordOf(p, 'open-1')).toMatchObject({
      stake: 1_250n,
      valid_bet: 1_250n,
      bet_count: 2,
      status: 'open',
    });
    expect(await wageredOf(p)).toBe(0n);
  });

  test('a game the catalogue does not know takes the calling vendor’s catalogue entry', async () => {
    const p = await kit.player(10_000n, { vendor: otherVendor, gameId: 'not-in-catalogue' });
    await ok(p, 'bet', { roundId: 'unknown-game', amount: '1.00' });
    expect(await recordOf(p, 'unknown-game')).toMatchObject({
      vassalage: 'BRLIVE',
      game_id: 'not-in-catalogue',
      game_type: 'LIVE',
      game_category: 'LIVE',
      game_classify: null,
    });
  });

  test('a bet that closes the round settles it as a loss and counts its valid bet once', async () => {
    const p = await housePlayer();
    await ok(p, 'bet', { roundId: 'one-shot', amount: '4.00', roundClosed: true });
    expect(await recordOf(p, 'one-shot')).toMatchObject({
      stake: 400n,
      payout: 0n,
      status: 'settled',
      settled_at: new Date(clock.nowMs),
    });
    expect(await wageredOf(p)).toBe(400n);
  });

  test('a refused bet (insufficient funds, closed round) writes nothing', async () => {
    const p = await housePlayer(500n);
    await kit.expectError(
      await kit.send(p, 'bet', kit.body(p, { roundId: 'refused', amount: '6.00' })),
      'INSUFFICIENT_FUNDS',
    );
    expect(await recordOf(p, 'refused')).toBeUndefined();
    await ok(p, 'bet', { roundId: 'closed', amount: '1.00', roundClosed: true });
    await kit.expectError(await kit.send(p, 'bet', kit.body(p, { roundId: 'closed', amount: '1.00' })), 'ROUND_CLOSED');
    expect(await recordOf(p, 'closed')).toMatchObject({ stake: 100n, bet_count: 1 });
  });
});

describe('win', () => {
  test('a win adds to the payout; the closing win settles the record and adds the valid bet to the turnover once', async () => {
    const p = await housePlayer();
    await ok(p, 'bet', { roundId: 'won', amount: '10.00' });
    await ok(p, 'bet', { roundId: 'won', amount: '5.00' });
    await ok(p, 'win', { roundId: 'won', amount: '4.00' });
    expect(await recordOf(p, 'won')).toMatchObject({ stake: 1_500n, payout: 400n, status: 'open', settled_at: null });
    expect(await wageredOf(p)).toBe(0n);
    clock.nowMs += 1_000;
    await ok(p, 'win', { roundId: 'won', amount: '20.00', roundClosed: true });
    expect(await recordOf(p, 'won')).toMatchObject({
      stake: 1_500n,
      valid_bet: 1_500n,
      payout: 2_400n,
      status: 'settled',
      settled_at: new Date(clock.nowMs),
    });
    expect(await wageredOf(p)).toBe(1_500n);
    await kit.expectError(
      await kit.send(p, 'win', kit.body(p, { roundId: 'won', amount: '1.00', roundClosed: true })),
      'ROUND_CLOSED',
    );
    expect(await wageredOf(p)).toBe(1_500n);
  });

  test('a win of 0 that closes the round settles a loss', async () => {
    const p = await housePlayer();
    await ok(p, 'bet', { roundId: 'lost', amount: '3.00' });
    await ok(p, 'win', { roundId: 'lost', amount: '0', roundClosed: true });
    expect(await recordOf(p, 'lost')).toMatchObject({ stake: 300n, payout: 0n, status: 'settled' });
    expect(await wageredOf(p)).toBe(300n);
  });
});

describe('rollback', () => {
  test('a refunded bet leaves the stake and valid bet; when every bet is refunded the record is cancelled', async () => {
    const p = await housePlayer();
    const first = `rb-a-${p.memberId}`;
    const second = `rb-b-${p.memberId}`;
    await ok(p, 'bet', { roundId: 'rb', transactionId: first, amount: '10.00' });
    await ok(p, 'bet', { roundId: 'rb', transactionId: second, amount: '3.00' });
    await ok(p, 'rollback', { roundId: 'rb', referenceTransactionId: first, amount: '10.00' });
    expect(await recordOf(p, 'rb')).toMatchObject({ stake: 300n, valid_bet: 300n, bet_count: 1, status: 'open' });
    await ok(p, 'rollback', { roundId: 'rb', referenceTransactionId: second, amount: '3.00' });
    expect(await recordOf(p, 'rb')).toMatchObject({
      stake: 0n,
      valid_bet: 0n,
      bet_count: 0,
      payout: 0n,
      status: 'cancelled',
      settled_at: null,
    });
    // A second rollback of a refunded bet moves nothing and changes nothing.
    await ok(p, 'rollback', { roundId: 'rb', referenceTransactionId: second, amount: '3.00' });
    expect(await recordOf(p, 'rb')).toMatchObject({ stake: 0n, bet_count: 0, status: 'cancelled' });
    // The round is still open: a new bet reopens the record.
    await ok(p, 'bet', { roundId: 'rb', amount: '1.00' });
    expect(await recordOf(p, 'rb')).toMatchObject({ stake: 100n, bet_count: 1, status: 'open' });
    expect(await wageredOf(p)).toBe(0n);
  });

  test('a rollback that arrives before its bet writes no record, and the refused late bet neither', async () => {
    const p = await housePlayer();
    const betId = `late-${p.memberId}`;
    await ok(p, 'rollback', { roundId: 'late', referenceTransactionId: betId, amount: '5.00' });
    await kit.expectError(
      await kit.send(p, 'bet', kit.body(p, { roundId: 'late', transactionId: betId, amount: '5.00' })),
      'TRANSACTION_CANCELLED',
    );
    expect(await recordOf(p, 'late')).toBeUndefined();
  });
});

describe('replays', () => {
  const cases: Array<{
    call: 'bet' | 'win' | 'rollback';
    setup: (p: Player) => Promise<void>;
    payload: (p: Player) => Record<string, unknown>;
  }> = [
    {
      call: 'bet',
      setup: async () => {},
      payload: (p) => ({ roundId: 'replay', transactionId: `rp-bet-${p.memberId}`, amount: '7.00', roundClosed: true }),
    },
    {
      call: 'win',
      setup: async (p) => void (await ok(p, 'bet', { roundId: 'replay', amount: '2.00' })),
      payload: (p) => ({ roundId: 'replay', transactionId: `rp-win-${p.memberId}`, amount: '7.00', roundClosed: true }),
    },
    {
      call: 'rollback',
      setup: async (p) => {
        await ok(p, 'bet', { roundId: 'replay', transactionId: `rp-ref-${p.memberId}`, amount: '7.00' });
        await ok(p, 'bet', { roundId: 'replay', amount: '1.00' });
      },
      payload: (p) => ({
        roundId: 'replay',
        transactionId: `rp-rb-${p.memberId}`,
        referenceTransactionId: `rp-ref-${p.memberId}`,
        amount: '7.00',
      }),
    },
  ];

  for (const { call, setup, payload } of cases) {
    for (const mode of ['in a row', 'in parallel'] as const) {
      test(`${call} sent 5 more times ${mode}: the record and the turnover are those of the first`, async () => {
        const p = await housePlayer();
        await setup(p);
        const first = kit.body(p, payload(p));
        await kit.expectOk(await kit.send(p, call, first));
        const record = await recordOf(p, 'replay');
        const wagered = await wageredOf(p);
        expect(record).toBeDefined();
        const copies = Array.from({ length: 5 }, () => ({ ...first, requestId: kit.nextId('copy-') }));
        const responses = mode === 'in a row' ? [] : await Promise.all(copies.map((copy) => kit.send(p, call, copy)));
        if (mode === 'in a row') for (const copy of copies) responses.push(await kit.send(p, call, copy));
        for (const response of responses) await kit.expectOk(response);
        expect(await recordOf(p, 'replay')).toEqual(record);
        expect(await wageredOf(p)).toBe(wagered);
      });
    }
  }

  test('the first copies of a bet racing in parallel make one record with one stake', async () => {
    const p = await housePlayer();
    const payload = kit.body(p, { roundId: 'race', amount: '4.00' });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => kit.send(p, 'bet', { ...payload, requestId: kit.nextId('race-') })),
    );
    for (const response of responses) await kit.expectOk(response);
    expect(await recordOf(p, 'race')).toMatchObject({ stake: 400n, bet_count: 1 });
  });
});

describe('rounds shared and fairness', () => {
  test('a live round shared by two members gives each their own record', async () => {
    const a = await livePlayer();
    const b = await livePlayer();
    await ok(a, 'bet', { roundId: 'table-7-round-1', amount: '10.00' });
    await ok(b, 'bet', { roundId: 'table-7-round-1', amount: '20.00' });
    await ok(a, 'win', { roundId: 'table-7-round-1', amount: '19.50', roundClosed: true });
    await ok(b, 'win', { roundId: 'table-7-round-1', amount: '0', roundClosed: true });
    expect(await recordOf(a, 'table-7-round-1')).toMatchObject({
      vassalage: 'BRLIVE',
      game_type: 'LIVE',
      stake: 1_000n,
      payout: 1_950n,
      status: 'settled',
    });
    expect(await recordOf(b, 'table-7-round-1')).toMatchObject({
      vassalage: 'BRLIVE',
      stake: 2_000n,
      payout: 0n,
      status: 'settled',
    });
    expect(await wageredOf(a)).toBe(1_000n);
    expect(await wageredOf(b)).toBe(2_000n);
  });

  test('the house vendor’s round details are kept and merged (the seed revealed later); they are not part of the request', async () => {
    const p = await housePlayer();
    const bet = kit.body(p, { roundId: 'fair', amount: '1.00' });
    const details = {
      serverSeedHash: 'ab12',
      clientSeed: 'lucky',
      nonce: 7,
      outcome: '[3,1,4]',
      unknownField: 'dropped',
    };
    await kit.expectOk(await kit.send(p, 'bet', { ...bet, roundDetails: details }));
    // A retry without the details is the same request: it replays (one stake).
    await kit.expectOk(await kit.send(p, 'bet', { ...bet, requestId: kit.nextId('retry-') }));
    expect(await recordOf(p, 'fair')).toMatchObject({ stake: 100n, bet_count: 1 });
    await ok(p, 'win', {
      roundId: 'fair',
      amount: '2.00',
      roundClosed: true,
      roundDetails: { serverSeed: 'revealed-seed' },
    });
    expect((await recordOf(p, 'fair'))?.fairness).toEqual({
      serverSeedHash: 'ab12',
      clientSeed: 'lucky',
      nonce: 7,
      outcome: '[3,1,4]',
      serverSeed: 'revealed-seed',
    });
  });

  test('another vendor’s round details are not kept; malformed details refuse the call', async () => {
    const p = await livePlayer();
    await ok(p, 'bet', { roundId: 'no-fair', amount: '1.00', roundDetails: { serverSeedHash: 'ab12' } });
    expect((await recordOf(p, 'no-fair'))?.fairness).toBeNull();
    await kit.expectError(
      await kit.send(p, 'bet', kit.body(p, { roundId: 'no-fair', roundDetails: { outcome: 'x'.repeat(2001) } })),
      'INVALID_REQUEST',
    );
    await kit.expectError(
      await kit.send(p, 'bet', kit.body(p, { roundId: 'no-fair', roundDetails: { nonce: 'seven' } })),
      'INVALID_REQUEST',
    );
    expect(await recordOf(p, 'no-fair')).toMatchObject({ stake: 100n, bet_count: 1 });
  });
});

describe('turnover', () => {
  test('trial accounts get records but never add turnover', async () => {
    const p = await housePlayer(10_000n, { isAgent: trialMemberType });
    await ok(p, 'bet', { roundId: 'trial', amount: '10.00' });
    await ok(p, 'win', { roundId: 'trial', amount: '5.00', roundClosed: true });
    expect(await recordOf(p, 'trial')).toMatchObject({ stake: 1_000n, payout: 500n, status: 'settled' });
    expect(await wageredOf(p)).toBe(0n);
  });

  test('a settled round shrinks what a withdrawal still needs wagered, by its valid bet', async () => {
    const row = await testApp.db
      .selectFrom('merchant')
      .select('config')
      .where('id', '=', testApp.demoMerchantId)
      .executeTakeFirstOrThrow();
    const config: MerchantConfig = structuredClone(row.config);
    config.withdrawals = { ...config.withdrawals, turnoverMultiplier: 1 };
    await testApp.db
      .updateTable('merchant')
      .set({ config: JSON.stringify(config), updated_at: sql<Date>`now()` })
      .where('id', '=', testApp.demoMerchantId)
      .execute();
    await testApp.settle();

    const p = await housePlayer(0n);
    await postTransfers(testApp.db, {
      merchantId: testApp.demoMerchantId,
      currency: kit.currency,
      idempotency: { source: 'test-deposit', key: `deposit-${p.memberId}` },
      transfers: [
        {
          debit: { kind: 'house_deposit_clearing', subKey: 'BANK' },
          credit: { kind: 'member_main', memberId: p.memberId },
          amount: 10_000n,
          kind: 'deposit',
          reference: `deposit:test-${p.memberId}`,
        },
      ],
      nowMs: clock.nowMs,
    });
    const token = await insertTestSession(testApp.db, testApp.demoMerchantId, p.memberId, clock.nowMs);
    const remaining = async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: withdrawalPaths.withdrawSettings,
        headers: { Merchant: 'demo', Authorization: token },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value.turnover.remainingAmount as string;
    };
    expect(await remaining()).toBe('100.00');
    await ok(p, 'bet', { roundId: 'turn', amount: '30.00' });
    expect(await remaining()).toBe('100.00'); // an open round does not count yet
    await ok(p, 'win', { roundId: 'turn', amount: '10.00', roundClosed: true });
    expect(await remaining()).toBe('70.00');
  });
});
