import { randomUUID } from 'node:crypto';
import { trialMemberType, type VendorWalletErrorCode } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { balanceNoticesFor, checkLedger, postTransfers } from '../ledger/index.ts';
import pg from 'pg';
import { hashSessionToken } from './game-sessions.ts';
import { playBatcherFor, type PlayOutcome } from './play-batcher.ts';
import type { PlayCall } from './play-call.ts';
import {
  createVendorKit,
  houseSecret,
  type Player,
  type PlayerOptions,
  type VendorKit,
} from './seamless-wallet.testing.ts';

let testApp: TestApp;
const clock = Date.UTC(2026, 0, 1, 12);
let kit: VendorKit;

beforeAll(async () => {
  testApp = await createTestApp({ HOUSE_VENDOR_SECRET: houseSecret }, { now: () => clock });
  kit = await createVendorKit(testApp, () => clock, 'pb');
});
afterAll(() => testApp?.close());

function bet(p: Player, transactionId: string, amountMinor: string | null): PlayCall {
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
    amountMinor,
    roundClosed: null,
    requestHash: `hash-${transactionId}-${amountMinor}`,
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
  const failedBefore = batcher.stats.fallbacks.statement_failed;
  const settled = await Promise.allSettled(calls.map((call) => batcher.play(call)));

  expect(settled[7]!.status).toBe('rejected');
  expect((settled[7] as PromiseRejectedResult).reason).toMatchObject({ code: '22007' });
  expect(batcher.stats.fallbacks.statement_failed - failedBefore).toBeGreaterThanOrEqual(1);
  expect(settled.filter((result) => result.status === 'fulfilled' && result.value.ok)).toHaveLength(11);
  expect(await kit.balanceOf(p)).toBe(10_000n - 11n * 100n);
  expect((await checkLedger(testApp.db)).ok).toBe(true);
});

function win(p: Player, transactionId: string, roundId: string, amountMinor: string): PlayCall {
  return {
    ...bet(p, transactionId, amountMinor),
    call: 'win',
    roundId,
    roundClosed: true,
    requestHash: `hash-win-${transactionId}`,
  };
}

/**
 * The call through `vendor_wallet_play` itself, the one-by-one path every rule is written in, as its
 * own statement: a refusal (SQLSTATE LW001, or the ledger's key) undoes it and becomes the answer.
 */
async function playOneByOne(call: PlayCall): Promise<PlayOutcome> {
  try {
    return await playOneByOneOrThrow(call);
  } catch (error) {
    const { code, message, detail, constraint } = error as {
      code?: string;
      message: string;
      detail?: string;
      constraint?: string;
    };
    if (code === 'LW001') return { ok: false, refusal: message as VendorWalletErrorCode, detail: detail || null };
    if (code === '23505' && constraint === 'ledger_posting_idempotency_key') {
      return { ok: false, refusal: 'DUPLICATE_TRANSACTION_DIFFERENT_DATA', detail: null };
    }
    throw error;
  }
}

async function playOneByOneOrThrow(call: PlayCall): Promise<PlayOutcome> {
  const { rows } = await sql<{ balance: bigint; replayed: boolean }>`
    SELECT balance, replayed FROM vendor_wallet_play(${call.call}, ${call.vendor}, NULL, ${call.tokenHash}, ${call.playerId}, ${call.gameId},
      ${call.currency}, ${call.roundId}, ${call.transactionId}, ${call.amountMinor}::bigint, ${call.roundClosed}::boolean, ${call.requestHash},
      ${call.fairness === null ? null : JSON.stringify(call.fairness)}::jsonb, ${call.countFairness}, ${call.now}::timestamptz)`.execute(
    testApp.db,
  );
  return { ok: true, balance: rows[0]!.balance, replayed: rows[0]!.replayed };
}

