import { describe, expect, test } from 'vitest';
import { SLOT_PAYTABLE_V1, slotGame } from './slot-game.ts';
import type { SlotGame, SlotSymbol } from './slot-game.ts';
import { exactSlotRtp, sumBaseSpins } from './exact-slot-rtp.ts';
import type { BaseSpinSums } from './exact-slot-rtp.ts';
import { evaluateSlotGrid, gridAt, spinSlot } from './spin-slot.ts';

// Short strips with scatters on reels 1, 3 and 5 only, so free spins trigger often (about 1 in 19)
// and a retrigger (3 spins, x2) is common enough to matter, while every stop combination (15,360)
// can still be evaluated one by one.
const tinyGame: SlotGame = {
  ...slotGame,
  reels: [
    ['A', 'K', 'SCATTER', 'A', 'Q', 'K', 'A', 'Q'],
    ['A', 'WILD', 'K', 'Q', 'A', 'K'],
    ['K', 'A', 'SCATTER', 'WILD', 'Q', 'A', 'K', 'Q'],
    ['Q', 'A', 'K', 'WILD', 'A'],
    ['A', 'SCATTER', 'K', 'Q', 'K', 'A', 'Q', 'A'],
  ],
  freeSpins: { awarded: 3, multiplier: 2 },
};

/** The base game summed the slow way: every stop combination through the real evaluator. */
function bruteForceSums(game: SlotGame): BaseSpinSums {
  const sums: BaseSpinSums = { combinations: 0, win: 0, winSquared: 0, hits: 0, triggers: 0, winWhenTriggered: 0 };
  const visit = (stops: number[]): void => {
    if (stops.length === game.reels.length) {
      const result = evaluateSlotGrid(gridAt(stops, game), 1, game);
      sums.combinations += 1;
      sums.win += result.winMinor;
      sums.winSquared += result.winMinor ** 2;
      if (result.winMinor > 0) sums.hits += 1;
      if (result.freeSpinsAwarded > 0) {
        sums.triggers += 1;
        sums.winWhenTriggered += result.winMinor;
      }
      return;
    }
    for (let stop = 0; stop < game.reels[stops.length]!.length; stop += 1) visit([...stops, stop]);
  };
  visit([]);
  return sums;
}

describe('exactSlotRtp', () => {
  test('the pruned sum over stops equals evaluating every combination', () => {
    const sums = sumBaseSpins(tinyGame);
    expect(sums.combinations).toBe(8 * 6 * 8 * 5 * 8);
    expect(sums).toEqual(bruteForceSums(tinyGame));
  });

  test('the free-spin series matches 40,000 simulated paid rounds within 4 standard errors', () => {
    const exact = exactSlotRtp(tinyGame);
    const rounds = 40_000;
    let sum = 0;
    let sumOfSquares = 0;
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      const round = spinSlot({ serverSeed: 'tiny-game-server-seed', clientSeed: 'tiny-game', nonce }, 1, tinyGame);
      const returned = round.totalWinMinor / round.totalBetMinor;
      sum += returned;
      sumOfSquares += returned * returned;
    }
    const mean = sum / rounds;
    const sampleVariance = sumOfSquares / rounds - mean * mean;
    expect(exact.freeSpinsRtp / exact.rtp).toBeGreaterThan(0.2);
    expect(Math.abs(mean - exact.rtp)).toBeLessThan(4 * Math.sqrt(exact.variance / rounds));
    expect(sampleVariance / exact.variance).toBeGreaterThan(0.85);
    expect(sampleVariance / exact.variance).toBeLessThan(1.15);
  });

  test('refuses a feature that would retrigger forever on average', () => {
    expect(() => exactSlotRtp({ ...tinyGame, freeSpins: { awarded: 30, multiplier: 2 } })).toThrow(/retrigger/);
  });

  test('refuses a WILD on reel 1', () => {
    expect(() => exactSlotRtp({ ...tinyGame, reels: [['WILD', 'A', 'K'], ...tinyGame.reels.slice(1)] })).toThrow(
      /WILD/,
    );
  });

  test('the real game returns the documented 96.02%', () => {
    const figures = exactSlotRtp();
    expect(figures.combinations).toBe(33 * 34 * 35 * 36 * 37);
    expect(figures.rtp).toBeCloseTo(0.96020831, 8);
    expect(figures.baseGameRtp + figures.freeSpinsRtp).toBeCloseTo(figures.rtp, 12);
    expect(figures.hitFrequency).toBeCloseTo(0.39915066, 8);
    expect(figures.freeSpinsTriggerProbability).toBeCloseTo(0.00553548, 8);
  });

  test('the paytable change moved the base game by exactly 10 line bets times the odds of five Q less five J on a line', () => {
    // Each reel stops uniformly and independently, so a line shows a symbol (or WILD, reels 2-5) on
    // reel k with probability (symbol's stops + WILD's stops) / strip length, whatever row it crosses.
    // A line bet is 1/20 of the total bet and there are 20 lines, so a pay changed by d on every line
    // moves the base game's return by d x that probability, per total bet.
    const fiveOnALine = (symbol: SlotSymbol) =>
      slotGame.reels.reduce(
        (odds, strip) => odds * (strip.filter((stop) => stop === symbol || stop === 'WILD').length / strip.length),
        1,
      );
    const before = exactSlotRtp({ ...slotGame, paytable: SLOT_PAYTABLE_V1 });
    const after = exactSlotRtp();
    expect(before.rtp).toBeCloseTo(0.96052227, 8);
    expect(after.baseGameRtp - before.baseGameRtp).toBeCloseTo(10 * fiveOnALine('Q') - 10 * fiveOnALine('J'), 12);
    // The free spins are base-game spins paid twice, so their part moves the same way.
    expect(after.freeSpinsRtp).toBeLessThan(before.freeSpinsRtp);
    expect(after.hitFrequency).toBe(before.hitFrequency);
  });
});
