import { describe, expect, test } from 'vitest';
import { parseBetContent } from './bet-content.ts';
import { FAST5D_PLAYS } from './fast5d.ts';
import { expectContentError } from './lottery.testing.ts';
import type { BetContentError, LotteryPlay, LotteryResult } from './types.ts';

function play(code: string): LotteryPlay {
  const found = FAST5D_PLAYS.find((candidate) => candidate.code === code);
  if (found === undefined) throw new Error(`no play ${code}`);
  return found;
}

const result = (digits: string): LotteryResult => ({ family: 'FAST5D', digits });

/** Every one of the 100,000 equally likely results, made once for the exact-return sums. */
const ALL_RESULTS: LotteryResult[] = Array.from({ length: 100_000 }, (_, n) => result(String(n).padStart(5, '0')));

describe('FAST5D plays', () => {
  test('have ids 9001-9007, distinct codes, and odds of 0.98 / P(unit wins)', () => {
    expect(FAST5D_PLAYS.map((p) => [p.playId, p.code, p.oddsHundredths])).toEqual([
      [9001, 'FAST5D_POS', 980],
      [9002, 'FAST5D_POS_BSOE', 196],
      [9003, 'FAST5D_SUM_BSOE', 196],
      [9004, 'FAST5D_FRONT2', 9800],
      [9005, 'FAST5D_BACK2', 9800],
      [9006, 'FAST5D_FRONT3', 98000],
      [9007, 'FAST5D_BACK3', 98000],
    ]);
    expect(FAST5D_PLAYS.every((p) => p.family === 'FAST5D')).toBe(true);
  });

  test.each<[string, string, BetContentError['code'], RegExp]>([
    ['FAST5D_POS', '1|2|3|4', 'content_invalid', /5 rows/],
    ['FAST5D_POS', '1|2|3|4|5|6', 'content_invalid', /5 rows/],
    ['FAST5D_POS', '-|-|-|-|-', 'content_invalid', /no digit/],
    ['FAST5D_POS', '1,1|-|-|-|-', 'content_invalid', /row 1: 1 is named twice/],
    ['FAST5D_POS', '-|12|-|-|-', 'content_invalid', /row 2: "12" is not one digit/],
    ['FAST5D_POS', '-|-|BIG|-|-', 'content_invalid', /row 3/],
    ['FAST5D_POS', '1@1|-|-|-|-', 'positions_invalid', /no positions/],
    ['FAST5D_POS_BSOE', 'BIG', 'positions_invalid', /needs positions/],
    ['FAST5D_POS_BSOE', '6@BIG', 'positions_invalid', /position 6/],
    ['FAST5D_POS_BSOE', '1@BIG|ODD', 'content_invalid', /one row/],
    ['FAST5D_POS_BSOE', '1@-', 'content_invalid', /no choice/],
    ['FAST5D_POS_BSOE', '1@BIG,BIG', 'content_invalid', /BIG is named twice/],
    ['FAST5D_POS_BSOE', '1@HIGH', 'content_invalid', /"HIGH" is not BIG/],
    ['FAST5D_POS_BSOE', '1@5', 'content_invalid', /"5" is not BIG/],
    ['FAST5D_SUM_BSOE', '1@BIG', 'positions_invalid', /no positions/],
    ['FAST5D_SUM_BSOE', 'BIG|ODD', 'content_invalid', /one row/],
    ['FAST5D_SUM_BSOE', 'TIE', 'content_invalid', /"TIE"/],
    ['FAST5D_FRONT2', '1', 'content_invalid', /2 rows/],
    ['FAST5D_FRONT2', '1|-', 'content_invalid', /row 2 has no digit/],
    ['FAST5D_FRONT2', '1|2|3', 'content_invalid', /2 rows/],
    ['FAST5D_BACK2', '1,2,1|3', 'content_invalid', /row 1: 1 is named twice/],
    ['FAST5D_FRONT3', '1|2', 'content_invalid', /3 rows/],
    ['FAST5D_BACK3', '1|2|A', 'content_invalid', /row 3/],
    ['FAST5D_BACK3', '3@1|2|3', 'positions_invalid', /no positions/],
  ])('%s refuses %j', (code, text, errorCode, message) => {
    const content = parseBetContent(text);
    for (const run of [() => play(code).count(content), () => play(code).winHundredths(content, result('12345'))])
      expectContentError(run, errorCode, message);
  });

  test.each<[string, string, number]>([
    ['FAST5D_POS', '1|-|-|-|-', 1],
    ['FAST5D_POS', '1,2|-|-|-|9', 3],
    [
      'FAST5D_POS',
      '0,1,2,3,4,5,6,7,8,9|0,1,2,3,4,5,6,7,8,9|0,1,2,3,4,5,6,7,8,9|0,1,2,3,4,5,6,7,8,9|0,1,2,3,4,5,6,7,8,9',
      50,
    ],
    ['FAST5D_POS_BSOE', '3@BIG', 1],
    ['FAST5D_POS_BSOE', '1,5@BIG,ODD', 4],
    ['FAST5D_POS_BSOE', '1,2,3,4,5@BIG,SMALL,ODD,EVEN', 20],
    ['FAST5D_SUM_BSOE', 'BIG,EVEN', 2],
    ['FAST5D_SUM_BSOE', 'SMALL,BIG,EVEN,ODD', 4],
    ['FAST5D_FRONT2', '1,2|3', 2],
    ['FAST5D_FRONT2', '0,1,2,3,4,5,6,7,8,9|0,1,2,3,4,5,6,7,8,9', 100],
    ['FAST5D_BACK2', '1,2,3|4,5', 6],
    ['FAST5D_FRONT3', '0|0|0,9', 2],
    ['FAST5D_BACK3', '1,2|3,4,5|6,7,8,9', 24],
    ['FAST5D_BACK3', '0,1,2,3,4,5,6,7,8,9|0,1,2,3,4,5,6,7,8,9|0,1,2,3,4,5,6,7,8,9', 1000],
  ])('%s %j is %i units', (code, text, units) => {
    expect(play(code).count(parseBetContent(text))).toBe(units);
  });

  test.each<[string, string, string, number]>([
    // Position digit: 9.80 per position whose digit was chosen.
    ['FAST5D_POS', '1,2|-|-|-|9', '12349', 980 * 2],
    ['FAST5D_POS', '1,2|-|-|-|9', '21348', 980],
    ['FAST5D_POS', '1,2|-|-|-|9', '31349', 980],
    ['FAST5D_POS', '1,2|-|-|-|9', '91341', 0],
    ['FAST5D_POS', '0|0|0|0|0', '00000', 980 * 5],
    // 0 at position 1 of 01234 (positions are left to right), 4 at position 5.
    ['FAST5D_POS', '0|-|-|-|4', '01234', 980 * 2],
    ['FAST5D_POS', '4|-|-|-|0', '01234', 0],
    // Position choices: 0 1 2 3 4 at positions 1-5 of 01234 are all small; 1 and 3 are odd.
    ['FAST5D_POS_BSOE', '1,5@BIG,ODD', '01234', 0],
    ['FAST5D_POS_BSOE', '2,4@SMALL,ODD', '01234', 196 * 4],
    ['FAST5D_POS_BSOE', '1,2,3,4,5@BIG,SMALL,ODD,EVEN', '01234', 196 * 10],
    // 4 is small and 5 big: the boundary.
    ['FAST5D_POS_BSOE', '1,2@BIG,SMALL', '45000', 196 * 2],
    ['FAST5D_POS_BSOE', '1,2@BIG', '45000', 196],
    // Sum of 01234 is 10: small and even. 22 is small, 23 big: the boundary.
    ['FAST5D_SUM_BSOE', 'SMALL,EVEN', '01234', 196 * 2],
    ['FAST5D_SUM_BSOE', 'BIG,ODD', '01234', 0],
    ['FAST5D_SUM_BSOE', 'SMALL,BIG', '99400', 196], // 22
    ['FAST5D_SUM_BSOE', 'BIG', '99410', 196], // 23
    ['FAST5D_SUM_BSOE', 'BIG,ODD', '99999', 196 * 2], // 45
    ['FAST5D_SUM_BSOE', 'SMALL,EVEN', '00000', 196 * 2], // 0
    // Straights: the front two of 12345 are 12, the back two 45, the front three 123, the back three 345.
    ['FAST5D_FRONT2', '1,2|2,3', '12345', 9800],
    ['FAST5D_FRONT2', '2|1', '12345', 0],
    ['FAST5D_BACK2', '4|5', '12345', 9800],
    ['FAST5D_BACK2', '1|2', '12345', 0],
    ['FAST5D_FRONT3', '1|2|3,4', '12345', 98000],
    ['FAST5D_FRONT3', '3|4|5', '12345', 0],
    ['FAST5D_BACK3', '3|4|5', '12345', 98000],
    ['FAST5D_BACK3', '0,1,2,3,4,5,6,7,8,9|0,1,2,3,4,5,6,7,8,9|0,1,2,3,4,5,6,7,8,9', '12345', 98000],
    ['FAST5D_BACK3', '1|2|3', '12345', 0],
  ])('%s %j against %s wins %i hundredths', (code, text, digits, win) => {
    expect(play(code).winHundredths(parseBetContent(text), result(digits))).toBe(win);
  });

  // The exact return: a unit staked 1 wins on average sum(win) / 100,000 / 100, so a return of
  // exactly 98% is sum(win over all results) = 98 x units x 100,000 hundredths.
  test.each<[string, string]>([
    ['FAST5D_POS', '7|-|-|-|-'],
    ['FAST5D_POS', '1,2|-|3,4,5|-|9'],
    ['FAST5D_POS_BSOE', '1@BIG'],
    ['FAST5D_POS_BSOE', '2,5@SMALL,EVEN'],
    ['FAST5D_POS_BSOE', '3,4@ODD'],
    ['FAST5D_SUM_BSOE', 'BIG'],
    ['FAST5D_SUM_BSOE', 'SMALL'],
    ['FAST5D_SUM_BSOE', 'ODD,EVEN'],
    ['FAST5D_FRONT2', '0|9'],
    ['FAST5D_BACK2', '1,2,3|4,5'],
    ['FAST5D_FRONT3', '5|5|5'],
    ['FAST5D_BACK3', '0,1|2|3,9'],
  ])('%s %j returns exactly 98% over all 100,000 results (house edge 2%)', (code, text) => {
    const content = parseBetContent(text);
    const units = play(code).count(content);
    let totalWin = 0;
    for (const each of ALL_RESULTS) totalWin += play(code).winHundredths(content, each);
    expect(totalWin).toBe(98 * units * ALL_RESULTS.length);
  });

  /** A content each play takes, to show the result is checked whatever the content. */
  const VALID_CONTENT: Record<string, string> = {
    FAST5D_POS: '1|-|-|-|-',
    FAST5D_POS_BSOE: '1@BIG',
    FAST5D_SUM_BSOE: 'BIG',
    FAST5D_FRONT2: '1|2',
    FAST5D_BACK2: '1|2',
    FAST5D_FRONT3: '1|2|3',
    FAST5D_BACK3: '1|2|3',
  };

  test.each<[string, LotteryResult, RegExp]>([
    ['a Keno result', { family: 'KENO', numbers: [1] }, /KENO result cannot settle/],
    ['four digits', result('1234'), /five digits/],
    ['a letter', result('1234A'), /five digits/],
  ])('every play refuses to settle against %s', (_name, bad, message) => {
    for (const each of FAST5D_PLAYS) {
      const content = parseBetContent(VALID_CONTENT[each.code]!);
      expect(each.winHundredths(content, result('12345'))).toBeGreaterThanOrEqual(0);
      expect(() => each.winHundredths(content, bad)).toThrow(message);
    }
  });
});
