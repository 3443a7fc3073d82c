import { describe, expect, test } from 'vitest';
import { exactBaccaratReturns } from './exact-baccarat-returns.ts';
import type { BaccaratBet } from './settle-baccarat-bet.ts';

describe('exactBaccaratReturns', () => {
  // Published 8-deck figures (e.g. the Wizard of Odds baccarat tables): banker 0.458597,
  // player 0.446247, tie 0.095156; house edges 1.0579%, 1.2351%, 14.3596% (tie 8:1) and 10.3614%
  // (pair 11:1). A pair is 31 of the 415 cards left after the first one: exactly 31/415.
  const figures = exactBaccaratReturns();

  test('outcome probabilities', () => {
    expect(figures.probabilities.banker).toBeCloseTo(0.458597, 6);
    expect(figures.probabilities.player).toBeCloseTo(0.446247, 6);
    expect(figures.probabilities.tie).toBeCloseTo(0.095156, 6);
    expect(figures.probabilities.player + figures.probabilities.banker + figures.probabilities.tie).toBeCloseTo(1, 14);
    expect(figures.probabilities.playerPair).toBeCloseTo(31 / 415, 14);
    expect(figures.probabilities.bankerPair).toBeCloseTo(31 / 415, 14);
  });

  test.each<[BaccaratBet, number]>([
    ['BANKER', 1 - 0.010579],
    ['PLAYER', 1 - 0.012351],
    ['TIE', 1 - 0.143596],
    ['PLAYER_PAIR', 1 - 0.103614],
    ['BANKER_PAIR', 1 - 0.103614],
  ])('%s returns %d per unit staked', (bet, rtp) => {
    expect(figures.returns[bet].rtp).toBeCloseTo(rtp, 6);
  });

  test('variances follow from the probabilities', () => {
    const { player, banker, tie, playerPair } = figures.probabilities;
    const variance = (outcomes: [probability: number, returned: number][]) => {
      const mean = outcomes.reduce((sum, [p, r]) => sum + p * r, 0);
      return outcomes.reduce((sum, [p, r]) => sum + p * r * r, 0) - mean * mean;
    };
    expect(figures.returns.PLAYER.variance).toBeCloseTo(
      variance([
        [player, 2],
        [tie, 1],
      ]),
      12,
    );
    expect(figures.returns.BANKER.variance).toBeCloseTo(
      variance([
        [banker, 1.95],
        [tie, 1],
      ]),
      12,
    );
    expect(figures.returns.TIE.variance).toBeCloseTo(variance([[tie, 9]]), 12);
    expect(figures.returns.PLAYER_PAIR.variance).toBeCloseTo(variance([[playerPair, 12]]), 12);
  });
});
