import { describe, expect, test } from 'vitest';
import {
  addChip,
  betsTotal,
  cardFace,
  chipLabel,
  oddsLabel,
  reconnectDelayMs,
  secondsLeft,
  type Bets,
} from './baccarat-play.ts';

const limits = { minMinor: 1_000, maxMinor: 1_000_000, chips: [1_000, 5_000, 10_000, 50_000, 100_000] };

describe('addChip', () => {
  test.each([
    // Refused first: the spot limit counts confirmed bets, the slip never exceeds the balance.
    [
      'over the spot limit with what is confirmed',
      {},
      { BANKER: 950_000 },
      'BANKER',
      100_000,
      10_000_000n,
      { ok: false, reason: 'OVER_LIMIT' },
    ],
    [
      'over the spot limit on the slip alone',
      { TIE: 1_000_000 },
      {},
      'TIE',
      1_000,
      10_000_000n,
      { ok: false, reason: 'OVER_LIMIT' },
    ],
    [
      'over the balance across spots',
      { PLAYER: 5_000 },
      {},
      'BANKER',
      10_000,
      14_999n,
      { ok: false, reason: 'OVER_BALANCE' },
    ],
    ['a first chip', {}, {}, 'PLAYER', 1_000, 1_000n, { ok: true, slip: { PLAYER: 1_000 } }],
    [
      'a chip on a spot already on the slip',
      { PLAYER: 1_000 },
      {},
      'PLAYER',
      5_000,
      100_000n,
      { ok: true, slip: { PLAYER: 6_000 } },
    ],
    [
      'up to the spot limit exactly',
      {},
      { BANKER: 900_000 },
      'BANKER',
      100_000,
      10_000_000n,
      { ok: true, slip: { BANKER: 100_000 } },
    ],
    [
      'other spots kept',
      { TIE: 1_000 },
      {},
      'PLAYER_PAIR',
      1_000,
      2_000n,
      { ok: true, slip: { TIE: 1_000, PLAYER_PAIR: 1_000 } },
    ],
  ] as const)('%s', (_case, slip, confirmed, spot, chip, balance, expected) => {
    expect(addChip(slip as Bets, spot, chip, { confirmed: confirmed as Bets, limits, balanceMinor: balance })).toEqual(
      expected,
    );
  });

  test('leaves the slip it was given untouched', () => {
    const slip: Bets = { PLAYER: 1_000 };
    addChip(slip, 'PLAYER', 1_000, { confirmed: {}, limits, balanceMinor: 10_000n });
    expect(slip).toEqual({ PLAYER: 1_000 });
  });
});

test('betsTotal adds every spot', () => {
  expect(betsTotal({})).toBe(0);
  expect(betsTotal({ PLAYER: 1_000, TIE: 5_000, BANKER_PAIR: 10_000 })).toBe(16_000);
});

describe('secondsLeft', () => {
  test.each([
    ['server and page agree', 10_000, 0, 10],
    ['page clock 3 s behind the server', 10_000, 3_000, 7],
    ['page clock 2 s ahead of the server', 10_000, -2_000, 12],
    ['a part second rounds up', 1_200, 0, 2],
    ['closed', -500, 0, 0],
  ])('%s', (_case, closesInMs, offsetMs, seconds) => {
    const localNow = 1_700_000_000_000;
    expect(secondsLeft(localNow + closesInMs, localNow, offsetMs)).toBe(seconds);
  });
});

test('reconnecting backs off 1, 2, 4, 8 s and stays at 15 s', () => {
  expect([0, 1, 2, 3, 4, 5, 12].map(reconnectDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
});

test.each([
  [
    { rank: 1, suit: 'S' },
    { rank: 'A', suit: '♠', isRed: false },
  ],
  [
    { rank: 10, suit: 'H' },
    { rank: '10', suit: '♥', isRed: true },
  ],
  [
    { rank: 11, suit: 'D' },
    { rank: 'J', suit: '♦', isRed: true },
  ],
  [
    { rank: 13, suit: 'C' },
    { rank: 'K', suit: '♣', isRed: false },
  ],
] as const)('card %o is written %o', (card, face) => {
  expect(cardFace(card)).toEqual(face);
});

test('odds and chips as the table writes them', () => {
  expect(['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR'].map((spot) => oddsLabel(spot as 'PLAYER'))).toEqual([
    '1:1',
    '0.95:1',
    '8:1',
    '11:1',
  ]);
  expect(limits.chips.map(chipLabel)).toEqual(['10', '50', '100', '500', '1K']);
});
