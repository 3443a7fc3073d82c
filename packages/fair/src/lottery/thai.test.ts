import { describe, expect, test } from 'vitest';
import {
  FAST3D_PLAYS,
  THAI_GOV_PLAYS,
  THAI_STYLE_PLAYS,
  thaiStyleFromHanoi,
  thaiStyleFromStockIndex,
  thaiStyleFromThaiStock,
  thaiStyleFromYeekeeNumber,
  yeekeeResult,
} from './thai.ts';
import type { ThaiGovResult, ThaiStyleResult } from './thai.ts';
import { BetContentError } from './types.ts';
import type { BetContent, LotteryPlay } from './types.ts';

// Past government draws. Sources (public repositories):
// - 1 Mar 2564 (2021): northcodeman/lotto, result-huay/huay-thai.php (first prize, both front-3,
//   both back-3, last-2).
// - 30 Dec 2561 (2018) and 1 Dec 2561: rayriffy/thai-lotto-api, README.md (its /latest and
//   /lottery/01122561 samples, scraped from news.sanook.com). In both samples the back-3 numbers
//   repeat the front-3 numbers exactly; the scraper read one block twice, so the back-3 of these two
//   draws is what the sample shows, not necessarily what was drawn. The plays do not care: each test
//   below is computed by hand from the numbers as written here.
const MAR_1_2021: ThaiGovResult = {
  family: 'THAI_GOV',
  first: '835538',
  front3: ['290', '838'],
  back3: ['051', '806'],
  last2: '73',
};
const DEC_30_2018: ThaiGovResult = {
  family: 'THAI_GOV',
  first: '735867',
  front3: ['701', '884'],
  back3: ['701', '884'],
  last2: '02',
};
const DEC_1_2018: ThaiGovResult = {
  family: 'THAI_GOV',
  first: '021840',
  front3: ['561', '988'],
  back3: ['561', '988'],
  last2: '67',
};

const rowOf = (text: string): BetContent => ({ rows: [text.split(',')] });
const govPlay = (code: string) => byCode(THAI_GOV_PLAYS, code);
function byCode(plays: readonly LotteryPlay[], code: string): LotteryPlay {
  const play = plays.find((candidate) => candidate.code === code);
  if (!play) throw new Error(`no play ${code}`);
  return play;
}

describe('Thai government plays against past draws', () => {
  test.each([
    // [draw, play, content, hand-computed win in hundredths]
    [MAR_1_2021, 'THAI_3TOP', '538', 90_000],
    [MAR_1_2021, 'THAI_3TOP', '835,583', 0],
    [MAR_1_2021, 'THAI_3TOD', '853', 13_000],
    [MAR_1_2021, 'THAI_3TOD', '538,111', 13_000],
    [MAR_1_2021, 'THAI_3FRONT', '290,838,051', 80_000],
    [MAR_1_2021, 'THAI_3FRONT', '538', 0],
    [MAR_1_2021, 'THAI_3BACK', '051,806', 80_000],
    [MAR_1_2021, 'THAI_3BACK', '290', 0],
    [MAR_1_2021, 'THAI_2TOP', '38', 9_000],
    [MAR_1_2021, 'THAI_2TOP', '73', 0],
    [MAR_1_2021, 'THAI_2BOTTOM', '73,37', 9_000],
    [MAR_1_2021, 'THAI_RUN_TOP', '5,3,8,0', 960],
    [MAR_1_2021, 'THAI_RUN_BOTTOM', '7,3,5', 840],
    [MAR_1_2021, 'THAI_FIRST_PRIZE', '835538', 90_000_000],
    [MAR_1_2021, 'THAI_FIRST_PRIZE', '835539,538835', 0],
    [DEC_30_2018, 'THAI_3TOP', '867', 90_000],
    [DEC_30_2018, 'THAI_3TOD', '786,123', 13_000],
    [DEC_30_2018, 'THAI_3FRONT', '701', 40_000],
    [DEC_30_2018, 'THAI_3BACK', '884', 40_000],
    [DEC_30_2018, 'THAI_2TOP', '67', 9_000],
    [DEC_30_2018, 'THAI_2BOTTOM', '02', 9_000],
    [DEC_30_2018, 'THAI_2BOTTOM', '20', 0],
    [DEC_30_2018, 'THAI_RUN_BOTTOM', '0,2', 840],
    [DEC_1_2018, 'THAI_3TOP', '840', 90_000],
    [DEC_1_2018, 'THAI_3TOD', '048', 13_000],
    [DEC_1_2018, 'THAI_2TOP', '40', 9_000],
    [DEC_1_2018, 'THAI_2BOTTOM', '67', 9_000],
    [DEC_1_2018, 'THAI_RUN_TOP', '0', 320],
    [DEC_1_2018, 'THAI_FIRST_PRIZE', '021840', 90_000_000],
  ] as const)('%#: %s', (draw, code, content, win) => {
    expect(govPlay(code).winHundredths(rowOf(content), draw)).toBe(win);
  });

  test('a 3 front number equal to both official front numbers pays twice (made-up result)', () => {
    const twice: ThaiGovResult = { ...MAR_1_2021, front3: ['290', '290'] };
    expect(govPlay('THAI_3FRONT').winHundredths(rowOf('290'), twice)).toBe(80_000);
  });

  test('every play counts one unit per number', () => {
    expect(govPlay('THAI_3TOP').count(rowOf('123,456,789'))).toBe(3);
    expect(govPlay('THAI_RUN_TOP').count(rowOf('0,1,2,3,4,5,6,7,8,9'))).toBe(10);
    expect(govPlay('THAI_FIRST_PRIZE').count(rowOf('835538'))).toBe(1);
  });

  test('ids, codes and default odds (market-rules 1.3, government rate)', () => {
    expect(THAI_GOV_PLAYS.map((play) => [play.code, play.playId, play.oddsHundredths])).toEqual([
      ['THAI_3TOP', 2055, 90_000],
      ['THAI_3TOD', 9101, 13_000],
      ['THAI_2TOP', 9104, 9_000],
      ['THAI_2BOTTOM', 2060, 9_000],
      ['THAI_RUN_TOP', 9105, 320],
      ['THAI_RUN_BOTTOM', 9106, 420],
      ['THAI_3FRONT', 9102, 40_000],
      ['THAI_3BACK', 9103, 40_000],
      ['THAI_FIRST_PRIZE', 9107, 90_000_000],
    ]);
    expect(THAI_STYLE_PLAYS.map((play) => play.oddsHundredths)).toEqual([80_000, 12_000, 9_000, 9_000, 320, 420]);
  });
});

