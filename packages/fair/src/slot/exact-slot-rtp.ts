// The slot's exact return, hit frequency and variance, from the reel strips alone.
//
// Every combination of reel stops is equally likely, so the base game is summed over all of them.
// The sum is pruned without approximation: a line can only pay once its first three reels match,
// so when no line is still matching after reel 3 (or reel 4), the rest of the spin's win depends
// only on how many scatters the remaining reels show, and those reels are summed at once through a
// histogram of their scatter counts. The free-spin feature is then solved in closed form.
import { MIN_SCATTERS_FOR_FREE_SPINS, SLOT_REELS, SLOT_ROWS, slotGame } from './slot-game.ts';
import type { SlotGame, SlotSymbol } from './slot-game.ts';

/** Slot figures per unit of total bet (line bet x number of lines). */
export interface SlotRtp {
  /** Expected return of a paid spin, its free spins included. */
  rtp: number;
  baseGameRtp: number;
  freeSpinsRtp: number;
  /** Probability that a paid spin's base spin wins anything (a trigger always pays scatters). */
  hitFrequency: number;
  /** Probability that a spin (paid or free) shows enough scatters for free spins. */
  freeSpinsTriggerProbability: number;
  /** Expected free spins played per trigger, retriggers included. */
  expectedFreeSpinsPerTrigger: number;
  /** Variance of a paid spin's total win (free spins included), in squared units of total bet. */
  variance: number;
  /** Number of equally likely stop combinations summed over. */
  combinations: number;
}

/** Sums over all stop combinations of one base spin, in multiples of the line bet. */
export interface BaseSpinSums {
  combinations: number;
  win: number;
  winSquared: number;
  hits: number;
  triggers: number;
  /** Sum of the win over the combinations that trigger free spins. */
  winWhenTriggered: number;
}

export function exactSlotRtp(game: SlotGame = slotGame): SlotRtp {
  const sums = sumBaseSpins(game);
  const lineCount = game.lines.length;
  const { awarded, multiplier } = game.freeSpins;
  const n = sums.combinations;
  const meanWin = sums.win / n;
  const meanWinSquared = sums.winSquared / n;
  const trigger = sums.triggers / n;
  const meanWinTimesTrigger = sums.winWhenTriggered / n;

  // One free spin G wins X = multiplier x W and, on a retrigger, T = `awarded` more free spins, each
  // an independent copy of G: G = X + G_1 + ... + G_T. Taking expectations gives
  // E[G] = E[X] / (1 - E[T]) and E[G^2] (1 - E[T]) = E[X^2] + 2 E[G] E[XT] + E[G]^2 E[T(T-1)].
  const expectedNewSpins = awarded * trigger;
  if (expectedNewSpins >= 1)
    throw new RangeError('free spins retrigger too often: the expected number of free spins is infinite');
  const freeSpinMean = (multiplier * meanWin) / (1 - expectedNewSpins);
  const freeSpinSquare =
    (multiplier * multiplier * meanWinSquared +
      2 * freeSpinMean * multiplier * awarded * meanWinTimesTrigger +
      freeSpinMean * freeSpinMean * awarded * (awarded - 1) * trigger) /
    (1 - expectedNewSpins);
  // A trigger awards `awarded` independent free spins F = G_1 + ... + G_awarded.
  const featureMean = awarded * freeSpinMean;
  const featureSquare = awarded * freeSpinSquare + awarded * (awarded - 1) * freeSpinMean * freeSpinMean;

  // A paid spin wins Y = W + F when it triggers, else W; F does not depend on the base spin.
  const roundMean = meanWin + trigger * featureMean;
  const roundSquare = meanWinSquared + 2 * meanWinTimesTrigger * featureMean + trigger * featureSquare;
  return {
    rtp: roundMean / lineCount,
    baseGameRtp: meanWin / lineCount,
    freeSpinsRtp: (trigger * featureMean) / lineCount,
    hitFrequency: sums.hits / n,
    freeSpinsTriggerProbability: trigger,
    expectedFreeSpinsPerTrigger: awarded / (1 - expectedNewSpins),
    variance: (roundSquare - roundMean * roundMean) / (lineCount * lineCount),
    combinations: n,
  };
}

