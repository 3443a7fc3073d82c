import { describe, expect, test } from 'vitest';
import { createRoundStream, uniformInt } from '../fairness.ts';
import type { RandomStream, RoundSeeds } from '../fairness.ts';
import { SLOT_LINES, SLOT_REEL_STRIPS, slotGame } from './slot-game.ts';
import type { SlotSymbol } from './slot-game.ts';
import { evaluateSlotGrid, gridAt, playFreeSpins, spinSlot } from './spin-slot.ts';

/** A grid from five columns written top to bottom, e.g. 'A LOTUS Q'. */
function grid(...columns: string[]): SlotSymbol[][] {
  return columns.map((column) => column.split(' ') as SlotSymbol[]);
}

/** A stream whose words are the given reel stops, so uniformInt returns them unchanged. */
function stopsStream(stops: number[]): RandomStream {
  let next = 0;
  return {
    nextUint32() {
      if (next >= stops.length) throw new Error('scripted stops exhausted');
      return stops[next++]!;
    },
  };
}

const window = (reel: number, stop: number) =>
  [0, 1, 2].map((row) => SLOT_REEL_STRIPS[reel]![(stop + row) % SLOT_REEL_STRIPS[reel]!.length]!);
/** The first stop of each reel that shows a scatter, and the first that shows none. */
const scatterStops = SLOT_REEL_STRIPS.map((_, reel) =>
  SLOT_REEL_STRIPS[reel]!.findIndex((__, stop) => window(reel, stop).includes('SCATTER')),
);
const quietStops = SLOT_REEL_STRIPS.map((_, reel) =>
  SLOT_REEL_STRIPS[reel]!.findIndex((__, stop) => !window(reel, stop).includes('SCATTER')),
);

describe('the game data', () => {
  test('has 20 distinct lines over 5 reels and 3 rows', () => {
    expect(SLOT_LINES).toHaveLength(20);
    expect(new Set(SLOT_LINES.map((rows) => rows.join(''))).size).toBe(20);
    for (const rows of SLOT_LINES) expect(rows.every((row) => row >= 0 && row <= 2) && rows.length === 5).toBe(true);
  });

  test('has five different strips of 30 to 40 stops, no WILD on reel 1 and one scatter per window at most', () => {
    expect(new Set(SLOT_REEL_STRIPS.map((strip) => strip.join(','))).size).toBe(5);
    expect(SLOT_REEL_STRIPS[0]).not.toContain('WILD');
    SLOT_REEL_STRIPS.forEach((strip, reel) => {
      expect(strip.length).toBeGreaterThanOrEqual(30);
      expect(strip.length).toBeLessThanOrEqual(40);
      strip.forEach((_, stop) =>
        expect(window(reel, stop).filter((symbol) => symbol === 'SCATTER').length).toBeLessThanOrEqual(1),
      );
    });
  });
});

