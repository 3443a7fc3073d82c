import { randomUUID } from 'node:crypto';
import {
  adminApiPaths,
  launchPaths,
  walletTransferResultSchema,
  withdrawalPaths,
  type HistoryEntry,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPlatformWithHouse, type PlatformWithHouse } from '../../testing/house-games.ts';
import { fundedTestMember, insertTestSession } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { postTransfers } from '../ledger/index.ts';
import { VendorRefusal, type TransferVendorClient } from '../transfer-wallet/index.ts';
import { createVendorKit, houseSecret } from '../seamless-wallet/seamless-wallet.testing.ts';
import {
  createWithdrawalKit,
  freshKey,
  type WithdrawalKit,
  type WithdrawalTestMember,
} from '../withdrawal/withdrawal.testing.ts';

/**
 * ODSFE2_MemTransDet and ODSFE2_MemPNLDet over one member's known story: a deposit, a withdrawal
 * rejected, a withdrawal paid, an adjustment and a wallet transfer, an hour apart each.
 */
let kit: WithdrawalKit;
let member: WithdrawalTestMember;
const hourMs = 60 * 60_000;
let startMs = 0;
let rejectedId = 0;
let paidId = 0;

async function operatorPost(path: string, body: Record<string, unknown>): Promise<void> {
  const operator = await kit.newOperator();
  const response = await kit.operatorCall(operator, 'POST', path, body);
  expect(response.statusCode, response.body).toBe(200);
}

async function nextHour(): Promise<void> {
  kit.clock.nowMs += hourMs;
  await kit.newToken(member);
}

beforeAll(async () => {
  kit = await createWithdrawalKit();
  member = await kit.newMember();
  startMs = kit.clock.nowMs;
  await kit.deposit(member.id, '1000.00'); // hour 0
  await kit.wager(member.id, '1000.00');
  await nextHour();
  rejectedId = await kit.pendingWithdrawal(member, '300.00'); // hour 1
  await nextHour();
  await operatorPost(withdrawalPaths.adminReject, { withdrawalId: rejectedId, reason: 'Wrong account' }); // hour 2
  await nextHour();
  paidId = await kit.pendingWithdrawal(member, '200.00'); // hour 3
  await nextHour();
  await operatorPost(withdrawalPaths.adminApprove, { withdrawalId: paidId, payoutReference: 'FT-HISTORY-1' }); // hour 4
  await nextHour();
  await postTransfers(kit.db, {
    merchantId: kit.merchantId,
    currency: 'THB',
    idempotency: { source: 'test-operator', key: freshKey() },
    transfers: [
      {
        debit: { kind: 'house_adjustment' },
        credit: { kind: 'member_main', memberId: member.id },
        amount: 5_000n,
        kind: 'adjustment',
        reference: 'adjustment:goodwill',
      },
    ],
    nowMs: kit.clock.nowMs,
  }); // hour 5
  await nextHour();
  await postTransfers(kit.db, {
    merchantId: kit.merchantId,
    currency: 'THB',
    idempotency: { source: 'test-wallet', key: freshKey() },
    transfers: [
      {
        debit: { kind: 'member_main', memberId: member.id },
        credit: { kind: 'member_vendor', memberId: member.id, subKey: 'HOUSE' },
        amount: 10_000n,
        kind: 'wallet.transfer',
        reference: 'transfer:1',
      },
    ],
    nowMs: kit.clock.nowMs,
  }); // hour 6
});
afterAll(async () => {
  await kit?.close();
});

function history(query: Record<string, string | number> = {}, method: 'GET' | 'POST' = 'GET', token = member.token) {
  if (method === 'POST') return kit.send('POST', withdrawalPaths.transactionHistory, query, { token });
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
  return kit.send('GET', `${withdrawalPaths.transactionHistory}${search ? `?${search}` : ''}`, undefined, { token });
}

