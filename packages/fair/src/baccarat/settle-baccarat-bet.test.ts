import { describe, expect, test } from 'vitest';
import { settleBaccaratBet } from './settle-baccarat-bet.ts';
import type { BaccaratBet } from './settle-baccarat-bet.ts';
import type { RoadEntry } from './roads.ts';

const hand = (result: RoadEntry['result'], playerPair = false, bankerPair = false): RoadEntry => ({
  result,
  playerPair,
  bankerPair,
});

describe('settleBaccaratBet', () => {
  test.each([0, -100, 12.5, Number.NaN])('refuses a stake of %d', (amountMinor) => {
    expect(() => settleBaccaratBet('PLAYER', amountMinor, hand('PLAYER'))).toThrow(/amountMinor/);
  });

  test('refuses an unknown bet', () => {
    expect(() => settleBaccaratBet('DRAGON' as BaccaratBet, 100, hand('PLAYER'))).toThrow(/unknown baccarat bet/);
  });

  test.each<[BaccaratBet, number, RoadEntry, number]>([
    ['PLAYER', 100, hand('PLAYER'), 200],
    ['PLAYER', 100, hand('BANKER'), 0],
    ['PLAYER', 100, hand('TIE'), 100],
    ['BANKER', 100, hand('BANKER'), 195],
    ['BANKER', 100, hand('PLAYER'), 0],
    ['BANKER', 100, hand('TIE'), 100],
    // 5% commission on 30 is 1.5; winnings 28.5 round down to 28.
    ['BANKER', 30, hand('BANKER'), 58],
    ['BANKER', 1, hand('BANKER'), 1],
    ['TIE', 100, hand('TIE'), 900],
    ['TIE', 100, hand('PLAYER'), 0],
    ['PLAYER_PAIR', 100, hand('BANKER', true), 1200],
    ['PLAYER_PAIR', 100, hand('TIE', false, true), 0],
    ['BANKER_PAIR', 100, hand('PLAYER', false, true), 1200],
    ['BANKER_PAIR', 100, hand('BANKER', true, false), 0],
  ])('%s staking %i on %o returns %i', (bet, amountMinor, outcome, returned) => {
    expect(settleBaccaratBet(bet, amountMinor, outcome)).toBe(returned);
  });
});
