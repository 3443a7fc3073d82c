import { evaluateSlotGrid, gridAt, SLOT_REEL_STRIPS, spinSlot, type SlotSymbol } from '@lotus/fair';
import { describe, expect, test } from 'vitest';
import { isSpinKey, reelSequence, winningCells, winTier } from './slot-play.ts';

describe('reelSequence', () => {
  test.each([0, 5, 31, 32])(
    'a spin to stop %i lands on the grid the server shows, after the symbols showing now',
    (stop) => {
      const strip = SLOT_REEL_STRIPS[0]!;
      const showing: SlotSymbol[] = ['WILD', 'WILD', 'WILD'];
      const sequence = reelSequence(strip, stop, showing, 9);
      expect(sequence).toHaveLength(3 + 9 + 3);
      expect(sequence.slice(0, 3)).toEqual(gridAt([stop, 0, 0, 0, 0])[0]);
      expect(sequence.slice(-3)).toEqual(showing);
      // The symbols running past are the strip's own, in order (wrapping at its end).
      expect(sequence.slice(3, 12)).toEqual(
        Array.from({ length: 9 }, (_, index) => strip[(stop + 3 + index) % strip.length]),
      );
    },
  );
});

describe('winningCells', () => {
  test('lights each winning line over its run only, and scatters only when they pay', () => {
    // Line 2 (top row) has LOTUS on reels 1-3 (a WILD on reel 2) and J after: a run of 3.
    const grid: SlotSymbol[][] = [
      ['LOTUS', 'K', 'SCATTER'],
      ['WILD', 'Q', 'A'],
      ['LOTUS', 'SCATTER', 'K'],
      ['J', 'A', 'Q'],
      ['K', 'J', 'A'],
    ];
    const spin = { grid, ...evaluateSlotGrid(grid, 5) };
    expect(spin.lineWins.map((win) => [win.line, win.symbol, win.count])).toEqual([[2, 'LOTUS', 3]]);
    expect([...winningCells(spin)].sort()).toEqual(['0:0', '1:0', '2:0']);
    // Two scatters pay nothing, so they are not lit.
    expect(spin.scatterWinMinor).toBe(0);
  });

  test('paying scatters are lit wherever they are', () => {
    const grid: SlotSymbol[][] = [
      ['SCATTER', 'K', 'Q'],
      ['A', 'SCATTER', 'J'],
      ['Q', 'K', 'SCATTER'],
      ['J', 'A', 'Q'],
      ['K', 'J', 'A'],
    ];
    const spin = { grid, ...evaluateSlotGrid(grid, 5) };
    expect(spin.lineWins).toEqual([]);
    expect([...winningCells(spin)].sort()).toEqual(['0:0', '1:1', '2:2']);
  });

  test('a real round: every lit cell belongs to a winning line or a scatter', () => {
    for (let nonce = 0; nonce < 40; nonce += 1) {
      const round = spinSlot({ serverSeed: 'a'.repeat(64), clientSeed: 'cells', nonce }, 5);
      const lit = winningCells(round);
      expect(lit.size === 0).toBe(round.lineWins.length === 0 && round.scatterWinMinor === 0);
    }
  });
});

test.each([
  [0, 100, 'none'],
  [1, 100, 'win'],
  [999, 100, 'win'],
  [1_000, 100, 'big'],
  [4_999, 100, 'big'],
  [5_000, 100, 'mega'],
] as const)('a win of %i on a bet of %i is %s', (win, bet, tier) => {
  expect(winTier(win, bet)).toBe(tier);
});

test.each([
  [' ', 'BODY', false, true],
  ['Enter', 'MAIN', false, true],
  [' ', 'BODY', true, false],
  ['a', 'BODY', false, false],
  [' ', 'INPUT', false, false],
  ['Enter', 'BUTTON', false, false],
  [' ', 'select', false, false],
])('key %j on %s (repeat %s) spins: %s', (key, tag, repeat, spins) => {
  expect(isSpinKey({ key, repeat }, tag)).toBe(spins);
});