const at = (hour: number) => startMs + hour * hourMs;
/** The story, newest first; within one transfer the side leaving a wallet comes first. */
const expectedStory = () => [
  {
    type: 'transfer',
    amount: '-100.00',
    balanceAfter: '750.00',
    wallet: 'main',
    walletVendorName: null,
    status: null,
    reference: 'transfer:1',
    game: null,
    detail: null,
    time: at(6),
  },
  {
    type: 'transfer',
    amount: '100.00',
    balanceAfter: '100.00',
    wallet: 'vendor:HOUSE',
    walletVendorName: 'HOUSE',
    status: null,
    reference: 'transfer:1',
    game: null,
    detail: null,
    time: at(6),
  },
  {
    type: 'adjustment',
    amount: '50.00',
    balanceAfter: '850.00',
    wallet: 'main',
    walletVendorName: null,
    status: null,
    reference: 'adjustment:goodwill',
    game: null,
    detail: null,
    time: at(5),
  },
  {
    type: 'withdrawal_payout',
    amount: '-200.00',
    balanceAfter: '0.00',
    wallet: 'held',
    walletVendorName: null,
    status: 'approved',
    reference: `withdrawal:${paidId}`,
    game: null,
    detail: { kind: 'withdrawal', withdrawalId: paidId, isFee: false },
    time: at(4),
  },
  {
    type: 'withdrawal',
    amount: '-200.00',
    balanceAfter: '800.00',
    wallet: 'main',
    walletVendorName: null,
    status: 'approved',
    reference: `withdrawal:${paidId}`,
    game: null,
    detail: { kind: 'withdrawal', withdrawalId: paidId, isFee: false },
    time: at(3),
  },
  {
    type: 'withdrawal',
    amount: '200.00',
    balanceAfter: '200.00',
    wallet: 'held',
    walletVendorName: null,
    status: 'approved',
    reference: `withdrawal:${paidId}`,
    game: null,
    detail: { kind: 'withdrawal', withdrawalId: paidId, isFee: false },
    time: at(3),
  },
  {
    type: 'withdrawal_release',
    amount: '-300.00',
    balanceAfter: '0.00',
    wallet: 'held',
    walletVendorName: null,
    status: 'rejected',
    reference: `withdrawal:${rejectedId}`,
    game: null,
    detail: { kind: 'withdrawal', withdrawalId: rejectedId, isFee: false },
    time: at(2),
  },
  {
    type: 'withdrawal_release',
    amount: '300.00',
    balanceAfter: '1000.00',
    wallet: 'main',
    walletVendorName: null,
    status: 'rejected',
    reference: `withdrawal:${rejectedId}`,
    game: null,
    detail: { kind: 'withdrawal', withdrawalId: rejectedId, isFee: false },
    time: at(2),
  },
  {
    type: 'withdrawal',
    amount: '-300.00',
    balanceAfter: '700.00',
    wallet: 'main',
    walletVendorName: null,
    status: 'rejected',
    reference: `withdrawal:${rejectedId}`,
    game: null,
    detail: { kind: 'withdrawal', withdrawalId: rejectedId, isFee: false },
    time: at(1),
  },
  {
    type: 'withdrawal',
    amount: '300.00',
    balanceAfter: '300.00',
    wallet: 'held',
    walletVendorName: null,
    status: 'rejected',
    reference: `withdrawal:${rejectedId}`,
    game: null,
    detail: { kind: 'withdrawal', withdrawalId: rejectedId, isFee: false },
    time: at(1),
  },
  {
    type: 'deposit',
    amount: '1000.00',
    balanceAfter: '1000.00',
    wallet: 'main',
    walletVendorName: null,
    status: null,
    reference: expect.stringMatching(/^deposit:/),
    game: null,
    detail: null,
    time: at(0),
  },
];

function withoutIds(entries: HistoryEntry[]) {
  return entries.map(({ transactionId: _id, ...rest }) => rest);
}