/** What a call wrote, without the columns that name the member, the transaction or a generated id. */
async function writtenFor(p: Player) {
  const records = await testApp.db
    .selectFrom('bet_record')
    .select([
      'round_id',
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
      'updated_at',
    ])
    .where('member_id', '=', p.memberId)
    .orderBy('round_id')
    .execute();
  const transactions = await testApp.db
    .selectFrom('vendor_transaction')
    .select([
      'kind',
      'round_id',
      'amount',
      'status',
      'created_at',
      sql<boolean>`posting_id IS NOT NULL`.as('posted'),
      sql<string>`answer->>'currency'`.as('currency'),
    ])
    .where('member_id', '=', p.memberId)
    .orderBy('created_at')
    .orderBy('kind')
    .execute();
  const transfers = await testApp.db
    .selectFrom('ledger_transfer as t')
    .innerJoin('ledger_account as a', (join) =>
      join.on((eb) =>
        eb.or([eb('a.id', '=', eb.ref('t.debit_account_id')), eb('a.id', '=', eb.ref('t.credit_account_id'))]),
      ),
    )
    .select(['t.amount', 't.kind', 't.reference', 't.debit_balance_after', 't.credit_balance_after', 't.created_at'])
    .where('a.member_id', '=', p.memberId)
    .where('t.kind', 'like', 'vendor.%')
    .orderBy('t.id')
    .execute();
  const rounds = await testApp.db
    .selectFrom('vendor_round')
    .select(['round_id', 'status', 'has_win', 'created_at', 'closed_at'])
    .where('member_id', '=', p.memberId)
    .orderBy('round_id')
    .execute();
  const turnover = await testApp.db
    .selectFrom('member_turnover')
    .select('wagered_amount')
    .where('member_id', '=', p.memberId)
    .executeTakeFirst();
  return {
    records,
    transactions,
    transfers,
    rounds,
    turnover: turnover?.wagered_amount ?? null,
    balance: await kit.balanceOf(p),
    trialBalance: await kit.balanceOf(p, 'member_trial'),
  };
}

/**
 * One case of the table below: the same members (`setUp`), the same calls before (`before`, each
 * through the batcher, or a rollback through the protocol), then the call under test (`call`), sent
 * for one member through the batcher (the set path when it qualifies) and for its twin through
 * `vendor_wallet_play` alone. Both must answer the same and write the same rows.
 */
interface SetPathCase {
  name: string;
  balance?: bigint;
  options?: PlayerOptions;
  /** Before the calls: e.g. the member blocked. */
  setUp?: (p: Player) => Promise<void>;
  before?: (p: Player, tag: string) => Array<PlayCall | { rollback: string; roundId: string; amount: string }>;
  call: (p: Player, tag: string) => PlayCall;
  /** Whether the batcher answers the call on the set path (else it goes one by one there too). */
  setPath: boolean;
  answer: PlayOutcome | { ok: true; replayed: boolean };
}

const fairness = { serverSeedHash: 'abc', clientSeed: 'seed', nonce: 3 };
const later = new Date(clock + 60_000).toISOString();

