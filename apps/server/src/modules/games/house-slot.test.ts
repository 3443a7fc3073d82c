import { hashServerSeed, spinSlot, type SlotRound } from '@lotus/fair';
import { launchGameResultSchema, launchPaths } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPlatformWithHouse, type PlatformWithHouse, type TestHouseGames } from '../../testing/house-games.ts';
import { fundedTestMember } from '../../testing/members.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { developmentHouseVendorSecret } from '../../config.ts';
import { checkLedger, memberBalance } from '../ledger/index.ts';
import { pullTransferBetRecords } from '../transfer-wallet/index.ts';
import { signBody } from '../seamless-wallet/index.ts';

/**
 * The house vendor's slot end to end over real HTTP both ways: the platform launches it, the game
 * page's calls go to the house process, which moves the member's money through the platform's
 * seamless wallet protocol; rounds recompute from the revealed seeds.
 */

let platform: PlatformWithHouse;
let house: TestHouseGames;
let testApp: TestApp;
let clock = Date.now();
let sequence = 0;

beforeAll(async () => {
  platform = await startPlatformWithHouse({ now: () => clock });
  ({ testApp, house } = platform);
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

async function launchedMember(mainMinor: bigint, gameId = 'lucky-lotus', vassalage = 'LTSLOT') {
  const { memberId, token } = await fundedTestMember(
    testApp.db,
    testApp.demoMerchantId,
    `slot${++sequence}`,
    mainMinor,
    { nowMs: clock },
  );
  const launched = await testApp.app.inject({
    method: 'POST',
    url: launchPaths.launchGame,
    headers: { Merchant: 'demo', Authorization: token },
    payload: { gameId, vassalage, confirmTrans: 1 },
  });
  const url = new URL(launchGameResultSchema.parse(launched.json().value).game_url);
  const body = { token: url.searchParams.get('token')!, gameId, currency: url.searchParams.get('currency')! };
  return { memberId, body };
}

/** The fields of the house's answers these tests read (money as minor-unit strings). */
interface SlotAnswer {
  balance: string;
  roundId: string;
  round: SlotRound;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number; nextNonce: number };
  serverSeedHash: string;
  nextNonce: number;
  previous: { serverSeed: string; serverSeedHash: string };
  lastRound: { round_id: string; status: string };
}

async function houseCall(path: string, body: object) {
  const response = await fetch(`${house.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    json: (await response.json()) as { success: boolean; value: SlotAnswer; errorCode?: string },
  };
}

const main = (memberId: bigint) =>
  memberBalance(testApp.db, testApp.demoMerchantId, 'THB', { kind: 'member_main', memberId });

describe('the house slot over the seamless wallet', () => {
  test('a session shows the balance and the committed seed; each spin moves exactly bet and win', async () => {
    const { memberId, body } = await launchedMember(100_000n);
    const session = await houseCall('/api/slot/session', body);
    expect(session.status).toBe(200);
    expect(session.json.value).toMatchObject({
      balance: '100000',
      currency: 'THB',
      fairness: { nextNonce: 0, serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    let expected = 100_000n;
    for (let spin = 0; spin < 10; spin += 1) {
      const played = await houseCall('/api/slot/spin', { ...body, betPerLine: 10 });
      expect(played.status).toBe(200);
      const { round, balance, fairness } = played.json.value;
      expect(fairness.nonce).toBe(spin);
      expected += BigInt(round.totalWinMinor) - BigInt(round.totalBetMinor);
      expect(balance).toBe(expected.toString());
    }
    expect(await main(memberId)).toBe(expected);
    expect((await checkLedger(testApp.db, { merchantId: testApp.demoMerchantId })).ok).toBe(true);
  });

  test('after a rotation the revealed seed recomputes every earlier round exactly', async () => {
    const { body } = await launchedMember(100_000n);
    await houseCall('/api/slot/client-seed', { ...body, clientSeed: 'my-lucky-seed' });
    const played = [];
    for (let spin = 0; spin < 3; spin += 1)
      played.push((await houseCall('/api/slot/spin', { ...body, betPerLine: 25 })).json.value);
    const rotated = (await houseCall('/api/slot/rotate-seed', body)).json.value;
    expect(rotated.previous.serverSeedHash).toBe(played[0]!.fairness.serverSeedHash);
    expect(hashServerSeed(rotated.previous.serverSeed)).toBe(rotated.previous.serverSeedHash);
    for (const round of played) {
      expect(round.fairness.clientSeed).toBe('my-lucky-seed');
      const again = spinSlot(
        { serverSeed: rotated.previous.serverSeed, clientSeed: round.fairness.clientSeed, nonce: round.fairness.nonce },
        25,
      );
      expect(again).toEqual(round.round);
    }
    expect(rotated.serverSeedHash).not.toBe(rotated.previous.serverSeedHash);
    expect(rotated.nextNonce).toBe(0);
  });

  test('refusals: a bet above the balance moves nothing; bad bets and tokens are named', async () => {
    const { memberId, body } = await launchedMember(150n);
    const poor = await houseCall('/api/slot/spin', { ...body, betPerLine: 500 });
    expect(poor.status).toBe(409);
    expect(poor.json).toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS', value: { balance: '150' } });
    expect(await main(memberId)).toBe(150n);
    expect((await houseCall('/api/slot/spin', { ...body, betPerLine: 7 })).json.errorCode).toBe('INVALID_BET');
    expect((await houseCall('/api/slot/spin', { ...body, token: 'x'.repeat(40), betPerLine: 5 })).status).toBe(401);
    expect((await houseCall('/api/slot/spin', { ...body, gameId: 'baccarat', betPerLine: 5 })).json.errorCode).toBe(
      'GAME_UNKNOWN',
    );
  });

  test('what no route answers itself still answers in the envelope: broken JSON, a body too large, an unknown address', async () => {
    const send = async (path: string, raw: string) => {
      const response = await fetch(`${house.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: raw,
      });
      return { status: response.status, json: (await response.json()) as unknown };
    };
    expect(await send('/api/slot/spin', '{"token": ')).toEqual({
      status: 400,
      json: { success: false, value: null, errorCode: 'INVALID_REQUEST', message: 'INVALID_REQUEST' },
    });
    expect(await send('/api/slot/spin', JSON.stringify({ padding: 'x'.repeat(20_000) }))).toEqual({
      status: 413,
      json: { success: false, value: null, errorCode: 'BODY_TOO_LARGE', message: 'BODY_TOO_LARGE' },
    });
    expect(await send('/api/slot/no-such-call', '{}')).toEqual({
      status: 404,
      json: { success: false, value: null, errorCode: 'NOT_FOUND', message: 'NOT_FOUND' },
    });
  });

  test('a round whose win never reached the platform is paid when the member comes back', async () => {
    const { memberId, body } = await launchedMember(100_000n);
    const played = (await houseCall('/api/slot/spin', { ...body, betPerLine: 50 })).json.value;
    // Make it look as if the process died after the bet: the win is undone at the platform and the round reopened.
    const before = await main(memberId);
    await house.db
      .updateTable('slot_round')
      .set({ status: 'bet_placed', settled_at: null })
      .where('round_id', '=', played.roundId)
      .execute();
    clock += 10_000;
    const session = await houseCall('/api/slot/session', body);
    expect(session.json.value.lastRound.status).toBe('settled');
    // The win's transaction id was already paid: repeating it moved nothing more.
    expect(await main(memberId)).toBe(before);
  });

  test('a round whose bet answer was lost is rolled back and voided when the member comes back', async () => {
    const { memberId, body } = await launchedMember(100_000n);
    const played = (await houseCall('/api/slot/spin', { ...body, betPerLine: 50 })).json.value;
    const afterFirst = await main(memberId);
    // A second round whose bet reached the platform but whose answer (and the process) died: the
    // house still has it `open`; the platform has taken the bet.
    const stored = await house.db
      .selectFrom('slot_round')
      .selectAll()
      .where('round_id', '=', played.roundId)
      .executeTakeFirstOrThrow();
    const roundId = `${played.roundId}-lost`;
    await house.db
      .insertInto('slot_round')
      .values({
        ...stored,
        round_id: roundId,
        wallet_ref: JSON.stringify(stored.wallet_ref),
        outcome: JSON.stringify(stored.outcome),
        status: 'open',
        settled_at: null,
        nonce: 999,
        created_at: new Date(stored.created_at.getTime() + 1),
      })
      .execute();
    const bet = JSON.stringify({
      requestId: 'lost-bet',
      timestamp: clock,
      sessionToken: body.token,
      playerId: String(memberId),
      currency: 'THB',
      gameId: body.gameId,
      roundId,
      transactionId: `${roundId}:bet`,
      amount: '10.00',
    });
    const taken = await testApp.app.inject({
      method: 'POST',
      url: '/vendor-api/HOUSE/bet',
      headers: { 'content-type': 'application/json', 'x-signature': signBody(developmentHouseVendorSecret, bet) },
      payload: bet,
    });
    expect(taken.statusCode).toBe(200);
    expect(await main(memberId)).toBe(afterFirst - 1_000n);
    clock += 10_000;
    const session = await houseCall('/api/slot/session', body);
    expect(session.json.value.lastRound.round_id).toBe(roundId);
    expect(session.json.value.lastRound.status).toBe('voided');
    expect(await main(memberId)).toBe(afterFirst);
    expect((await checkLedger(testApp.db, { merchantId: testApp.demoMerchantId })).ok).toBe(true);
  });

  test('the transfer brand plays the same slot with the money moved in at launch', async () => {
    const { memberId, body } = await launchedMember(20_000n, 'golden-elephant', 'GOLDENELE');
    expect(await main(memberId)).toBe(0n);
    const session = await houseCall('/api/slot/session', body);
    expect(session.json).toMatchObject({ success: true });
    expect(session.json.value.balance).toBe('20000');
    const played = (await houseCall('/api/slot/spin', { ...body, betPerLine: 5 })).json.value;
    expect(played.balance).toBe((20_000n - 100n + BigInt(played.round.totalWinMinor)).toString());
    await houseCall('/api/slot/spin', { ...body, betPerLine: 10 });

    // Its rounds reach the member's betting record through the vendor's feed, once, with the turnover.
    const pull = () => pullTransferBetRecords(testApp.db, testApp.config, testApp.app.transferVendorClient, clock);
    expect(await pull()).toMatchObject({ stored: 2, unreachable: 0 });
    const records = await testApp.db
      .selectFrom('bet_record')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('stake')
      .execute();
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      vendor_code: 'HOUSE_TW',
      vassalage: 'GOLDENELE',
      game_id: 'golden-elephant',
      stake: 100n,
      valid_bet: 100n,
      payout: BigInt(played.round.totalWinMinor),
      status: 'settled',
    });
    expect(records[0]!.fairness).toMatchObject({
      serverSeedHash: played.fairness.serverSeedHash,
      nonce: played.fairness.nonce,
    });
    expect(await pull()).toMatchObject({ stored: 0 });
    const turnover = await testApp.db
      .selectFrom('member_turnover')
      .select('wagered_amount')
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(turnover.wagered_amount).toBe(300n);
  });
});