describe('GET and POST /wps/relay/ODSFE2_MemTransDet', () => {
  test('lists exactly the ledger movements of the member, signed, with the balance after each and the record’s status', async () => {
    const response = await history();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const value = response.json().value;
    expect(withoutIds(value.content)).toEqual(expectedStory());
    expect(value).toMatchObject({ pageNo: 1, pageSize: 20, totalElements: 11, totalPages: 1 });

    // The same set the ledger holds: one entry per side of a transfer that is one of the member's accounts.
    const { rows } = await sql<{ id: bigint; side: string }>`
      SELECT t.id, 'debit' AS side FROM ledger_transfer t JOIN ledger_account a ON a.id = t.debit_account_id WHERE a.member_id = ${member.id}
      UNION ALL
      SELECT t.id, 'credit' FROM ledger_transfer t JOIN ledger_account a ON a.id = t.credit_account_id WHERE a.member_id = ${member.id}`.execute(
      kit.db,
    );
    expect(value.content.map((entry: HistoryEntry) => entry.transactionId).sort()).toEqual(
      rows.map((row) => Number(row.id)).sort(),
    );
  });

  test('POST with the same query in the body answers the same', async () => {
    const [get, post] = await Promise.all([history({ pageSize: 5 }), history({ pageSize: 5 }, 'POST')]);
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual(get.json());
  });

  test('paging: pages of 4 put together are the whole list, in order', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((pageNo) => history({ pageNo, pageSize: 4 })));
    const values = pages.map((page) => page.json().value);
    expect(values.map((value) => value.content.length)).toEqual([4, 4, 3, 0]);
    expect(values[0]).toMatchObject({ pageNo: 1, pageSize: 4, totalElements: 11, totalPages: 3 });
    expect(withoutIds(values.flatMap((value) => value.content))).toEqual(expectedStory());
  });

  test.each([
    ['withdrawal', 4],
    ['withdrawal_release', 2],
    ['withdrawal_payout', 1],
    ['deposit', 1],
    ['adjustment', 1],
    ['transfer', 2],
    ['bet', 0],
  ])('filtered by type %s: %i entries', async (type, count) => {
    const value = (await history({ type })).json().value;
    expect(value.totalElements).toBe(count);
    expect(value.content.every((entry: HistoryEntry) => entry.type === type)).toBe(true);
  });

  test('filtered by dates: start inclusive, end exclusive', async () => {
    const value = (await history({ startTime: at(1), endTime: at(3) })).json().value;
    expect(withoutIds(value.content)).toEqual(expectedStory().slice(6, 10));
    const fromHour5 = (await history({ startTime: at(5) })).json().value;
    expect(fromHour5.totalElements).toBe(3);
    const beforeHour1 = (await history({ endTime: at(1) })).json().value;
    expect(beforeHour1.content.map((entry: HistoryEntry) => entry.type)).toEqual(['deposit']);
  });

  test.each([
    ['an unknown type', { type: 'lottery' }, 'type'],
    ['a page below 1', { pageNo: 0 }, 'pageNo'],
    ['a page size above 100', { pageSize: 101 }, 'pageSize'],
    ['a date that is not a number', { startTime: 'yesterday' }, 'startTime'],
  ])('%s: 400 naming the field', async (_name, query, field) => {
    const response = await history(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field });
  });

  test('an end before the start: 400 naming endTime, in Thai too', async () => {
    const response = await kit.send(
      'GET',
      `${withdrawalPaths.transactionHistory}?startTime=${at(3)}&endTime=${at(1)}`,
      undefined,
      { token: member.token, language: 'TH' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'validation.failed',
      field: 'endTime',
      message: 'วันที่สิ้นสุดต้องไม่อยู่ก่อนวันที่เริ่มต้น',
    });
  });

  test('another member sees only their own movements', async () => {
    const other = await kit.newMember({ balance: '10.00' });
    const value = (await history({}, 'GET', other.token)).json().value;
    expect(value.totalElements).toBe(1);
    expect(value.content[0]).toMatchObject({ type: 'deposit', amount: '10.00' });
  });

  test('needs a token', async () => {
    expect((await history({}, 'GET', 'nope')).statusCode).toBe(401);
  });
});