const setPathCases: SetPathCase[] = [
  // Refusals first: the set path must leave them to the one-by-one path, which writes nothing.
  {
    name: 'insufficient funds',
    balance: 100n,
    call: (p, tag) => bet(p, `${tag}-bet`, '500'),
    setPath: false,
    answer: { ok: false, refusal: 'INSUFFICIENT_FUNDS', detail: '100' },
  },
  {
    name: 'duplicate with different data',
    before: (p, tag) => [{ ...bet(p, `${tag}-bet`, '100'), roundId: 'case-duplicate' }],
    call: (p, tag) => ({ ...bet(p, `${tag}-bet`, '200'), roundId: 'case-duplicate' }),
    setPath: false,
    answer: { ok: false, refusal: 'DUPLICATE_TRANSACTION_DIFFERENT_DATA', detail: null },
  },
  {
    name: 'closed round',
    before: (p, tag) => [
      { ...bet(p, `${tag}-bet`, '100'), roundId: 'case-closed' },
      win(p, `${tag}-win`, 'case-closed', '0'),
    ],
    call: (p, tag) => ({ ...bet(p, `${tag}-again`, '100'), roundId: 'case-closed' }),
    setPath: false,
    answer: { ok: false, refusal: 'ROUND_CLOSED', detail: null },
  },
  {
    name: 'blocked player: the bet is refused',
    setUp: async (p) => {
      await sql`UPDATE member SET status = 'locked' WHERE id = ${p.memberId}`.execute(testApp.db);
    },
    call: (p, tag) => bet(p, `${tag}-bet`, '100'),
    setPath: false,
    answer: { ok: false, refusal: 'PLAYER_BLOCKED', detail: null },
  },
  {
    name: 'expired session: the bet is refused',
    options: { ttlMs: 1 },
    call: (p, tag) => ({ ...bet(p, `${tag}-bet`, '100'), now: later }),
    setPath: false,
    answer: { ok: false, refusal: 'SESSION_EXPIRED', detail: null },
  },
  {
    name: 'a bet whose transaction was rolled back before it arrived',
    before: (_, tag) => [{ rollback: `${tag}-bet`, roundId: 'case-cancelled', amount: '1.00' }],
    call: (p, tag) => ({ ...bet(p, `${tag}-bet`, '100'), roundId: 'case-cancelled' }),
    setPath: false,
    answer: { ok: false, refusal: 'TRANSACTION_CANCELLED', detail: null },
  },
  {
    name: 'replay',
    before: (p, tag) => [{ ...bet(p, `${tag}-bet`, '100'), roundId: 'case-replay' }],
    call: (p, tag) => ({ ...bet(p, `${tag}-bet`, '100'), roundId: 'case-replay' }),
    setPath: false,
    answer: { ok: true, balance: 9_900n, replayed: true },
  },
  // Successes: the set path answers them.
  {
    name: 'bet',
    call: (p, tag) => ({ ...bet(p, `${tag}-bet`, '250'), roundId: 'case-bet', fairness, countFairness: true }),
    setPath: true,
    answer: { ok: true, balance: 9_750n, replayed: false },
  },
  {
    name: 'win 0, closing the round',
    before: (p, tag) => [{ ...bet(p, `${tag}-bet`, '100'), roundId: 'case-win-0' }],
    call: (p, tag) => win(p, `${tag}-win`, 'case-win-0', '0'),
    setPath: true,
    answer: { ok: true, balance: 9_900n, replayed: false },
  },
  {
    name: 'win, closing the round (its record settles and counts in the turnover)',
    before: (p, tag) => [{ ...bet(p, `${tag}-bet`, '250'), roundId: 'case-win', fairness, countFairness: true }],
    call: (p, tag) => ({
      ...win(p, `${tag}-win`, 'case-win', '400'),
      fairness: { ...fairness, serverSeed: 's' },
      countFairness: true,
    }),
    setPath: true,
    answer: { ok: true, balance: 10_150n, replayed: false },
  },
  {
    name: 'win that leaves the round open',
    before: (p, tag) => [{ ...bet(p, `${tag}-bet`, '250'), roundId: 'case-win-open' }],
    call: (p, tag) => ({ ...win(p, `${tag}-win`, 'case-win-open', '100'), roundClosed: null }),
    setPath: true,
    answer: { ok: true, balance: 9_850n, replayed: false },
  },
  {
    name: 'rollback: a bet in a round whose earlier bet was rolled back',
    before: (p, tag) => [
      { ...bet(p, `${tag}-bet`, '300'), roundId: 'case-rollback' },
      { rollback: `${tag}-bet`, roundId: 'case-rollback', amount: '3.00' },
    ],
    call: (p, tag) => ({ ...bet(p, `${tag}-again`, '100'), roundId: 'case-rollback' }),
    setPath: true,
    answer: { ok: true, balance: 9_900n, replayed: false },
  },
  {
    name: 'blocked player: a pending win is still paid',
    before: (p, tag) => [{ ...bet(p, `${tag}-bet`, '100'), roundId: 'case-blocked-win' }],
    setUp: async (p) => {
      await sql`UPDATE member SET status = 'locked' WHERE id = ${p.memberId}`.execute(testApp.db);
    },
    call: (p, tag) => win(p, `${tag}-win`, 'case-blocked-win', '300'),
    setPath: true,
    answer: { ok: true, balance: 10_200n, replayed: false },
  },
  {
    name: 'expired session: a pending win is still paid',
    options: { ttlMs: 1 },
    before: (p, tag) => [{ ...bet(p, `${tag}-bet`, '100'), roundId: 'case-expired-win' }],
    call: (p, tag) => ({ ...win(p, `${tag}-win`, 'case-expired-win', '300'), now: later }),
    setPath: true,
    answer: { ok: true, balance: 10_200n, replayed: false },
  },
  {
    name: 'trial member (its own wallet, no turnover)',
    options: { isAgent: trialMemberType },
    before: (p, tag) => [{ ...bet(p, `${tag}-bet`, '100'), roundId: 'case-trial' }],
    call: (p, tag) => win(p, `${tag}-win`, 'case-trial', '300'),
    setPath: true,
    answer: { ok: true, balance: 10_200n, replayed: false },
  },
];

