import { describe, expect, test } from 'vitest';
import { lotteryPlay, lotteryPlays } from './catalogue.ts';
import { LOTTERY_FAMILIES } from './types.ts';
import type { LotteryFamily } from './types.ts';

describe('lottery catalogue', () => {
  const all = LOTTERY_FAMILIES.flatMap((family) => lotteryPlays(family).map((play) => ({ family, play })));

  test.each(LOTTERY_FAMILIES)('%s: every play is of the family, with an id and a code named once', (family) => {
    const plays = lotteryPlays(family);
    expect(plays.every((play) => play.family === family)).toBe(true);
    expect(new Set(plays.map((play) => play.playId)).size).toBe(plays.length);
    expect(new Set(plays.map((play) => play.code)).size).toBe(plays.length);
  });

  test('an id means one bet type in every family (the same id never names two codes)', () => {
    const codeById = new Map<number, string>();
    for (const { play } of all) {
      expect(codeById.get(play.playId) ?? play.code, `play id ${play.playId}`).toBe(play.code);
      codeById.set(play.playId, play.code);
    }
  });

  test('holds every family: the house-drawn fast games, the Thai families, Lao and Vietnam', () => {
    for (const family of LOTTERY_FAMILIES) expect(lotteryPlays(family).length, family).toBeGreaterThan(0);
    expect(lotteryPlays('FAST5D')).toHaveLength(7);
    expect(lotteryPlays('KENO')).toHaveLength(12);
  });

  test.each<[LotteryFamily, number | string, string | undefined]>([
    ['FAST5D', 9001, 'FAST5D_POS'],
    ['FAST5D', 'FAST5D_BACK3', 'FAST5D_BACK3'],
    ['KENO', 9060, 'KENO_PICK10'],
    ['KENO', 'KENO_SUM_OE', 'KENO_SUM_OE'],
    ['THAI_GOV', 2055, 'THAI_3TOP'],
    ['FAST3D', 2055, 'THAI_3TOP'],
    ['VN_NORTH', 2100, 'VN_DE'],
    ['VN_SOUTH', 'VN_DE', 'VN_DE'],
    // A play of another family is not found: the game's family decides.
    ['KENO', 9001, undefined],
    ['FAST5D', 'KENO_PICK1', undefined],
    ['FAST5D', '9001', undefined],
    ['FAST5D', 'fast5d_pos', undefined],
  ])('lotteryPlay(%s, %j) is %s', (family, key, code) => {
    expect(lotteryPlay(family, key)?.code).toBe(code);
  });

  test('an unknown family has no plays (a stored game of an old family is not an exception)', () => {
    expect(lotteryPlays('constructor' as LotteryFamily)).toEqual([]);
    expect(lotteryPlay('MARK6' as LotteryFamily, 9001)).toBeUndefined();
  });
});
