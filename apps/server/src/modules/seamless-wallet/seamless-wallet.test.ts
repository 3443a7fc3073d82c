import { trialMemberType } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/index.ts';
import { houseVendorCode, signBody } from './signature.ts';
import {
  createVendorKit,
  houseSecret,
  otherSecret,
  otherVendor,
  type Player,
  type VendorKit,
} from './seamless-wallet.testing.ts';

let testApp: TestApp;
let clock = Date.UTC(2026, 0, 1, 12);
let currency = '';
let sequence = 0;
let kit: VendorKit;

beforeAll(async () => {
  testApp = await createTestApp({ HOUSE_VENDOR_SECRET: houseSecret }, { now: () => clock });
  kit = await createVendorKit(testApp, () => clock, 'vw');
  currency = kit.currency;
});
afterAll(() => testApp?.close());

const player: VendorKit['player'] = (...args) => kit.player(...args);
const body: VendorKit['body'] = (...args) => kit.body(...args);
const send: VendorKit['send'] = (...args) => kit.send(...args);
const expectOk: VendorKit['expectOk'] = (...args) => kit.expectOk(...args);
const expectError: VendorKit['expectError'] = (...args) => kit.expectError(...args);
const balanceOf: VendorKit['balanceOf'] = (...args) => kit.balanceOf(...args);

async function postingsOf(p: Player) {
  const row = await sql<{ n: string }>`
    SELECT count(*) AS n FROM ledger_transfer t JOIN ledger_account a ON a.id IN (t.debit_account_id, t.credit_account_id)
    WHERE a.member_id = ${p.memberId} AND t.kind LIKE 'vendor.%'`.execute(testApp.db);
  return Number(row.rows[0]!.n);
}

async function expectLedgerClean() {
  const report = await checkLedger(testApp.db);
  expect(report.differences).toEqual([]);
  expect(report.ok).toBe(true);
}

describe('balance', () => {
  test('the first call with the launch token answers the balance and the playerId', async () => {
    const p = await player(12_345n);
    const value = await expectOk(await send(p, 'balance', body(p, { playerId: '', amount: '0' })));
    expect(value).toEqual({ balance: '123.45', currency, transactionId: expect.any(String), playerId: p.playerId });
  });

  test('a trial member (isAgent 4) plays from the trial wallet', async () => {
    const p = await player(50_000n, { isAgent: trialMemberType });
    expect((await expectOk(await send(p, 'balance', body(p)))).balance).toBe('500.00');
    expect((await expectOk(await send(p, 'bet', body(p, { amount: '100.00' })))).balance).toBe('400.00');
    expect(await balanceOf(p, 'member_trial')).toBe(40_000n);
    expect(await balanceOf(p)).toBe(0n);
  });
});

describe('signature and timestamp', () => {
  test('unsigned, badly signed, signed with another secret or for another vendor: INVALID_SIGNATURE, nothing moves', async () => {
    const p = await player();
    const payload = body(p, { amount: '5.00' });
    await expectError(await send(p, 'bet', payload, { signature: null }), 'INVALID_SIGNATURE');
    await expectError(await send(p, 'bet', payload, { signature: 'zz' }), 'INVALID_SIGNATURE');
    await expectError(await send(p, 'bet', payload, { signature: '0'.repeat(64) }), 'INVALID_SIGNATURE');
    await expectError(await send(p, 'bet', payload, { secret: otherSecret }), 'INVALID_SIGNATURE');
    // Signed over other bytes than those sent (a re-serialised body).
    const raw = JSON.stringify(payload, null, 1);
    await expectError(
      await send(p, 'bet', payload, { raw, signature: signBody(houseSecret, JSON.stringify(payload)) }),
      'INVALID_SIGNATURE',
    );
    // An unknown vendor has no secret at all.
    await expectError(
      await send({ ...p, vendor: 'NOBODY' }, 'bet', payload, { secret: houseSecret }),
      'INVALID_SIGNATURE',
    );
    expect(await balanceOf(p)).toBe(10_000n);
    expect(await postingsOf(p)).toBe(0);
  });

  test('an outside vendor signs with its stored secret', async () => {
    const p = await player(10_000n, { vendor: otherVendor });
    expect((await expectOk(await send(p, 'bet', body(p, { amount: '2.50' })))).balance).toBe('97.50');
  });

  test('a timestamp more than 5 minutes off either way: STALE_REQUEST; within: accepted', async () => {
    const p = await player();
    await expectError(await send(p, 'bet', body(p, { timestamp: clock - 5 * 60_000 - 1 })), 'STALE_REQUEST');
    await expectError(await send(p, 'bet', body(p, { timestamp: clock + 5 * 60_000 + 1 })), 'STALE_REQUEST');
    expect(await balanceOf(p)).toBe(10_000n);
    await expectOk(await send(p, 'bet', body(p, { timestamp: clock - 5 * 60_000 })));
  });

  test('a body that is not the protocol: INVALID_REQUEST', async () => {
    const p = await player();
    await expectError(await send(p, 'bet', {}, { raw: '{not json' }), 'INVALID_REQUEST');
    await expectError(await send(p, 'bet', { ...body(p), amount: 5 }), 'INVALID_REQUEST');
    await expectError(await send(p, 'rollback', body(p)), 'INVALID_REQUEST'); // no referenceTransactionId
  });
});

