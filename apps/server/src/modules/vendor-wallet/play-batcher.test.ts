import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/index.ts';
import { hashSessionToken } from './game-sessions.ts';
import { playBatcherFor, type PlayCall } from './play-batcher.ts';
import { createVendorKit, houseSecret, type Player, type VendorKit } from './vendor-wallet.testing.ts';

let testApp: TestApp;
const clock = Date.UTC(2026, 0, 1, 12);
let kit: VendorKit;

beforeAll(async () => {
  testApp = await createTestApp({ HOUSE_VENDOR_SECRET: houseSecret }, { now: () => clock });
  kit = await createVendorKit(testApp, () => clock, 'pb');
});
afterAll(() => testApp?.close());

function bet(p: Player, transactionId: string, amount: string): PlayCall {
  return {
    call: 'bet',
    vendor: p.vendor,
    merchants: null,
    tokenHash: hashSessionToken(p.token),
    playerId: p.playerId,
    gameId: p.gameId,
    currency: kit.currency,
    roundId: `round-${transactionId}`,
    transactionId,
    amount,
    roundClosed: null,
    requestHash: `hash-${transactionId}-${amount}`,
    fairness: null,
    countFairness: false,
    now: new Date(clock).toISOString(),
  };
}

test('calls sent together share statements, and each gets the answer it would get alone', async () => {
  const batcher = playBatcherFor(testApp.db);
  const before = { ...batcher.stats };
  const rich = await kit.player(100_000n);
  const poor = await kit.player(150n);
  // 30 bets of 1.00 for one member, and for another three bets of 1.00 against 1.50, interleaved
  // with a replay of one transaction and a bet under an unknown session, all sent in the same tick.
  const calls = [
    ...Array.from({ length: 30 }, (_, index) => bet(rich, `rich-${index}`, '100')),
    bet(poor, 'poor-1', '100'),
    bet(poor, 'poor-2', '100'),
    bet(rich, 'rich-0', '100'),
    { ...bet(rich, 'stranger', '100'), tokenHash: hashSessionToken('not a session') },
  ];
  const outcomes = await Promise.all(calls.map((call) => batcher.play(call)));

  expect(batcher.stats.calls - before.calls).toBe(calls.length);
  expect(batcher.stats.statements - before.statements).toBeLessThan(calls.length);
  expect(outcomes.slice(0, 30).every((outcome) => outcome.ok && !outcome.replayed)).toBe(true);
  expect(outcomes[30]).toEqual({ ok: true, balance: 50n, replayed: false });
  expect(outcomes[31]).toEqual({ ok: false, refusal: 'INSUFFICIENT_FUNDS', detail: '50' });
  expect(outcomes[32]).toEqual({ ok: true, balance: expect.any(BigInt), replayed: true });
  expect(outcomes[33]).toEqual({ ok: false, refusal: 'INVALID_SESSION', detail: null });
  expect(await kit.balanceOf(rich)).toBe(97_000n);
  expect(await kit.balanceOf(poor)).toBe(50n);
  expect((await checkLedger(testApp.db)).ok).toBe(true);
});

test('a call that breaks its whole statement fails alone: the others of its group are run again and answered', async () => {
  const batcher = playBatcherFor(testApp.db);
  const p = await kit.player(10_000n);
  const calls = Array.from({ length: 12 }, (_, index) => bet(p, `fault-${index}`, '100'));
  // Not a time: the cast fails inside the statement, which is not a refusal of the protocol.
  calls[7] = { ...calls[7]!, now: 'not a time' };
  const settled = await Promise.allSettled(calls.map((call) => batcher.play(call)));

  expect(settled[7]!.status).toBe('rejected');
  expect(settled.filter((result) => result.status === 'fulfilled' && result.value.ok)).toHaveLength(11);
  expect(await kit.balanceOf(p)).toBe(10_000n - 11n * 100n);
  expect((await checkLedger(testApp.db)).ok).toBe(true);
});
