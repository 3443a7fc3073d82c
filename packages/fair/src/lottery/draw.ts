// The house's own lottery draws (the fast e-lotteries), provably fair: each draw is one round of the
// fair stream (../fairness.ts), so anyone holding the revealed server seed recomputes it. The exact
// algorithm is written out in ../../README.md, "Lottery draws".
import { createRoundStream, drawDistinct, uniformInt, type RoundSeeds } from '../fairness.ts';
import type { LotteryResult } from './types.ts';

/** The families the house draws itself; the others take an official result entered or imported. */
export const HOUSE_DRAWN_FAMILIES = ['FAST5D', 'FAST3D', 'KENO'] as const;
export type HouseDrawnFamily = (typeof HOUSE_DRAWN_FAMILIES)[number];

export const KENO_POPULATION = 80;
export const KENO_DRAWN = 20;

/**
 * The result of one house draw from its seeds.
 * - FAST5D: five `uniformInt(10)`, positions 1 to 5 left to right.
 * - FAST3D: five `uniformInt(10)` as for FAST5D; the first three are the top, the last two the bottom.
 * - KENO: `drawDistinct(80, 20)`, each plus one: 20 distinct numbers of 1..80 in draw order.
 */
export function drawLotteryResult(family: HouseDrawnFamily, seeds: RoundSeeds): LotteryResult {
  const stream = createRoundStream(seeds);
  switch (family) {
    case 'FAST5D':
      return { family, digits: drawDigits(stream, 5) };
    case 'FAST3D': {
      const digits = drawDigits(stream, 5);
      return { family, top3: digits.slice(0, 3), bottom2: digits.slice(3) };
    }
    case 'KENO':
      return { family, numbers: drawDistinct(stream, KENO_POPULATION, KENO_DRAWN).map((index) => index + 1) };
    default:
      throw new RangeError(`family must be one of ${HOUSE_DRAWN_FAMILIES.join(', ')}`);
  }
}

function drawDigits(stream: ReturnType<typeof createRoundStream>, count: number): string {
  let digits = '';
  for (let i = 0; i < count; i += 1) digits += String(uniformInt(stream, 10));
  return digits;
}