describe('record rows of ODSFE2_MemTransDet', () => {
  test("a deposit and its fee, a withdrawal and its fee, and an operator's adjustment name their records by id", async () => {
    const saver = await kit.newMember();
    // A deposit of 300.00 with a 5.00 channel fee, posted as the deposit module settles one (its README: `deposit:<id>`, kinds deposit and deposit.fee).
    await postTransfers(kit.db, {
      merchantId: kit.merchantId,
      currency: 'THB',
      idempotency: { source: 'test-deposit', key: freshKey() },
      transfers: [
        {
          debit: { kind: 'house_deposit_clearing', subKey: 'BANK' },
          credit: { kind: 'member_main', memberId: saver.id },
          amount: 30_000n,
          kind: 'deposit',
          reference: 'deposit:4242',
        },
        {
          debit: { kind: 'member_main', memberId: saver.id },
          credit: { kind: 'house_fee', subKey: 'deposit:BANK' },
          amount: 500n,
          kind: 'deposit.fee',
          reference: 'deposit:4242',
        },
      ],
      nowMs: kit.clock.nowMs,
    });
    await kit.wager(saver.id, '300.00');
    // A withdrawal of 200.00 with a 10.00 fee, paid by an operator.
    await kit.updateMerchantConfig((config) => {
      config.withdrawals.feeAmount = '10.00';
    });
    const withdrawalId = await kit.pendingWithdrawal(saver, '200.00').finally(() =>
      kit.updateMerchantConfig((config) => {
        config.withdrawals.feeAmount = '0';
      }),
    );
    await operatorPost(withdrawalPaths.adminApprove, { withdrawalId, payoutReference: 'FT-HISTORY-2' });
    // An operator's adjustment through the back office.
    const admin = await kit.newOperator('admin');
    const adjusted = await kit.send(
      'POST',
      adminApiPaths.memberAdjustments.replace(':memberId', String(saver.id)),
      { direction: 'credit', amount: '7.00', reason: 'Goodwill' },
      { operatorToken: admin.token, idempotencyKey: freshKey() },
    );
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const adjustment = await kit.db
      .selectFrom('member_adjustment')
      .select('id')
      .where('member_id', '=', saver.id)
      .executeTakeFirstOrThrow();

    const value = (await history({}, 'GET', saver.token)).json().value;
    expect(
      value.content.map(({ type, amount, wallet, detail }: HistoryEntry) => ({ type, amount, wallet, detail })),
    ).toEqual([
      {
        type: 'adjustment',
        amount: '7.00',
        wallet: 'main',
        detail: { kind: 'adjustment', adjustmentId: Number(adjustment.id) },
      },
      // One posting pays out and takes the fee, the fee last.
      {
        type: 'withdrawal_payout',
        amount: '-10.00',
        wallet: 'held',
        detail: { kind: 'withdrawal', withdrawalId, isFee: true },
      },
      {
        type: 'withdrawal_payout',
        amount: '-190.00',
        wallet: 'held',
        detail: { kind: 'withdrawal', withdrawalId, isFee: false },
      },
      {
        type: 'withdrawal',
        amount: '-200.00',
        wallet: 'main',
        detail: { kind: 'withdrawal', withdrawalId, isFee: false },
      },
      {
        type: 'withdrawal',
        amount: '200.00',
        wallet: 'held',
        detail: { kind: 'withdrawal', withdrawalId, isFee: false },
      },
      { type: 'deposit', amount: '-5.00', wallet: 'main', detail: { kind: 'deposit', depositId: 4242, isFee: true } },
      { type: 'deposit', amount: '300.00', wallet: 'main', detail: { kind: 'deposit', depositId: 4242, isFee: false } },
    ]);
  });
});