describe('sessions and players', () => {
  test('an expired session: SESSION_EXPIRED for balance and bet, never for win or rollback', async () => {
    const p = await player(10_000n, { ttlMs: 60_000 });
    await expectOk(await send(p, 'bet', body(p, { roundId: 'x1', transactionId: 'exp-bet-1', amount: '10.00' })));
    await expectOk(await send(p, 'bet', body(p, { roundId: 'x2', transactionId: 'exp-bet-2', amount: '10.00' })));
    clock += 120_000;
    try {
      await expectError(await send(p, 'balance', body(p)), 'SESSION_EXPIRED');
      await expectError(await send(p, 'bet', body(p, { roundId: 'x3' })), 'SESSION_EXPIRED');
      expect(
        (await expectOk(await send(p, 'win', body(p, { roundId: 'x1', amount: '30.00', roundClosed: true })))).balance,
      ).toBe('110.00');
      const rolled = await expectOk(
        await send(p, 'rollback', body(p, { roundId: 'x2', referenceTransactionId: 'exp-bet-2', amount: '10.00' })),
      );
      expect(rolled.balance).toBe('120.00');
    } finally {
      clock -= 120_000;
    }
  });

  test('another member’s session token, an unknown token, another game or vendor: INVALID_SESSION, nothing moves', async () => {
    const a = await player();
    const b = await player();
    await expectError(await send(a, 'bet', body(a, { sessionToken: b.token })), 'INVALID_SESSION');
    await expectError(await send(a, 'balance', body(a, { sessionToken: b.token })), 'INVALID_SESSION');
    await expectError(await send(a, 'bet', body(a, { sessionToken: 'no-such-token' })), 'INVALID_SESSION');
    await expectError(await send(a, 'bet', body(a, { gameId: 'other-game' })), 'INVALID_SESSION');
    await expectError(await send(a, 'bet', body(a, { playerId: '' })), 'INVALID_SESSION');
    // A session of the house vendor used through another vendor's door.
    await expectError(await send({ ...a, vendor: otherVendor }, 'bet', body(a)), 'INVALID_SESSION');
    expect(await balanceOf(a)).toBe(10_000n);
    expect(await balanceOf(b)).toBe(10_000n);
    expect(await postingsOf(a)).toBe(0);
  });

  test('a locked or closed member: PLAYER_BLOCKED for balance and bet; a pending win is still paid', async () => {
    const p = await player();
    await expectOk(await send(p, 'bet', body(p, { roundId: 'blk', amount: '10.00' })));
    await sql`UPDATE member SET status = 'locked' WHERE id = ${p.memberId}`.execute(testApp.db);
    await expectError(await send(p, 'balance', body(p)), 'PLAYER_BLOCKED');
    await expectError(await send(p, 'bet', body(p, { roundId: 'blk2' })), 'PLAYER_BLOCKED');
    expect((await expectOk(await send(p, 'win', body(p, { roundId: 'blk', amount: '20.00' })))).balance).toBe('110.00');
  });

  test('another currency: INVALID_CURRENCY', async () => {
    const p = await player();
    await expectError(
      await send(p, 'bet', body(p, { currency: currency === 'USD' ? 'EUR' : 'USD' })),
      'INVALID_CURRENCY',
    );
  });
});

