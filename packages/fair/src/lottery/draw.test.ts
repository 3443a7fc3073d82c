import { describe, expect, test } from 'vitest';
import type { RoundSeeds } from '../fairness.ts';
import { drawLotteryResult, HOUSE_DRAWN_FAMILIES, type HouseDrawnFamily } from './draw.ts';

const serverSeed = '4f3c2a1b9e8d7c6b5a4938271605f4e3d2c1b0a99887766554433221100ffee0';
const seeds = (clientSeed: string, nonce = 0): RoundSeeds => ({ serverSeed, clientSeed, nonce });

describe('drawLotteryResult', () => {
  // Known answers, recomputed independently with the Python of README.md ("Lottery draws").
  test.each<[HouseDrawnFamily, unknown]>([
    ['FAST5D', { family: 'FAST5D', digits: '77885' }],
    ['FAST3D', { family: 'FAST3D', top3: '778', bottom2: '85' }],
    [
      'KENO',
      { family: 'KENO', numbers: [48, 4, 11, 24, 40, 51, 68, 57, 60, 55, 19, 53, 67, 77, 29, 75, 7, 10, 66, 13] },
    ],
  ])('%s from the fixed seeds is the known answer', (family, expected) => {
    expect(drawLotteryResult(family, seeds('FAST5D_1M:20261127-0841'))).toEqual(expected);
  });

  test.each(HOUSE_DRAWN_FAMILIES)('%s is the same for the same seeds and differs with the client seed', (family) => {
    expect(drawLotteryResult(family, seeds('a'))).toEqual(drawLotteryResult(family, seeds('a')));
    const others = ['b', 'c', 'd', 'e'].map((clientSeed) =>
      JSON.stringify(drawLotteryResult(family, seeds(clientSeed))),
    );
    expect(others).not.toEqual(Array(4).fill(JSON.stringify(drawLotteryResult(family, seeds('a')))));
  });

  test('refuses a family the house does not draw, and bad seeds', () => {
    expect(() => drawLotteryResult('THAI_GOV' as HouseDrawnFamily, seeds('a'))).toThrow(/family/);
    expect(() => drawLotteryResult('FAST5D', { serverSeed: '', clientSeed: 'a', nonce: 0 })).toThrow(/serverSeed/);
    expect(() => drawLotteryResult('KENO', { serverSeed, clientSeed: '', nonce: 0 })).toThrow(/clientSeed/);
  });

  // The seeds are fixed, so these never flake; the bounds are still wide enough to hold for any seeds.
  // Over 2,000 draws each digit is expected 200 times per position (sd about 13) and each Keno number
  // 500 times (sd about 19): bounds over 5 standard deviations away, which a broken draw (a stuck
  // digit, an off-by-one that never draws 80) still fails by far.
  const draws = 2_000;
  test('FAST5D and FAST3D digits are within range and roughly uniform per position', () => {
    for (const family of ['FAST5D', 'FAST3D'] as const) {
      const counts = Array.from({ length: 5 }, () => Array<number>(10).fill(0));
      for (let i = 0; i < draws; i += 1) {
        const result = drawLotteryResult(family, seeds(`uniform-${i}`));
        const digits =
          result.family === 'FAST5D' ? result.digits : result.family === 'FAST3D' ? result.top3 + result.bottom2 : '';
        expect(digits).toMatch(/^\d{5}$/);
        [...digits].forEach((digit, position) => (counts[position]![Number(digit)]! += 1));
      }
      for (const position of counts)
        for (const count of position) {
          expect(count).toBeGreaterThan(130);
          expect(count).toBeLessThan(270);
        }
    }
  });

  test('Keno draws 20 distinct numbers of 1..80, each number roughly as often', () => {
    const counts = Array<number>(81).fill(0);
    for (let i = 0; i < draws; i += 1) {
      const result = drawLotteryResult('KENO', seeds(`uniform-${i}`));
      if (result.family !== 'KENO') throw new Error('not a Keno result');
      expect(result.numbers).toHaveLength(20);
      expect(new Set(result.numbers).size).toBe(20);
      for (const number of result.numbers) {
        expect(Number.isInteger(number) && number >= 1 && number <= 80).toBe(true);
        counts[number]! += 1;
      }
    }
    for (const count of counts.slice(1)) {
      expect(count).toBeGreaterThan(375);
      expect(count).toBeLessThan(625);
    }
  });
});