describe('refused contents', () => {
  test.each([
    ['THAI_3TOP', { rows: [['12']] }, 'not a 3-digit number'],
    ['THAI_3TOP', { rows: [['1234']] }, 'not a 3-digit number'],
    ['THAI_3TOP', { rows: [['12A']] }, 'not a 3-digit number'],
    ['THAI_3TOP', { rows: [['123', '123']] }, 'named twice'],
    ['THAI_3TOD', { rows: [['112', '121']] }, 'named twice'],
    ['THAI_2TOP', { rows: [['12'], ['34']] }, 'one row'],
    ['THAI_2TOP', { rows: [[]] }, 'no number'],
    ['THAI_2TOP', { positions: [1], rows: [['12']] }, 'no positions'],
    ['THAI_RUN_TOP', { rows: [['12']] }, 'not a 1-digit number'],
    ['THAI_FIRST_PRIZE', { rows: [['83553']] }, 'not a 6-digit number'],
  ] as const)('%s %j', (code, content, message) => {
    const play = govPlay(code);
    const copy: BetContent = { ...content, rows: content.rows.map((row) => [...row]) } as BetContent;
    expect(() => play.count(copy)).toThrow(BetContentError);
    expect(() => play.count(copy)).toThrow(message);
    expect(() => play.winHundredths(copy, MAR_1_2021)).toThrow(BetContentError);
  });

  test('a result of another family or a malformed result is the caller’s mistake', () => {
    const hanoi = thaiStyleFromHanoi('52552', '56247');
    expect(() => govPlay('THAI_3TOP').winHundredths(rowOf('552'), hanoi)).toThrow(RangeError);
    expect(() => govPlay('THAI_3TOP').winHundredths(rowOf('552'), { ...MAR_1_2021, first: '83553' })).toThrow('first');
    expect(() =>
      govPlay('THAI_3BACK').winHundredths(rowOf('051'), {
        ...MAR_1_2021,
        back3: ['051'] as unknown as [string, string],
      }),
    ).toThrow('back3');
  });
});