describe('amounts', () => {
  test('negative, zero for a bet, three decimals, exponent or garbage: INVALID_AMOUNT and the ledger unchanged', async () => {
    const p = await player();
    const before = await checkLedger(testApp.db);
    for (const amount of ['-1.00', '0', '0.00', '1.001', '1e2', '', ' 1.00', 'abc']) {
      await expectError(await send(p, 'bet', body(p, { amount })), 'INVALID_AMOUNT');
    }
    for (const amount of ['-5.00', '2.345']) {
      await expectError(await send(p, 'win', body(p, { amount })), 'INVALID_AMOUNT');
    }
    const after = await checkLedger(testApp.db);
    expect(after.transfers).toBe(before.transfers);
    expect(after.ok).toBe(true);
    expect(await balanceOf(p)).toBe(10_000n);
    expect(await postingsOf(p)).toBe(0);
  });

  test('a NUL in any text (round, transaction, fairness data): INVALID_REQUEST, nothing recorded', async () => {
    const p = await player();
    await expectError(await send(p, 'bet', body(p, { roundId: 'round\u0000one' })), 'INVALID_REQUEST');
    await expectError(await send(p, 'bet', body(p, { transactionId: 'tx\u0000' })), 'INVALID_REQUEST');
    await expectError(await send(p, 'bet', body(p, { roundDetails: { clientSeed: 'seed\u0000' } })), 'INVALID_REQUEST');
    expect(await balanceOf(p)).toBe(10_000n);
    expect(await postingsOf(p)).toBe(0);
  });

  test('more than the balance: INSUFFICIENT_FUNDS with the balance, nothing recorded; the same id may then succeed', async () => {
    const p = await player(500n);
    const payload = body(p, { amount: '5.01' });
    const refused = await expectError(await send(p, 'bet', payload), 'INSUFFICIENT_FUNDS');
    expect(refused.value).toEqual({ balance: '5.00', currency, transactionId: payload.transactionId });
    expect(await balanceOf(p)).toBe(500n);
    const fitting = await expectOk(await send(p, 'bet', { ...payload, amount: '5.00' }));
    expect(fitting.balance).toBe('0.00');
  });
});

describe('bet, win and rounds', () => {
  test('bet moves member_main → house_game (sub-key vendor), win moves it back; ROUND_CLOSED after the closing win', async () => {
    const p = await player(10_000n);
    expect((await expectOk(await send(p, 'bet', body(p, { roundId: 'r1', amount: '10.00' })))).balance).toBe('90.00');
    expect(
      (await expectOk(await send(p, 'win', body(p, { roundId: 'r1', amount: '25.50', roundClosed: true })))).balance,
    ).toBe('115.50');
    await expectError(await send(p, 'bet', body(p, { roundId: 'r1' })), 'ROUND_CLOSED');
    await expectError(await send(p, 'win', body(p, { roundId: 'r1' })), 'ROUND_CLOSED');
    const house = await sql<{ kind: string; sub_key: string; debit: string }>`
      SELECT a.kind, a.sub_key, t.kind AS debit FROM ledger_transfer t JOIN ledger_account a ON a.id = t.credit_account_id
      JOIN ledger_account m ON m.id = t.debit_account_id WHERE m.member_id = ${p.memberId} AND t.kind = 'vendor.bet'`.execute(
      testApp.db,
    );
    expect(house.rows).toEqual([{ kind: 'house_game', sub_key: houseVendorCode, debit: 'vendor.bet' }]);
    await expectLedgerClean();
  });

  test('a win of a round with no bet: TRANSACTION_NOT_FOUND', async () => {
    const p = await player();
    await expectError(await send(p, 'win', body(p, { roundId: 'never-bet', amount: '1.00' })), 'TRANSACTION_NOT_FOUND');
  });

  test('a rollback that names a win: TRANSACTION_NOT_FOUND', async () => {
    const p = await player();
    await expectOk(await send(p, 'bet', body(p, { roundId: 'rw', amount: '1.00' })));
    await expectOk(await send(p, 'win', body(p, { roundId: 'rw', transactionId: 'the-win', amount: '1.00' })));
    await expectError(
      await send(p, 'rollback', body(p, { roundId: 'rw', referenceTransactionId: 'the-win' })),
      'TRANSACTION_NOT_FOUND',
    );
  });

  test('100 parallel bets against one balance: never negative, exact end balance', async () => {
    const p = await player(5_000n); // 50.00: room for exactly 50 bets of 1.00
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        send(p, 'bet', body(p, { roundId: `par-${i}`, transactionId: `par-bet-${p.memberId}-${i}`, amount: '1.00' })),
      ),
    );
    const codes = responses.map((response) => (response.statusCode === 200 ? 'OK' : response.json().errorCode));
    expect(codes.filter((code) => code === 'OK')).toHaveLength(50);
    expect(codes.filter((code) => code === 'INSUFFICIENT_FUNDS')).toHaveLength(50);
    expect(await balanceOf(p)).toBe(0n);
    expect(await postingsOf(p)).toBe(50);
    await expectLedgerClean();
  });
});

