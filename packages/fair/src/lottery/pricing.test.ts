import { describe, expect, test } from 'vitest';
import { FULL_SERIES, LotteryPricingError, betCost, betWinMinor, checkSeries, seriesOdds } from './pricing.ts';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof LotteryPricingError) return error.code;
    throw error;
  }
  throw new Error('expected a LotteryPricingError');
}

describe('betCost', () => {
  test.each<[number, bigint, number, bigint]>([
    [1, 1n, 1, 1n],
    [12, 200n, 3, 7200n],
    // 1000 combinations (every 3-digit number) x 1,000,000.00 x 1000: far past 2^53, exact.
    [1000, 100_000_000n, 1000, 100_000_000_000_000n],
    [1000, 9_007_199_254_740_993n, 7, 63_050_394_783_186_951_000n],
  ])('%i units x %i x multiple %i = %i', (units, stakePerUnitMinor, multiple, cost) => {
    expect(betCost({ units, stakePerUnitMinor, multiple })).toBe(cost);
  });

  test.each<[string, { units: number; stakePerUnitMinor: bigint; multiple: number }]>([
    ['no units', { units: 0, stakePerUnitMinor: 100n, multiple: 1 }],
    ['fractional units', { units: 1.5, stakePerUnitMinor: 100n, multiple: 1 }],
    ['a zero stake', { units: 1, stakePerUnitMinor: 0n, multiple: 1 }],
    ['a negative stake', { units: 1, stakePerUnitMinor: -5n, multiple: 1 }],
    ['a number stake', { units: 1, stakePerUnitMinor: 5 as unknown as bigint, multiple: 1 }],
    ['a zero multiple', { units: 1, stakePerUnitMinor: 100n, multiple: 0 }],
    ['an unsafe multiple', { units: 1, stakePerUnitMinor: 100n, multiple: 2 ** 53 }],
  ])('refuses %s', (_name, bet) => {
    expect(codeOf(() => betCost(bet))).toBe('amount_invalid');
  });
});

describe('betWinMinor', () => {
  test.each<[bigint, number, number, number, bigint]>([
    // 100 x 1 x 980 x 2000 / 200000 = 980: the full odds at the full series.
    [100n, 1, 980, 2000, 980n],
    // 100 x 1 x 980 x 1950 / 200000 = 955.5, rounded down.
    [100n, 1, 980, 1950, 955n],
    // 1 x 1 x 196 x 2000 / 200000 = 1.96 -> 1.
    [1n, 1, 196, 2000, 1n],
    // 1 x 1 x 99 x 2000 / 200000 = 0.99 -> 0: a win too small to pay a minor unit.
    [1n, 1, 99, 2000, 0n],
    [100n, 1, 0, 2000, 0n],
    // 3 x 7 x 9800 x 1990 / 200000 = 2047.71 -> 2047.
    [3n, 7, 9800, 1990, 2047n],
    // 1,000,000 x 100 x 98000 x 2000 / 200000 = 98,000,000,000: the product 1.96e19 is past 2^53.
    [1_000_000n, 100, 98000, 2000, 98_000_000_000n],
    // 123,456,789 x 999 x 9,999,999 x 1999 / 200000 = 12,327,165,321,772,794.9... -> ...794.
    [123_456_789n, 999, 9_999_999, 1999, 12_327_165_321_772_794n],
  ])(
    'stake %i x multiple %i at %i hundredths, series %i, wins %i',
    (stakePerUnitMinor, multiple, winHundredths, series, win) => {
      expect(betWinMinor({ stakePerUnitMinor, multiple, winHundredths, series })).toBe(win);
    },
  );

  test.each<[string, number, number, string]>([
    ['a negative win', -1, 2000, 'amount_invalid'],
    ['a fractional win', 1.5, 2000, 'amount_invalid'],
    ['series 0', 100, 0, 'series_invalid'],
    ['a series above the full series', 100, FULL_SERIES + 1, 'series_invalid'],
    ['a fractional series', 100, 1950.5, 'series_invalid'],
  ])('refuses %s', (_name, winHundredths, series, code) => {
    expect(codeOf(() => betWinMinor({ stakePerUnitMinor: 100n, multiple: 1, winHundredths, series }))).toBe(code);
  });
});

describe('seriesOdds', () => {
  test.each<[number, number, number]>([
    [980, 2000, 980],
    [980, 1950, 955], // 955.5 shown 9.55
    [196, 1980, 194], // 194.04
    [98000, 1800, 88200],
    [1, 1, 0],
  ])('%i hundredths at series %i show %i', (odds, series, shown) => {
    expect(seriesOdds(odds, series)).toBe(shown);
  });

  test('refuses odds of 0 and a series of 2001', () => {
    expect(codeOf(() => seriesOdds(0, 2000))).toBe('amount_invalid');
    expect(codeOf(() => seriesOdds(980, 2001))).toBe('series_invalid');
  });
});

describe('checkSeries', () => {
  const range = { minSeries: 1800, maxSeries: 1960 };
  test.each([1800, 1900, 1960])('accepts %i within 1800..1960', (series) => {
    expect(checkSeries(series, range)).toBe(series);
  });
  test.each<[number, string]>([
    [1799, 'series_out_of_range'],
    [1961, 'series_out_of_range'],
    [2000, 'series_out_of_range'],
    [1900.5, 'series_invalid'],
    [2001, 'series_invalid'],
    [Number.NaN, 'series_invalid'],
  ])('refuses %d with %s', (series, code) => {
    expect(codeOf(() => checkSeries(series, range))).toBe(code);
  });
});