describe('Thai-style results and plays', () => {
  // The northern Vietnamese draw of 1 Jan 2016 (see vietnam.test.ts for its source): ĐB 52552, G1 56247.
  const hanoi = thaiStyleFromHanoi('52552', '56247');
  const style = (code: string) => byCode(THAI_STYLE_PLAYS, code);

  test('Hanoi: 4 and 3 top from the special prize, 2 bottom from the first prize', () => {
    expect(hanoi).toEqual({ family: 'THAI_STYLE', top4: '2552', top3: '552', bottom2: '47' });
    expect(style('THAI_3TOP').winHundredths(rowOf('552,255'), hanoi)).toBe(80_000);
    expect(style('THAI_3TOD').winHundredths(rowOf('255'), hanoi)).toBe(12_000);
    expect(style('THAI_2TOP').winHundredths(rowOf('52'), hanoi)).toBe(9_000);
    expect(style('THAI_2BOTTOM').winHundredths(rowOf('47'), hanoi)).toBe(9_000);
    expect(() => thaiStyleFromHanoi('2552', '56247')).toThrow('special');
  });

  test('tod on 112 wins on 121; a run pays once when its digit appears twice (made-up results)', () => {
    const result: ThaiStyleResult = { family: 'THAI_STYLE', top3: '121', bottom2: '55' };
    expect(style('THAI_3TOD').winHundredths(rowOf('112'), result)).toBe(12_000);
    expect(style('THAI_3TOD').winHundredths(rowOf('122'), result)).toBe(0);
    expect(style('THAI_3TOP').winHundredths(rowOf('112'), result)).toBe(0);
    expect(style('THAI_RUN_TOP').winHundredths(rowOf('1'), result)).toBe(320);
    expect(style('THAI_RUN_BOTTOM').winHundredths(rowOf('5'), result)).toBe(420);
  });

  test('FAST3D takes the same bet types against its own result', () => {
    const result = { family: 'FAST3D', top3: '907', bottom2: '31' } as const;
    expect(byCode(FAST3D_PLAYS, 'THAI_3TOP').winHundredths(rowOf('907'), result)).toBe(80_000);
    expect(byCode(FAST3D_PLAYS, 'THAI_RUN_BOTTOM').winHundredths(rowOf('1,3'), result)).toBe(840);
    expect(() => byCode(FAST3D_PLAYS, 'THAI_3TOP').winHundredths(rowOf('907'), hanoi)).toThrow(RangeError);
  });

  test('stock index (made-up values): units digit and decimals of the close, decimals of the change', () => {
    expect(thaiStyleFromStockIndex({ close: '38654.42', change: '-123.05' })).toEqual({
      family: 'THAI_STYLE',
      top3: '442',
      bottom2: '05',
    });
    expect(thaiStyleFromStockIndex({ close: '7.90', change: '+0.00' })).toMatchObject({ top3: '790', bottom2: '00' });
    for (const bad of [
      { close: '38654.4', change: '1.00' },
      { close: '38,654.42', change: '1.00' },
      { close: '-38654.42', change: '1.00' },
      { close: '38654.42', change: '1' },
      { close: 38654.42 as unknown as string, change: '1.00' },
    ])
      expect(() => thaiStyleFromStockIndex(bad)).toThrow(RangeError);
  });

  test('Thai stock (made-up values): last decimal of SET50, two decimals of SET, of the change', () => {
    expect(thaiStyleFromThaiStock({ set: '1423.57', set50: '912.38', setChange: '+4.21' })).toMatchObject({
      top3: '857',
      bottom2: '21',
    });
  });
});

describe('Yee-Kee', () => {
  test('the worked example of market-rules 1.8: 1,234,567,890 − 51,876 = 1,234,516,014 → 014 / 16', () => {
    expect(1_234_567_890n - 51_876n).toBe(1_234_516_014n);
    expect(thaiStyleFromYeekeeNumber(1_234_567_890n - 51_876n)).toEqual({
      family: 'THAI_STYLE',
      top3: '014',
      bottom2: '16',
    });
  });

  test('sum of the shots minus the 16th', () => {
    const shots = Array.from({ length: 21 }, (_, index) => (index === 15 ? '51876' : '10000'));
    // 20 × 10,000 + 51,876 − 51,876 = 200,000
    expect(yeekeeResult(shots)).toEqual({
      status: 'drawn',
      sum: 251_876n,
      subtracted: 51_876n,
      number: 200_000n,
      result: { family: 'THAI_STYLE', top3: '000', bottom2: '00' },
    });
    const small = Array.from({ length: 20 }, (_, index) => (index === 15 ? '00001' : '00123'));
    // 19 × 123 = 2,337 → top 337, bottom 02 (leading zeros kept)
    expect(yeekeeResult(small)).toMatchObject({ number: 2_337n, result: { top3: '337', bottom2: '02' } });
  });

  test('fewer than 20 shots is void; a shot that is not 5 digits is refused', () => {
    expect(yeekeeResult(Array.from({ length: 19 }, () => '12345'))).toEqual({
      status: 'void',
      reason: 'too_few_shots',
      shotCount: 19,
    });
    expect(() => yeekeeResult([...Array.from({ length: 19 }, () => '12345'), '1234'])).toThrow('shots[19]');
  });
});