describe('idempotency by (vendor, transactionId)', () => {
  const calls: Array<{
    call: 'bet' | 'win' | 'rollback';
    setup: (p: Player) => Promise<void>;
    payload: (p: Player) => Record<string, unknown>;
    delta: bigint;
  }> = [
    {
      call: 'bet',
      setup: async () => {},
      payload: (p) => body(p, { roundId: 'idem', transactionId: `ib-${p.memberId}`, amount: '7.00' }),
      delta: -700n,
    },
    {
      call: 'win',
      setup: async (p) => void (await expectOk(await send(p, 'bet', body(p, { roundId: 'idem', amount: '1.00' })))),
      payload: (p) => body(p, { roundId: 'idem', transactionId: `iw-${p.memberId}`, amount: '7.00' }),
      delta: 600n,
    },
    {
      call: 'rollback',
      setup: async (p) =>
        void (await expectOk(
          await send(p, 'bet', body(p, { roundId: 'idem', transactionId: `ref-${p.memberId}`, amount: '7.00' })),
        )),
      payload: (p) =>
        body(p, {
          roundId: 'idem',
          transactionId: `ir-${p.memberId}`,
          referenceTransactionId: `ref-${p.memberId}`,
          amount: '7.00',
        }),
      delta: 0n,
    },
  ];

  for (const { call, setup, payload, delta } of calls) {
    for (const mode of ['in a row', 'in parallel'] as const) {
      test(`${call} replayed 5 times ${mode}: one ledger effect, the same answer with the current balance`, async () => {
        const p = await player(10_000n);
        await setup(p);
        const first = payload(p);
        // Each copy is a new request (its own requestId and timestamp) for the same transaction.
        const copies = Array.from({ length: 5 }, () => ({ ...first, requestId: `copy-${++sequence}` }));
        const responses = mode === 'in a row' ? [] : await Promise.all(copies.map((copy) => send(p, call, copy)));
        if (mode === 'in a row') for (const copy of copies) responses.push(await send(p, call, copy));
        const values = await Promise.all(responses.map(expectOk));
        expect(new Set(values.map((value) => JSON.stringify(value))).size).toBe(1);
        expect(values[0]).toEqual({ balance: expect.any(String), currency, transactionId: first.transactionId });
        expect(await balanceOf(p)).toBe(10_000n + delta);
        expect(values[0]!.balance).toBe(
          ((10_000n + delta) / 100n).toString() + '.' + ((10_000n + delta) % 100n).toString().padStart(2, '0'),
        );
        const postings = await sql<{ n: string }>`
          SELECT count(*) AS n FROM ledger_posting WHERE source = ${`vendor:${p.vendor}`} AND idempotency_key = ${first.transactionId as string}`.execute(
          testApp.db,
        );
        expect(Number(postings.rows[0]!.n)).toBe(1);
        await expectLedgerClean();
      });
    }
  }

  test('a repeat answers the first answer with the CURRENT balance', async () => {
    const p = await player(10_000n);
    const first = body(p, { roundId: 'cur', amount: '10.00' });
    expect((await expectOk(await send(p, 'bet', first))).balance).toBe('90.00');
    await expectOk(await send(p, 'bet', body(p, { roundId: 'cur2', amount: '5.00' })));
    expect(await expectOk(await send(p, 'bet', { ...first, requestId: 'again' }))).toEqual({
      balance: '85.00',
      currency,
      transactionId: first.transactionId,
    });
  });

  test('the same transaction id with other data: DUPLICATE_TRANSACTION_DIFFERENT_DATA', async () => {
    const p = await player(10_000n);
    const first = body(p, { roundId: 'dup', amount: '10.00' });
    await expectOk(await send(p, 'bet', first));
    await expectError(await send(p, 'bet', { ...first, amount: '11.00' }), 'DUPLICATE_TRANSACTION_DIFFERENT_DATA');
    await expectError(await send(p, 'bet', { ...first, roundId: 'dup-other' }), 'DUPLICATE_TRANSACTION_DIFFERENT_DATA');
    await expectError(await send(p, 'win', { ...first }), 'DUPLICATE_TRANSACTION_DIFFERENT_DATA');
    expect(await balanceOf(p)).toBe(9_000n);
  });
});