/** Sums one base spin's win (no multiplier) over every combination of reel stops. */
export function sumBaseSpins(game: SlotGame = slotGame): BaseSpinSums {
  assertEnumerable(game);
  const lineCount = game.lines.length;
  const reels = game.reels;
  const lengths = reels.map((strip) => strip.length);
  const cell = (reel: number, stop: number, row: number): SlotSymbol => reels[reel]![(stop + row) % lengths[reel]!]!;
  const scatters = reels.map((strip, reel) =>
    strip.map((_, stop) => {
      let count = 0;
      for (let row = 0; row < SLOT_ROWS; row += 1) if (cell(reel, stop, row) === 'SCATTER') count += 1;
      return count;
    }),
  );
  const scatterWin = (count: number): number =>
    count >= MIN_SCATTERS_FOR_FREE_SPINS ? game.scatterPays[Math.min(count, 5) - 3]! * lineCount : 0;
  const reel5Scatters = histogram(scatters[4]!);
  const reels45Scatters = convolve(histogram(scatters[3]!), reel5Scatters);
  const pays = new Map(game.paytable.map((entry) => [entry.symbol as SlotSymbol, entry.pays]));
  const matches = (symbol: SlotSymbol, reel: number, stop: number, row: number): boolean => {
    const shown = cell(reel, stop, row);
    return shown === symbol || shown === 'WILD';
  };

  const sums: BaseSpinSums = { combinations: 0, win: 0, winSquared: 0, hits: 0, triggers: 0, winWhenTriggered: 0 };
  const add = (weight: number, lineWin: number, scatterCount: number): void => {
    const win = lineWin + scatterWin(scatterCount);
    sums.combinations += weight;
    sums.win += weight * win;
    sums.winSquared += weight * win * win;
    if (win > 0) sums.hits += weight;
    if (scatterCount >= MIN_SCATTERS_FOR_FREE_SPINS) {
      sums.triggers += weight;
      sums.winWhenTriggered += weight * win;
    }
  };

  // Lines still matching after reel 3: their line index and paying symbol's pays.
  type Open = { rows: readonly number[]; symbol: SlotSymbol; pays: readonly number[] };
  for (let s1 = 0; s1 < lengths[0]!; s1 += 1) {
    for (let s2 = 0; s2 < lengths[1]!; s2 += 1) {
      for (let s3 = 0; s3 < lengths[2]!; s3 += 1) {
        const open: Open[] = [];
        for (const rows of game.lines) {
          const symbol = cell(0, s1, rows[0]!);
          const linePays = pays.get(symbol);
          if (linePays && matches(symbol, 1, s2, rows[1]!) && matches(symbol, 2, s3, rows[2]!))
            open.push({ rows, symbol, pays: linePays });
        }
        const scatters3 = scatters[0]![s1]! + scatters[1]![s2]! + scatters[2]![s3]!;
        if (open.length === 0) {
          reels45Scatters.forEach((weight, count) => add(weight, 0, scatters3 + count));
          continue;
        }
        for (let s4 = 0; s4 < lengths[3]!; s4 += 1) {
          let settledWin = 0;
          const stillOpen = open.filter((line) => {
            if (matches(line.symbol, 3, s4, line.rows[3]!)) return true;
            settledWin += line.pays[0]!;
            return false;
          });
          const scatters4 = scatters3 + scatters[3]![s4]!;
          if (stillOpen.length === 0) {
            reel5Scatters.forEach((weight, count) => add(weight, settledWin, scatters4 + count));
            continue;
          }
          for (let s5 = 0; s5 < lengths[4]!; s5 += 1) {
            let lineWin = settledWin;
            for (const line of stillOpen)
              lineWin += matches(line.symbol, 4, s5, line.rows[4]!) ? line.pays[2]! : line.pays[1]!;
            add(1, lineWin, scatters4 + scatters[4]![s5]!);
          }
        }
      }
    }
  }
  return sums;
}

/** histogram[k] = how many entries equal k. */
function histogram(values: readonly number[]): number[] {
  const counts: number[] = [];
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return Array.from(counts, (count) => count ?? 0);
}

/** The histogram of the sum of two independent counts. */
function convolve(a: readonly number[], b: readonly number[]): number[] {
  const result = new Array<number>(a.length + b.length - 1).fill(0);
  a.forEach((weightA, i) => b.forEach((weightB, j) => (result[i + j]! += weightA * weightB)));
  return result;
}

function assertEnumerable(game: SlotGame): void {
  if (game.reels.length !== SLOT_REELS) throw new RangeError(`a slot has ${SLOT_REELS} reels`);
  if (game.reels.some((strip) => strip.length < SLOT_ROWS))
    throw new RangeError(`every reel strip needs at least ${SLOT_ROWS} stops`);
  if (game.reels[0]!.includes('WILD')) throw new RangeError('WILD may not appear on the first reel');
  if (game.lines.some((rows) => rows.length !== SLOT_REELS || rows.some((row) => row < 0 || row >= SLOT_ROWS)))
    throw new RangeError('every line crosses each reel on a row 0 to 2');
}