describe('game rows of ODSFE2_MemTransDet', () => {
  // A member plays two rounds of the house games through signed seamless wallet calls: Lucky Lotus
  // (bet 10.00, win 25.00) then Lotus Baccarat (bet 20.00, lost). Its own app: the house vendor's secret.
  let gameApp: TestApp;
  let vendor: Awaited<ReturnType<typeof createVendorKit>>;
  let token = '';
  const slotRound = '414133db-5c1e-4a8f-9a59-1f0b8c2d7e11';
  const tableRound = '9f2c81aa-0b7d-4c55-8e0f-6a4d3b2c1e00';
  const clock = { nowMs: Date.UTC(2026, 10, 26, 3, 0, 0) };

  beforeAll(async () => {
    gameApp = await createTestApp({ HOUSE_VENDOR_SECRET: houseSecret }, { now: () => clock.nowMs });
    vendor = await createVendorKit(gameApp, () => clock.nowMs, 'th');
    const slot = await vendor.player(100_000n, { gameId: 'lucky-lotus' });
    const table = await vendor.player(0n, { gameId: 'baccarat', memberId: slot.memberId });
    await vendor.expectOk(await vendor.send(slot, 'bet', vendor.body(slot, { roundId: slotRound, amount: '10.00' })));
    clock.nowMs += 60_000;
    await vendor.expectOk(
      await vendor.send(slot, 'win', vendor.body(slot, { roundId: slotRound, amount: '25.00', roundClosed: true })),
    );
    clock.nowMs += 60_000;
    await vendor.expectOk(
      await vendor.send(table, 'bet', vendor.body(table, { roundId: tableRound, amount: '20.00' })),
    );
    clock.nowMs += 60_000;
    await vendor.expectOk(
      await vendor.send(table, 'win', vendor.body(table, { roundId: tableRound, amount: '0', roundClosed: true })),
    );
    token = await insertTestSession(gameApp.db, gameApp.demoMerchantId, slot.memberId, clock.nowMs);
  }, 60_000);
  afterAll(() => gameApp?.close());

  const gameHistory = (language: 'TH' | 'EN', query = '') =>
    gameApp.app.inject({
      method: 'GET',
      url: `${withdrawalPaths.transactionHistory}${query}`,
      headers: { Merchant: 'demo', Language: language, Authorization: token },
    });

  test("each bet and win names its game from the catalogue in the member's language, and its round by a short id", async () => {
    const english = (await gameHistory('EN')).json().value;
    const game = (gameId: string, name: string, roundId: string) => ({
      gameId,
      name,
      roundId,
      shortRoundId: roundId.slice(0, 8),
    });
    // A lost round's closing win of 0 moves nothing, so it writes no ledger transfer.
    expect(
      english.content.map(({ type, amount, reference, game: entryGame }: HistoryEntry) => ({
        type,
        amount,
        reference,
        game: entryGame,
      })),
    ).toEqual([
      {
        type: 'bet',
        amount: '-20.00',
        reference: `HOUSE:${tableRound}`,
        game: game('baccarat', 'Lotus Baccarat', tableRound),
      },
      {
        type: 'win',
        amount: '25.00',
        reference: `HOUSE:${slotRound}`,
        game: game('lucky-lotus', 'Lucky Lotus', slotRound),
      },
      {
        type: 'bet',
        amount: '-10.00',
        reference: `HOUSE:${slotRound}`,
        game: game('lucky-lotus', 'Lucky Lotus', slotRound),
      },
      { type: 'adjustment', amount: '1000.00', reference: 'test', game: null },
    ]);
    expect(english.content[2].game.shortRoundId).toBe('414133db');

    const thai = (await gameHistory('TH', '?type=bet')).json().value;
    expect(thai.content.map((entry: HistoryEntry) => entry.game?.name)).toEqual(['บาคาร่า โลตัส', 'ดอกบัวนำโชค']);
    expect(english.content.map((entry: HistoryEntry) => entry.detail)).toEqual([null, null, null, null]);
  });

  test('a bet the game cancelled reads as refunded, naming its game and round', async () => {
    const roundId = '5be0c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
    const player = await vendor.player(5_000n, { gameId: 'lucky-lotus' });
    await vendor.expectOk(
      await vendor.send(
        player,
        'bet',
        vendor.body(player, { roundId, transactionId: 'refunded-bet', amount: '10.00' }),
      ),
    );
    await vendor.expectOk(
      await vendor.send(
        player,
        'rollback',
        vendor.body(player, { roundId, referenceTransactionId: 'refunded-bet', amount: '10.00' }),
      ),
    );
    const playerToken = await insertTestSession(gameApp.db, gameApp.demoMerchantId, player.memberId, clock.nowMs);
    const response = await gameApp.app.inject({
      method: 'GET',
      url: withdrawalPaths.transactionHistory,
      headers: { Merchant: 'demo', Language: 'EN', Authorization: playerToken },
    });
    const game = { gameId: 'lucky-lotus', name: 'Lucky Lotus', roundId, shortRoundId: roundId.slice(0, 8) };
    expect(
      response.json().value.content.map(({ type, amount, game: entryGame, detail }: HistoryEntry) => ({
        type,
        amount,
        game: entryGame,
        detail,
      })),
    ).toEqual([
      { type: 'win', amount: '10.00', game, detail: { kind: 'bet_refund' } },
      { type: 'bet', amount: '-10.00', game, detail: null },
      { type: 'adjustment', amount: '50.00', game: null, detail: null },
    ]);
  });
});

