import { dealBaccarat, settleBaccaratBet } from '@lotus/fair';
import { launchGameResultSchema, launchPaths } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TableState } from '@lotus/house-games';
import WebSocket from 'ws';
import { startPlatformWithHouse, type PlatformWithHouse, type TestHouseGames } from '../../testing/house-games.ts';
import { fundedTestMember } from '../../testing/members.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { checkLedger, memberBalance } from '../ledger/index.ts';

/**
 * The house baccarat table end to end: two members seated over websockets see the same round, bet
 * through the house process, and are paid through the platform's seamless wallet when it settles.
 * The table moves only when the test steps it (its clock is the test's).
 */

let platform: PlatformWithHouse;
let house: TestHouseGames;
let testApp: TestApp;
let clock = Date.now();
let sequence = 0;
const sockets: WebSocket[] = [];
/** What the table pushes to a seat (money as minor-unit strings). */
type SeatMessage =
  | { type: 'state'; state: TableState }
  | { type: 'bets'; roundId: string; totals: Record<string, number> }
  | { type: 'me'; balance: string; payout: string | null; bets: Record<string, number> };
interface HouseAnswer {
  success: boolean;
  value: { balance: string; bets: Record<string, number> } | null;
  errorCode?: string;
}

beforeAll(async () => {
  platform = await startPlatformWithHouse({ now: () => clock });
  ({ testApp, house } = platform);
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await platform?.close();
});

const table = () => house.tables.get('baccarat')!;

async function seatedMember(mainMinor: bigint) {
  const { memberId, token } = await fundedTestMember(
    testApp.db,
    testApp.demoMerchantId,
    `bac${++sequence}`,
    mainMinor,
    { nowMs: clock },
  );
  const launched = await testApp.app.inject({
    method: 'POST',
    url: launchPaths.launchGame,
    headers: { Merchant: 'demo', Authorization: token },
    payload: { gameId: 'baccarat', vassalage: 'LTLIVE' },
  });
  const url = new URL(launchGameResultSchema.parse(launched.json().value).game_url);
  const body = { token: url.searchParams.get('token')!, gameId: 'baccarat', currency: 'THB' };
  // The seat: every message the table pushes to this member, in order.
  const messages: SeatMessage[] = [];
  const socket = new WebSocket(`${house.url.replace('http', 'ws')}/api/baccarat/ws`, {
    headers: { Origin: 'http://localhost:9999' },
  });
  sockets.push(socket);
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as SeatMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'join', ...body }));
  await until(() => messages.some((message) => message.type === 'me'));
  return { memberId, body, messages };
}

