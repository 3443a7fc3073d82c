// Playing the slot: reel stops from the fair stream, the grid they show, and its wins.
import { createRoundStream, uniformInt } from '../fairness.ts';
import type { RandomStream, RoundSeeds } from '../fairness.ts';
import { MIN_SCATTERS_FOR_FREE_SPINS, SLOT_REELS, SLOT_ROWS, slotGame } from './slot-game.ts';
import type { SlotGame, SlotSymbol } from './slot-game.ts';

export interface LineWin {
  /** 1-based payline number, as on the info screen. */
  line: number;
  symbol: SlotSymbol;
  count: 3 | 4 | 5;
  winMinor: number;
}

/** One spin, paid or free. `grid[reel][row]`, row 0 at the top. */
export interface SlotSpin {
  stops: number[];
  grid: SlotSymbol[][];
  lineWins: LineWin[];
  scatterCount: number;
  scatterWinMinor: number;
  freeSpinsAwarded: number;
  /** Line wins plus scatter win of this spin, free-spin multiplier included. */
  winMinor: number;
}

/** A paid spin with the free spins it led to (retriggers included), in play order. */
export interface SlotRound extends SlotSpin {
  betPerLineMinor: number;
  totalBetMinor: number;
  freeSpins: SlotSpin[];
  totalWinMinor: number;
}

/** The grid shown by the given stops. */
export function gridAt(stops: readonly number[], game: SlotGame = slotGame): SlotSymbol[][] {
  return game.reels.map((strip, reel) => {
    const stop = stops[reel]!;
    return Array.from({ length: SLOT_ROWS }, (_, row) => strip[(stop + row) % strip.length]!);
  });
}

/**
 * The wins of a grid. A line pays its first symbol's pay for the run of reels, from the left,
 * showing that symbol or WILD (3 to 5 reels). Scatters pay by their number anywhere on the grid,
 * as a multiple of the total bet. `multiplier` is the free-spin multiplier (1 in the base game).
 */
export function evaluateSlotGrid(
  grid: readonly (readonly SlotSymbol[])[],
  betPerLineMinor: number,
  game: SlotGame = slotGame,
  multiplier = 1,
): Omit<SlotSpin, 'stops' | 'grid'> {
  assertBetPerLine(betPerLineMinor);
  const lineWins: LineWin[] = [];
  game.lines.forEach((rows, index) => {
    const symbol = grid[0]![rows[0]!]!;
    const linePay = game.paytable.find((entry) => entry.symbol === symbol);
    if (!linePay) return;
    let count = 1;
    while (count < SLOT_REELS) {
      const next = grid[count]![rows[count]!]!;
      if (next !== symbol && next !== 'WILD') break;
      count += 1;
    }
    if (count < 3) return;
    const pay = linePay.pays[count - 3]!;
    lineWins.push({ line: index + 1, symbol, count: count as 3 | 4 | 5, winMinor: pay * betPerLineMinor * multiplier });
  });

  const scatterCount = grid.reduce((sum, column) => sum + column.filter((symbol) => symbol === 'SCATTER').length, 0);
  const totalBetMinor = betPerLineMinor * game.lines.length;
  const scatterPay = scatterCount >= 3 ? game.scatterPays[Math.min(scatterCount, 5) - 3]! : 0;
  const scatterWinMinor = scatterPay * totalBetMinor * multiplier;
  const freeSpinsAwarded = scatterCount >= MIN_SCATTERS_FOR_FREE_SPINS ? game.freeSpins.awarded : 0;
  const winMinor = lineWins.reduce((sum, win) => sum + win.winMinor, 0) + scatterWinMinor;
  return { lineWins, scatterCount, scatterWinMinor, freeSpinsAwarded, winMinor };
}

/** One spin drawn from the stream: one uniformInt per reel, reels 1 to 5 in order. */
export function playSpin(
  stream: RandomStream,
  betPerLineMinor: number,
  game: SlotGame = slotGame,
  multiplier = 1,
): SlotSpin {
  const stops = game.reels.map((strip) => uniformInt(stream, strip.length));
  const grid = gridAt(stops, game);
  return { stops, grid, ...evaluateSlotGrid(grid, betPerLineMinor, game, multiplier) };
}

/**
 * Plays `count` free spins, and the ones they retrigger, from the same stream, at the game's
 * free-spin multiplier. A retrigger adds the awarded spins to those still to play.
 */
export function playFreeSpins(
  stream: RandomStream,
  count: number,
  betPerLineMinor: number,
  game: SlotGame = slotGame,
): SlotSpin[] {
  const spins: SlotSpin[] = [];
  let remaining = count;
  while (remaining > 0) {
    const spin = playSpin(stream, betPerLineMinor, game, game.freeSpins.multiplier);
    spins.push(spin);
    remaining += spin.freeSpinsAwarded - 1;
  }
  return spins;
}

/**
 * A whole paid round: the base spin, then its free spins, all from the one stream of
 * (serverSeed, clientSeed, nonce), so the round is recomputed from the seeds alone.
 */
export function spinSlot(seeds: RoundSeeds, betPerLineMinor: number, game: SlotGame = slotGame): SlotRound {
  assertBetPerLine(betPerLineMinor);
  const stream = createRoundStream(seeds);
  const base = playSpin(stream, betPerLineMinor, game);
  const freeSpins = playFreeSpins(stream, base.freeSpinsAwarded, betPerLineMinor, game);
  const totalWinMinor = freeSpins.reduce((sum, spin) => sum + spin.winMinor, base.winMinor);
  return { ...base, betPerLineMinor, totalBetMinor: betPerLineMinor * game.lines.length, freeSpins, totalWinMinor };
}

function assertBetPerLine(betPerLineMinor: number): void {
  // Money is integer minor units; a fraction or a non-positive bet is a caller's bug.
  if (!Number.isSafeInteger(betPerLineMinor) || betPerLineMinor < 1)
    throw new RangeError('betPerLineMinor must be a positive integer');
}
