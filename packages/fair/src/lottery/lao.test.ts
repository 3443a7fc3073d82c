import { describe, expect, test } from 'vitest';
import { LAO_PLAYS, laoToThaiStyle } from './lao.ts';
import type { LaoResult } from './lao.ts';
import { THAI_STYLE_PLAYS } from './thai.ts';
import { BetContentError } from './types.ts';
import type { BetContent, LotteryPlay } from './types.ts';

// Past Lao draws. Source: northcodeman/lotto, result-huay/huay-lao.php (public repository).
// - 1 Mar 2564 (2021): shown whole, "5 ตัวตรง" 99887 and "4 ตัวตรง" 9887, 3 top 887, 2 bottom 98.
// - 25 Feb and 15 Feb 2564: its history table gives 3 top / 2 bottom only (791 / 17, 917 / 09).
//   The four digits are rebuilt from them (first two, then the last three overlapping by one digit:
//   1791, 0917); the overlapping digit agrees in both, which checks the reading.
const MAR_1_2021: LaoResult = { family: 'LAO', number: '9887' };
const FEB_25_2021: LaoResult = { family: 'LAO', number: '1791' };
const FEB_15_2021: LaoResult = { family: 'LAO', number: '0917' };

const rowOf = (text: string): BetContent => ({ rows: [text.split(',')] });
function byCode(plays: readonly LotteryPlay[], code: string): LotteryPlay {
  const play = plays.find((candidate) => candidate.code === code);
  if (!play) throw new Error(`no play ${code}`);
  return play;
}

describe('Lao plays against past draws', () => {
  test.each([
    [MAR_1_2021, 'LAO_4D_EXACT', '9887', 800_000],
    [MAR_1_2021, 'LAO_4D_EXACT', '7889', 0],
    [MAR_1_2021, 'LAO_4D_ANY', '7889', 33_000],
    [MAR_1_2021, 'LAO_3D_EXACT', '887,788', 80_000],
    [MAR_1_2021, 'LAO_3D_ANY', '788', 12_000],
    [MAR_1_2021, 'LAO_2D_EXACT', '98', 9_000],
    [MAR_1_2021, 'LAO_2D_EXACT', '87', 0], // the last two are 2 top, not a Lao 2D
    [MAR_1_2021, 'LAO_2D_ANY', '89', 4_500],
    [FEB_25_2021, 'LAO_4D_ANY', '1179', 33_000],
    [FEB_25_2021, 'LAO_3D_EXACT', '791', 80_000],
    [FEB_25_2021, 'LAO_2D_EXACT', '17', 9_000],
    [FEB_25_2021, 'LAO_2D_ANY', '71', 4_500],
    [FEB_15_2021, 'LAO_4D_EXACT', '0917', 800_000],
    [FEB_15_2021, 'LAO_4D_ANY', '9710', 33_000],
    [FEB_15_2021, 'LAO_3D_ANY', '179', 12_000],
    [FEB_15_2021, 'LAO_2D_EXACT', '09', 9_000],
    [{ family: 'LAO', number: '99887' } as LaoResult, 'LAO_4D_EXACT', '9887', 800_000],
  ] as const)('%#: %s', (draw, code, content, win) => {
    expect(byCode(LAO_PLAYS, code).winHundredths(rowOf(content), draw)).toBe(win);
  });

  test('ids (assumed, see lao.ts) and counts', () => {
    expect(LAO_PLAYS.map((play) => [play.code, play.playId])).toEqual([
      ['LAO_4D_EXACT', 2129],
      ['LAO_4D_ANY', 2132],
      ['LAO_3D_EXACT', 2135],
      ['LAO_3D_ANY', 2138],
      ['LAO_2D_EXACT', 2141],
      ['LAO_2D_ANY', 2144],
    ]);
    expect(byCode(LAO_PLAYS, 'LAO_4D_EXACT').count(rowOf('0000,1234,9999'))).toBe(3);
  });

  test('refuses wrong lengths, repeats and malformed results', () => {
    expect(() => byCode(LAO_PLAYS, 'LAO_4D_EXACT').count(rowOf('988'))).toThrow('not a 4-digit number');
    expect(() => byCode(LAO_PLAYS, 'LAO_4D_ANY').count(rowOf('7889,8978'))).toThrow('named twice');
    // 71 and 17 are one any-order number: refused rather than paid twice.
    expect(() => byCode(LAO_PLAYS, 'LAO_2D_ANY').count(rowOf('71,17'))).toThrow(BetContentError);
    expect(() => byCode(LAO_PLAYS, 'LAO_3D_EXACT').count({ rows: [['887'], ['788']] })).toThrow('one row');
    expect(() =>
      byCode(LAO_PLAYS, 'LAO_3D_EXACT').winHundredths(rowOf('887'), { family: 'LAO', number: '887' }),
    ).toThrow(RangeError);
  });
});

describe('a Lao draw read Thai-style', () => {
  test('4 top, 3 top = the last three, 2 bottom = the first two', () => {
    expect(laoToThaiStyle('9887')).toEqual({ family: 'THAI_STYLE', top4: '9887', top3: '887', bottom2: '98' });
    expect(laoToThaiStyle('99887')).toEqual(laoToThaiStyle('9887'));
    expect(laoToThaiStyle('0917')).toMatchObject({ top3: '917', bottom2: '09' });
    expect(byCode(THAI_STYLE_PLAYS, 'THAI_2TOP').winHundredths(rowOf('87'), laoToThaiStyle('9887'))).toBe(9_000);
    expect(() => laoToThaiStyle('988')).toThrow(RangeError);
  });
});
