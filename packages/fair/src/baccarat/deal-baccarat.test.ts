import { describe, expect, test } from 'vitest';
import { createRoundStream, drawDistinct } from '../fairness.ts';
import type { RoundSeeds } from '../fairness.ts';
import { bankerDraws, cardAt, cardValue, dealBaccarat, playBaccaratHand } from './deal-baccarat.ts';
import type { Card } from './deal-baccarat.ts';

/** Cards by rank in dealing order: player, banker, player, banker, then third cards. */
const cards = (...ranks: number[]): Card[] => ranks.map((rank) => ({ rank, suit: 'H' }));

describe('the shoe', () => {
  test.each([
    [0, { rank: 1, suit: 'S' }],
    [12, { rank: 13, suit: 'S' }],
    [13, { rank: 1, suit: 'H' }],
    [51, { rank: 13, suit: 'C' }],
    [52, { rank: 1, suit: 'S' }],
    [415, { rank: 13, suit: 'C' }],
  ])('position %i holds %o', (position, card) => {
    expect(cardAt(position)).toEqual(card);
  });

  test.each([-1, 416, 2.5])('refuses position %d', (position) => {
    expect(() => cardAt(position)).toThrow(/shoeIndex/);
  });

  test.each([
    [1, 1],
    [9, 9],
    [10, 0],
    [13, 0],
  ])('rank %i counts %i', (rank, value) => {
    expect(cardValue(rank)).toBe(value);
  });
});

describe('bankerDraws (the tableau)', () => {
  // D = draws, S = stands; columns are the player's third card 0 to 9.
  const tableau: Record<number, string> = {
    0: 'DDDDDDDDDD',
    1: 'DDDDDDDDDD',
    2: 'DDDDDDDDDD',
    3: 'DDDDDDDDSD',
    4: 'SSDDDDDDSS',
    5: 'SSSSDDDDSS',
    6: 'SSSSSSDDSS',
    7: 'SSSSSSSSSS',
  };
  test.each(Object.entries(tableau))('banker on %s after a player third card', (total, row) => {
    const drawn = Array.from({ length: 10 }, (_, third) => (bankerDraws(Number(total), third) ? 'D' : 'S')).join('');
    expect(drawn).toBe(row);
  });

  test('when the player stands the banker draws on 0 to 5 and stands on 6 and 7', () => {
    expect(Array.from({ length: 8 }, (_, total) => (bankerDraws(total, null) ? 'D' : 'S')).join('')).toBe('DDDDDDSS');
  });
});

describe('playBaccaratHand', () => {
  test.each([
    {
      name: 'player natural 8 beats banker 7, nobody draws',
      ranks: [4, 10, 4, 7],
      player: [4, 4],
      banker: [10, 7],
      totals: [8, 7],
      result: 'PLAYER',
      pairs: [true, false],
    },
    {
      name: 'banker natural 9 stops the player drawing on 5',
      ranks: [2, 9, 3, 13],
      player: [2, 3],
      banker: [9, 13],
      totals: [5, 9],
      result: 'BANKER',
      pairs: [false, false],
    },
    {
      name: 'player stands on 6, banker draws on 5',
      ranks: [3, 2, 3, 3, 4],
      player: [3, 3],
      banker: [2, 3, 4],
      totals: [6, 9],
      result: 'BANKER',
      pairs: [true, false],
    },
    {
      name: 'player stands on 7, banker stands on 6',
      ranks: [7, 6, 13, 11],
      player: [7, 13],
      banker: [6, 11],
      totals: [7, 6],
      result: 'PLAYER',
      pairs: [false, false],
    },
    {
      name: 'banker 3 stands when the player draws an 8',
      ranks: [1, 3, 2, 13, 8],
      player: [1, 2, 8],
      banker: [3, 13],
      totals: [1, 3],
      result: 'BANKER',
      pairs: [false, false],
    },
    {
      name: 'banker 6 draws when the player draws a 6',
      ranks: [2, 6, 2, 13, 6, 3],
      player: [2, 2, 6],
      banker: [6, 13, 3],
      totals: [0, 9],
      result: 'BANKER',
      pairs: [true, false],
    },
    {
      name: 'banker 4 stands when the player draws an ace',
      ranks: [10, 4, 12, 10, 1],
      player: [10, 12, 1],
      banker: [4, 10],
      totals: [1, 4],
      result: 'BANKER',
      pairs: [false, false],
    },
    {
      name: 'banker 5 draws on a player 4 and ties',
      ranks: [1, 5, 1, 10, 4, 1],
      player: [1, 1, 4],
      banker: [5, 10, 1],
      totals: [6, 6],
      result: 'TIE',
      pairs: [true, false],
    },
    {
      name: 'both stand on 6: a tie with a banker pair',
      ranks: [6, 3, 10, 3],
      player: [6, 10],
      banker: [3, 3],
      totals: [6, 6],
      result: 'TIE',
      pairs: [false, true],
    },
  ])('$name', ({ ranks, player, banker, totals, result, pairs }) => {
    const outcome = playBaccaratHand(cards(...ranks));
    expect(outcome.playerCards.map((card) => card.rank)).toEqual(player);
    expect(outcome.bankerCards.map((card) => card.rank)).toEqual(banker);
    expect([outcome.playerTotal, outcome.bankerTotal]).toEqual(totals);
    expect(outcome.result).toBe(result);
    expect([outcome.playerPair, outcome.bankerPair]).toEqual(pairs);
  });

  test('a hand short of cards is refused', () => {
    expect(() => playBaccaratHand(cards(1, 2, 3, 4))).toThrow(/up to 6 cards/);
  });
});

describe('dealBaccarat', () => {
  const seeds: RoundSeeds = {
    serverSeed: 'table-7-server-seed-0123456789abcdef0123456789abcdef0123456789ab',
    clientSeed: 'table-7-public',
    nonce: 1,
  };

  test('deals the shoe positions drawn by drawDistinct, in order', () => {
    const positions = drawDistinct(createRoundStream(seeds), 416, 6);
    expect(dealBaccarat(seeds)).toEqual(playBaccaratHand(positions.map(cardAt)));
  });

  test('a stored hand is recomputed from its seeds and the next round differs', () => {
    const stored = JSON.parse(JSON.stringify(dealBaccarat(seeds)));
    expect(dealBaccarat(seeds)).toEqual(stored);
    const nextRounds = Array.from({ length: 5 }, (_, index) =>
      dealBaccarat({ ...seeds, nonce: seeds.nonce + 1 + index }),
    );
    expect(nextRounds.some((outcome) => JSON.stringify(outcome) !== JSON.stringify(stored))).toBe(true);
  });
});