describe('the set path writes exactly what the one-by-one path writes', () => {
  beforeAll(async () => {
    // Makes the house's game account, which the set path only uses.
    await playBatcherFor(testApp.db).play(bet(await kit.player(1_000n), 'set-warm-up', '100'));
  });

  test.each(setPathCases)('$name', async (c) => {
    const batcher = playBatcherFor(testApp.db);
    const [quick, slow] = [
      await kit.player(c.balance ?? 10_000n, c.options),
      await kit.player(c.balance ?? 10_000n, c.options),
    ];
    const tags = new Map([
      [quick, `quick-${quick.memberId}`],
      [slow, `slow-${slow.memberId}`],
    ]);
    for (const [p, tag] of tags) {
      for (const step of c.before?.(p, tag) ?? []) {
        if ('rollback' in step) {
          const body = kit.body(p, {
            roundId: step.roundId,
            referenceTransactionId: step.rollback,
            amount: step.amount,
          });
          await kit.expectOk(await kit.send(p, 'rollback', body));
        } else {
          expect((await batcher.play(step)).ok, step.transactionId).toBe(true);
        }
      }
      await c.setUp?.(p);
    }

    const setPathBefore = batcher.stats.setPathCalls;
    const quickAnswer = await batcher.play(c.call(quick, tags.get(quick)!));
    expect(batcher.stats.setPathCalls - setPathBefore, 'answered by the set path').toBe(c.setPath ? 1 : 0);
    const slowAnswer = await playOneByOne(c.call(slow, tags.get(slow)!));

    expect(quickAnswer).toEqual(
      c.answer.ok && !('balance' in c.answer) ? { ...c.answer, balance: expect.any(BigInt) } : c.answer,
    );
    expect(slowAnswer).toEqual(quickAnswer);
    const written = await writtenFor(quick);
    expect(await writtenFor(slow)).toEqual(written);
    if (c.options?.isAgent === trialMemberType) {
      expect(written.turnover).toBeNull();
      expect(written.trialBalance).toBe(10_200n);
    }
    expect((await checkLedger(testApp.db)).ok).toBe(true);
  });
});

test('a repeat sent with new calls goes one by one; the new calls stay on the set path', async () => {
  const batcher = playBatcherFor(testApp.db);
  const players = await Promise.all(Array.from({ length: 6 }, () => kit.player(1_000n)));
  await batcher.play(bet(players[5]!, 'repeat-first', '100'));
  const before = batcher.stats.setPathCalls;
  const outcomes = await Promise.all([
    ...players.slice(0, 5).map((p, index) => batcher.play(bet(p, `repeat-new-${index}`, '100'))),
    batcher.play(bet(players[5]!, 'repeat-first', '100')),
  ]);

  expect(outcomes.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => ({ ok: true, balance: 900n, replayed: false })));
  expect(outcomes[5]).toEqual({ ok: true, balance: 900n, replayed: true });
  expect(batcher.stats.setPathCalls - before).toBe(5);
  expect(await kit.balanceOf(players[5]!)).toBe(900n);
});