describe('rollback', () => {
  test('after the bet: the bet is refunded once; a second rollback of it moves nothing', async () => {
    const p = await player(10_000n);
    await expectOk(await send(p, 'bet', body(p, { roundId: 'rb', transactionId: `b-${p.memberId}`, amount: '30.00' })));
    const rolled = await expectOk(
      await send(p, 'rollback', body(p, { roundId: 'rb', referenceTransactionId: `b-${p.memberId}`, amount: '30.00' })),
    );
    expect(rolled.balance).toBe('100.00');
    expect(
      (
        await expectOk(
          await send(
            p,
            'rollback',
            body(p, { roundId: 'rb', referenceTransactionId: `b-${p.memberId}`, amount: '30.00' }),
          ),
        )
      ).balance,
    ).toBe('100.00');
    expect(await balanceOf(p)).toBe(10_000n);
    await expectLedgerClean();
  });

  test('before the bet arrives: recorded and answered OK, then the late bet is refused (TRANSACTION_CANCELLED)', async () => {
    const p = await player(10_000n);
    const betId = `late-${p.memberId}`;
    const rolled = await expectOk(
      await send(p, 'rollback', body(p, { roundId: 'late', referenceTransactionId: betId, amount: '30.00' })),
    );
    expect(rolled.balance).toBe('100.00');
    await expectError(
      await send(p, 'bet', body(p, { roundId: 'late', transactionId: betId, amount: '30.00' })),
      'TRANSACTION_CANCELLED',
    );
    expect(await balanceOf(p)).toBe(10_000n);
    expect(await postingsOf(p)).toBe(0);
  });

  test('a rollback racing its bet: the money ends where it started, whichever wins', async () => {
    const p = await player(10_000n);
    const betId = `race-${p.memberId}`;
    await Promise.all([
      send(p, 'bet', body(p, { roundId: 'race', transactionId: betId, amount: '30.00' })),
      send(p, 'rollback', body(p, { roundId: 'race', referenceTransactionId: betId, amount: '30.00' })),
    ]);
    expect(await balanceOf(p)).toBe(10_000n);
    await expectLedgerClean();
  });

  test('after the round’s win: refused with ROUND_CLOSED, money unchanged', async () => {
    const p = await player(10_000n);
    const betId = `won-${p.memberId}`;
    await expectOk(await send(p, 'bet', body(p, { roundId: 'won', transactionId: betId, amount: '10.00' })));
    await expectOk(await send(p, 'win', body(p, { roundId: 'won', amount: '20.00' })));
    await expectError(
      await send(p, 'rollback', body(p, { roundId: 'won', referenceTransactionId: betId, amount: '10.00' })),
      'ROUND_CLOSED',
    );
    expect(await balanceOf(p)).toBe(11_000n);
  });

  test('a rollback of another member’s bet: INVALID_SESSION', async () => {
    const a = await player(10_000n);
    const b = await player(10_000n);
    const betId = `theirs-${a.memberId}`;
    await expectOk(
      await send(a, 'bet', body(a, { roundId: `own-${a.memberId}`, transactionId: betId, amount: '10.00' })),
    );
    await expectError(
      await send(b, 'rollback', body(b, { referenceTransactionId: betId, amount: '10.00' })),
      'INVALID_SESSION',
    );
    expect(await balanceOf(a)).toBe(9_000n);
    expect(await balanceOf(b)).toBe(10_000n);
  });
});