describe('transfer rows of ODSFE2_MemTransDet', () => {
  // A member moves 100.50 into Golden Elephant (a transfer-mode vendor, the real house vendor's
  // transfer brand) by launching it, wins 30.00 there, leaves (the site's return brings 130.50 back),
  // then tries to move 50.00 in again, which the vendor refuses (the money comes back).
  let platform: PlatformWithHouse;
  let token = '';
  let refuseFundIn = false;
  const clock = { nowMs: Date.UTC(2026, 10, 26, 3, 0, 0) };
  const transferIds = { in: '', out: '', refused: '' };

  beforeAll(async () => {
    const wrap = (_integration: { code: string }, client: TransferVendorClient): TransferVendorClient => ({
      async call(call, body) {
        if (call === 'fund-in' && refuseFundIn) throw new VendorRefusal('PLAYER_LOCKED', 'refused by the test');
        return client.call(call, body);
      },
    });
    platform = await startPlatformWithHouse({ now: () => clock.nowMs, wrapTransferVendorClient: wrap });
    const { testApp, house } = platform;
    const funded = await fundedTestMember(testApp.db, testApp.demoMerchantId, 'historytransfer', 50_000n, {
      nowMs: clock.nowMs,
    });
    token = funded.token;
    const headers = { Merchant: 'demo', Language: 'EN', Authorization: token };

    clock.nowMs += 60_000;
    const launched = await testApp.app.inject({
      method: 'POST',
      url: launchPaths.launchGame,
      headers,
      payload: {
        gameId: 'golden-elephant',
        vassalage: 'GOLDENELE',
        launchMode: 'GLS',
        accountType: 1,
        confirmTrans: 1,
        transferAmount: '100.50',
      },
    });
    expect(launched.statusCode, launched.body).toBe(200);
    const moved = await testApp.db
      .selectFrom('wallet_transfer')
      .select('reference')
      .where('member_id', '=', funded.memberId)
      .executeTakeFirstOrThrow();
    transferIds.in = moved.reference;

    clock.nowMs += 60_000;
    await house.db
      .updateTable('player')
      .set({ balance: sql<bigint>`balance + 3000` })
      .where('player_id', '=', `m${testApp.demoMerchantId}p${funded.memberId}`)
      .execute();
    const returned = await testApp.app.inject({
      method: 'POST',
      url: launchPaths.walletReturn,
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      payload: {},
    });
    expect(returned.json().value.transfers).toEqual([
      expect.objectContaining({ direction: 'OUT', amount: '130.50', status: 'SUCCESS' }),
    ]);
    transferIds.out = returned.json().value.transfers[0].transferId;

    clock.nowMs += 60_000;
    refuseFundIn = true;
    const refused = await testApp.app.inject({
      method: 'POST',
      url: launchPaths.walletTransfer,
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      payload: { vassalage: 'GOLDENELE', direction: 'IN', amount: '50.00' },
    });
    const refusedValue = walletTransferResultSchema.parse(refused.json().value);
    expect(refusedValue.status).toBe('FAILED');
    transferIds.refused = refusedValue.transferId;
  }, 60_000);
  afterAll(() => platform?.close());

  const read = async (language: 'TH' | 'EN', query = '') => {
    const response = await platform.testApp.app.inject({
      method: 'GET',
      url: `${withdrawalPaths.transactionHistory}${query}`,
      headers: { Merchant: 'demo', Language: language, Authorization: token },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.content as HistoryEntry[];
  };
  const transfer = (
    name: string,
    transferId: string,
    direction: 'IN' | 'OUT',
    status: 'succeeded' | 'failed',
    isReturned = false,
  ) => ({
    kind: 'transfer',
    vendor: { vassalage: 'GOLDENELE', name },
    direction,
    status,
    isReturned,
    transferId,
    shortTransferId: transferId.slice(0, 8),
  });

  test("each transfer row names the vendor's wallet from the catalogue, the direction and the transfer by a short id, in EN and TH", async () => {
    const story = (name: string) => [
      // The refused move: out of the main wallet into transit, then back.
      {
        type: 'transfer',
        amount: '50.00',
        wallet: 'main',
        walletVendorName: null,
        detail: transfer(name, transferIds.refused, 'IN', 'failed', true),
      },
      {
        type: 'transfer',
        amount: '-50.00',
        wallet: 'main',
        walletVendorName: null,
        detail: transfer(name, transferIds.refused, 'IN', 'failed'),
      },
      // Leaving the game: all of Golden Elephant's wallet back to the main wallet.
      {
        type: 'transfer',
        amount: '130.50',
        wallet: 'main',
        walletVendorName: null,
        detail: transfer(name, transferIds.out, 'OUT', 'succeeded'),
      },
      {
        type: 'transfer',
        amount: '-130.50',
        wallet: 'vendor:GOLDENELE',
        walletVendorName: name,
        detail: transfer(name, transferIds.out, 'OUT', 'succeeded'),
      },
      // What the member won there, counted when the platform read the vendor's balance before moving it out.
      {
        type: 'win',
        amount: '30.00',
        wallet: 'vendor:GOLDENELE',
        walletVendorName: name,
        detail: { kind: 'vendor_result', vendor: { vassalage: 'GOLDENELE', name } },
      },
      // The launch's move into the game wallet.
      {
        type: 'transfer',
        amount: '100.50',
        wallet: 'vendor:GOLDENELE',
        walletVendorName: name,
        detail: transfer(name, transferIds.in, 'IN', 'succeeded'),
      },
      {
        type: 'transfer',
        amount: '-100.50',
        wallet: 'main',
        walletVendorName: null,
        detail: transfer(name, transferIds.in, 'IN', 'succeeded'),
      },
      // The test's funding (an adjustment without a record id: nothing more to say than its type).
      { type: 'adjustment', amount: '500.00', wallet: 'main', walletVendorName: null, detail: null },
    ];
    const pick = (entries: HistoryEntry[]) =>
      entries.map(({ type, amount, wallet, walletVendorName, detail }) => ({
        type,
        amount,
        wallet,
        walletVendorName,
        detail,
      }));
    const english = await read('EN');
    expect(pick(english)).toEqual(story('Golden Elephant'));
    expect(english.filter((entry) => entry.type === 'transfer').map((entry) => entry.reference)).toEqual(
      [transferIds.refused, transferIds.refused, transferIds.out, transferIds.out, transferIds.in, transferIds.in].map(
        (id) => `transfer:${id}`,
      ),
    );
    expect(new Set(Object.values(transferIds)).size).toBe(3);
    expect(pick(await read('TH'))).toEqual(story('ช้างทอง'));
    // The type filter keeps the description.
    expect(pick(await read('TH', '?type=transfer'))).toEqual(
      story('ช้างทอง').filter((entry) => entry.type === 'transfer'),
    );
  });
});

describe('GET /wps/relay/ODSFE2_MemPNLDet', () => {
  test('deposits, withdrawals paid out and their difference, by date range', async () => {
    const all = await kit.send('GET', withdrawalPaths.personalProfit, undefined, { token: member.token });
    expect(all.statusCode).toBe(200);
    // No game rounds in this story (bet-records.routes.test.ts covers the games' part).
    expect(all.json().value).toEqual({
      currency: 'THB',
      depositAmount: '1000.00',
      withdrawalAmount: '200.00',
      profitAmount: '-800.00',
      betAmount: '0.00',
      winAmount: '0.00',
      validBetAmount: '0.00',
      gameProfitAmount: '0.00',
      gameByDay: [],
      gameByType: [],
    });
    const afterDeposit = await kit.send(
      'GET',
      `${withdrawalPaths.personalProfit}?startTime=${at(1)}&endTime=${at(5)}`,
      undefined,
      { token: member.token },
    );
    expect(afterDeposit.json().value).toMatchObject({
      depositAmount: '0.00',
      withdrawalAmount: '200.00',
      profitAmount: '200.00',
    });
  });
});