test('a balance that falls while the set path waits for its lock: the set path is undone and the call refused as alone', async () => {
  const batcher = playBatcherFor(testApp.db);
  const p = await kit.player(1_000n);
  const before = batcher.stats.setPathCalls;
  const fallbacksBefore = { ...batcher.stats.fallbacks };
  let outcome: Promise<unknown> | undefined;
  await testApp.db.transaction().execute(async (trx) => {
    // Takes 9.50 of the member's 10.00 and holds the account's row until the bet below waits for it.
    await postTransfers(trx, {
      merchantId: testApp.demoMerchantId,
      currency: kit.currency,
      idempotency: { source: 'test', key: `race-${p.memberId}` },
      transfers: [
        {
          debit: { kind: 'member_main', memberId: p.memberId },
          credit: { kind: 'house_adjustment' },
          amount: 950n,
          kind: 'adjustment',
          reference: 'test',
        },
      ],
      nowMs: clock,
    });
    outcome = batcher.play({ ...bet(p, 'race-bet', '500'), roundId: 'race-round' });
    await waitForLockWait();
  });

  expect(await outcome).toEqual({ ok: false, refusal: 'INSUFFICIENT_FUNDS', detail: '50' });
  expect(batcher.stats.setPathCalls - before).toBe(0);
  // Counted by its reason, and only by it, in /metrics.
  expect(batcher.stats.fallbacks).toEqual({ ...fallbacksBefore, balance_fell: fallbacksBefore.balance_fell + 1 });
  const metrics = await testApp.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(metrics.body).toContain(
    `seamless_wallet_set_path_fallbacks_total{reason="balance_fell"} ${batcher.stats.fallbacks.balance_fell}`,
  );
  expect(metrics.body).toContain('seamless_wallet_set_path_fallbacks_total{reason="deadlock"} 0');
  expect(await kit.balanceOf(p)).toBe(50n);
  const leftovers = await sql<{ count: string }>`
    SELECT (SELECT count(*) FROM vendor_transaction WHERE transaction_id = 'race-bet')
         + (SELECT count(*) FROM vendor_round WHERE round_id = 'race-round') AS count`.execute(testApp.db);
  expect(Number(leftovers.rows[0]!.count)).toBe(0);
  expect((await checkLedger(testApp.db)).ok).toBe(true);
});

/** Until a statement of the batcher waits for a row lock (at most 10 s). */
async function waitForLockWait() {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { rows } = await sql<{ waiting: string }>`
      SELECT count(*) AS waiting FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND query LIKE '%vendor_wallet_play_batch%' AND pid <> pg_backend_pid()`.execute(
      testApp.db,
    );
    if (Number(rows[0]!.waiting) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the batch never waited for the lock');
}

test('a bet through the group commit reaches the balance listeners after its commit; a refused one does not', async () => {
  const listener = new pg.Client({ connectionString: testApp.database.connectionString });
  const heard: string[] = [];
  await listener.connect();
  listener.on('notification', (message) => heard.push(message.payload ?? ''));
  await listener.query('LISTEN balance_change');
  const drained = async () => {
    const marker = `marker-${randomUUID()}`;
    await sql`SELECT pg_notify('balance_change', ${marker})`.execute(testApp.db);
    for (let tries = 0; tries < 200 && !heard.includes(marker); tries += 1) await new Promise((r) => setTimeout(r, 10));
    heard.splice(heard.indexOf(marker), 1);
  };
  const player = await kit.player(500n);
  const broke = await kit.player(0n);
  await drained();
  heard.length = 0;
  const batcher = playBatcherFor(testApp.db);
  const [paid, refused] = await Promise.all([
    batcher.play(bet(player, 'bn-bet-1', '100')),
    batcher.play(bet(broke, 'bn-bet-2', '100')),
  ]);
  expect(paid.ok).toBe(true);
  expect(refused.ok).toBe(false);
  await balanceNoticesFor(testApp.db).settled();
  await drained();
  expect(heard).toEqual([`${testApp.demoMerchantId}:${player.memberId}`]);
  await listener.end();
});