async function until(condition: () => boolean, timeoutMs = 5_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function bet(body: object, roundId: string, bets: Record<string, number>) {
  const response = await fetch(`${house.url}/api/baccarat/bet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, roundId, bets }),
  });
  return { status: response.status, json: (await response.json()) as HouseAnswer };
}

const main = (memberId: bigint) =>
  memberBalance(testApp.db, testApp.demoMerchantId, 'THB', { kind: 'member_main', memberId });
const lastState = (messages: SeatMessage[]) => {
  const state = messages.filter((message) => message.type === 'state').at(-1)?.state;
  if (!state?.round) throw new Error('no round seen yet');
  return { ...state, round: state.round };
};
const seenPhase = (messages: SeatMessage[], phase: string) =>
  messages.some((message) => message.type === 'state' && message.state.round?.phase === phase);

describe('the house baccarat table', () => {
  test('two seated members see the same round, bet, and are paid by the dealt outcome', async () => {
    await table().step(); // opens a round
    const alice = await seatedMember(100_000n);
    const bob = await seatedMember(100_000n);
    const round = lastState(alice.messages).round;
    expect(round).toMatchObject({ phase: 'betting', outcome: null });
    expect(lastState(bob.messages).round.roundId).toBe(round.roundId);

    const aliceBet = await bet(alice.body, round.roundId, { PLAYER: 10_000 });
    expect(aliceBet.json.value).toMatchObject({ balance: '90000', bets: { PLAYER: 10_000 } });
    expect((await bet(bob.body, round.roundId, { BANKER: 5_000, TIE: 1_000 })).status).toBe(200);
    expect(await main(bob.memberId)).toBe(94_000n);
    // Everyone at the table sees the bet totals move.
    await until(() => alice.messages.some((message) => message.type === 'bets' && message.totals.BANKER === 5_000));

    expect((await bet(bob.body, round.roundId, { PLAYER: 999 })).json.errorCode).toBe('INVALID_BET');
    expect((await bet(bob.body, round.roundId, { SIDEWAYS: 1_000 })).json.errorCode).toBe('INVALID_BET');

    clock += 16_000;
    await table().step(); // betting closes, the cards are shown
    await until(() => seenPhase(alice.messages, 'dealing') && seenPhase(bob.messages, 'dealing'));
    const dealt = lastState(alice.messages).round.outcome!;
    expect(lastState(bob.messages).round.outcome).toEqual(dealt);
    expect((await bet(alice.body, round.roundId, { PLAYER: 1_000 })).json.errorCode).toBe('BETTING_CLOSED');

    clock += 6_000;
    await table().step(); // settles
    await until(() => seenPhase(alice.messages, 'settled'));
    expect(await main(alice.memberId)).toBe(90_000n + BigInt(settleBaccaratBet('PLAYER', 10_000, dealt)));
    expect(await main(bob.memberId)).toBe(
      94_000n + BigInt(settleBaccaratBet('BANKER', 5_000, dealt) + settleBaccaratBet('TIE', 1_000, dealt)),
    );
    await until(() => alice.messages.some((message) => message.type === 'me' && message.payout !== null));
    expect(lastState(alice.messages).history[0]).toMatchObject({ roundId: round.roundId, result: dealt.result });

    // The outcome is the table's committed seed dealt at the round's nonce.
    const seeds = await house.db
      .selectFrom('fair_seed')
      .selectAll()
      .where('owner_key', '=', 'table:baccarat-1')
      .executeTakeFirstOrThrow();
    expect(dealBaccarat({ serverSeed: seeds.server_seed, clientSeed: round.clientSeed, nonce: round.nonce })).toEqual(
      dealt,
    );
    expect((await checkLedger(testApp.db, { merchantId: testApp.demoMerchantId })).ok).toBe(true);

    clock += 6_000;
    await table().step(); // the next round opens
    await until(() =>
      alice.messages.some((message) => message.type === 'state' && message.state.round?.roundNo === round.roundNo + 1),
    );
  });

  test('a bet whose wallet answer never came is rolled back when the round settles after a restart', async () => {
    const carol = await seatedMember(50_000n);
    const round = lastState(carol.messages).round;
    expect(round.phase).toBe('betting');
    expect((await bet(carol.body, round.roundId, { BANKER: 2_000 })).status).toBe(200);
    // As if the process had died while a second bet was being taken: the platform took it, the row says placing.
    await house.db
      .updateTable('baccarat_bet')
      .set({ status: 'placing' })
      .where('round_id', '=', round.roundId)
      .execute();
    expect(await main(carol.memberId)).toBe(48_000n);
    clock += 16_000;
    await table().step();
    clock += 6_000;
    await table().step();
    const rows = await house.db
      .selectFrom('baccarat_bet')
      .select('status')
      .where('round_id', '=', round.roundId)
      .execute();
    expect(rows.map((row) => row.status)).toEqual(['rolled_back']);
    expect(await main(carol.memberId)).toBe(50_000n);
    expect((await checkLedger(testApp.db, { merchantId: testApp.demoMerchantId })).ok).toBe(true);
  });

  test('a seat from another origin or with a bad token is closed', async () => {
    const foreign = new WebSocket(`${house.url.replace('http', 'ws')}/api/baccarat/ws`, {
      headers: { Origin: 'https://evil.example' },
    });
    const code = await new Promise<number>((resolve) => foreign.on('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(1008);
    const stranger = new WebSocket(`${house.url.replace('http', 'ws')}/api/baccarat/ws`, {
      headers: { Origin: 'http://localhost:9999' },
    });
    await new Promise((resolve) => stranger.once('open', resolve));
    stranger.send(JSON.stringify({ type: 'join', token: 'y'.repeat(40), gameId: 'baccarat', currency: 'THB' }));
    const reason = await new Promise<string>((resolve) => stranger.on('close', (_code, why) => resolve(String(why))));
    expect(reason).toBe('INVALID_SESSION');
  });
});