describe('evaluateSlotGrid', () => {
  test.each([0, -5, 2.5])('refuses a line bet of %d', (bet) => {
    expect(() =>
      evaluateSlotGrid(grid('A K Q', 'J ELEPHANT TIGER', 'A K Q', 'J ELEPHANT TIGER', 'A K Q'), bet),
    ).toThrow(/betPerLineMinor/);
  });

  test.each([
    {
      name: 'no symbol continues from reel 1 to reel 2: nothing',
      columns: ['A K Q', 'J ELEPHANT TIGER', 'A K Q', 'J ELEPHANT TIGER', 'A K Q'],
      lineWins: [],
      scatterCount: 0,
      win: 0,
    },
    {
      name: 'five LOTUS on line 1 with a WILD on reel 3',
      columns: ['A LOTUS Q', 'J LOTUS TIGER', 'K WILD DRAGON', 'J LOTUS TIGER', 'Q LOTUS A'],
      lineWins: [{ line: 1, symbol: 'LOTUS', count: 5, winMinor: 1500 * 5 }],
      scatterCount: 0,
      win: 1500 * 5,
    },
    {
      name: 'three DRAGON on the V of line 4, broken by a K on reel 4',
      columns: ['DRAGON A Q', 'J DRAGON TIGER', 'K Q WILD', 'A K ELEPHANT', 'DRAGON J A'],
      lineWins: [{ line: 4, symbol: 'DRAGON', count: 3, winMinor: 50 * 5 }],
      scatterCount: 0,
      win: 50 * 5,
    },
    {
      name: 'four A on line 2 through a WILD, and three scatters',
      columns: ['A SCATTER K', 'WILD Q J', 'A SCATTER TIGER', 'A J Q', 'K SCATTER ELEPHANT'],
      lineWins: [{ line: 2, symbol: 'A', count: 4, winMinor: 60 * 5 }],
      scatterCount: 3,
      // Scatters pay 2 x the total bet of 20 lines x 5.
      win: 60 * 5 + 2 * 100,
    },
    {
      name: 'a line that starts on a SCATTER does not pay; five scatters pay 50 x total bet',
      columns: ['SCATTER K Q', 'SCATTER ELEPHANT TIGER', 'SCATTER K Q', 'SCATTER ELEPHANT TIGER', 'SCATTER K Q'],
      lineWins: [],
      scatterCount: 5,
      win: 50 * 100,
    },
    {
      name: 'two LOTUS then a WILD-free break pays nothing (no 2-of-a-kind pays)',
      columns: ['LOTUS K Q', 'LOTUS ELEPHANT TIGER', 'A K Q', 'LOTUS ELEPHANT TIGER', 'LOTUS K Q'],
      lineWins: [],
      scatterCount: 0,
      win: 0,
    },
  ])('$name', ({ columns, lineWins, scatterCount, win }) => {
    const result = evaluateSlotGrid(grid(...columns), 5);
    expect(result.lineWins).toEqual(lineWins);
    expect(result.scatterCount).toBe(scatterCount);
    expect(result.freeSpinsAwarded).toBe(scatterCount >= 3 ? 10 : 0);
    expect(result.winMinor).toBe(win);
  });

  test('the free-spin multiplier doubles line and scatter wins', () => {
    const columns = grid('A SCATTER K', 'WILD Q J', 'A SCATTER TIGER', 'A J Q', 'K SCATTER ELEPHANT');
    const base = evaluateSlotGrid(columns, 5);
    const doubled = evaluateSlotGrid(columns, 5, slotGame, 2);
    expect(doubled.scatterWinMinor).toBe(2 * base.scatterWinMinor);
    expect(doubled.winMinor).toBe(2 * base.winMinor);
  });
});

describe('free spins', () => {
  test('a retrigger adds 10 spins, all at x2', () => {
    // Spin 1 shows scatters on reels 1 to 3 (a retrigger); the next 10 spins show none.
    const trigger = [scatterStops[0]!, scatterStops[1]!, scatterStops[2]!, quietStops[3]!, quietStops[4]!];
    const stream = stopsStream([...trigger, ...Array.from({ length: 10 }, () => quietStops).flat()]);
    const spins = playFreeSpins(stream, 1, 3);
    expect(spins).toHaveLength(11);
    expect(spins[0]!.freeSpinsAwarded).toBe(10);
    expect(spins[0]!.scatterWinMinor).toBe(2 * 2 * 60);
    for (const spin of spins) expect(spin.winMinor).toBe(2 * evaluateSlotGrid(spin.grid, 3).winMinor);
  });
});

describe('spinSlot', () => {
  const seeds: RoundSeeds = {
    serverSeed: 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00',
    clientSeed: 'player-seed',
    nonce: 0,
  };

  test('takes one uniformInt per reel from the round stream, in reel order', () => {
    const stream = createRoundStream(seeds);
    const stops = SLOT_REEL_STRIPS.map((strip) => uniformInt(stream, strip.length));
    const round = spinSlot(seeds, 1);
    expect(round.stops).toEqual(stops);
    expect(round.grid).toEqual(gridAt(stops));
    expect(round.totalBetMinor).toBe(20);
  });

  test('a stored round is recomputed from its seeds', () => {
    const stored = JSON.parse(JSON.stringify(spinSlot({ ...seeds, nonce: 7 }, 10)));
    expect(spinSlot({ ...seeds, nonce: 7 }, 10)).toEqual(stored);
  });

  test('free spins continue the same stream after the base spin and add to the total', () => {
    // Search the nonces of these fixed seeds for a round that triggers (about 1 in 180).
    let nonce = 0;
    while (spinSlot({ ...seeds, nonce }, 1).freeSpinsAwarded === 0) nonce += 1;
    const round = spinSlot({ ...seeds, nonce }, 1);
    expect(round.freeSpins.length).toBeGreaterThanOrEqual(10);

    const stream = createRoundStream({ ...seeds, nonce });
    for (const strip of SLOT_REEL_STRIPS) uniformInt(stream, strip.length);
    const firstFreeStops = SLOT_REEL_STRIPS.map((strip) => uniformInt(stream, strip.length));
    expect(round.freeSpins[0]!.stops).toEqual(firstFreeStops);
    expect(round.totalWinMinor).toBe(round.winMinor + round.freeSpins.reduce((sum, spin) => sum + spin.winMinor, 0));
  });
});
