import { describe, expect, test } from 'vitest';
import { parseBetContent } from './bet-content.ts';
import { KENO_PAYTABLE, KENO_PLAYS } from './keno.ts';
import { expectContentError } from './lottery.testing.ts';
import type { BetContentError, LotteryPlay, LotteryResult } from './types.ts';

function play(code: string): LotteryPlay {
  const found = KENO_PLAYS.find((candidate) => candidate.code === code);
  if (found === undefined) throw new Error(`no play ${code}`);
  return found;
}

const keno = (numbers: number[]): LotteryResult => ({ family: 'KENO', numbers });
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** 1..20: sum 210, the smallest. */
const LOWEST = keno(range(1, 20));

function choose(n: number, k: number): bigint {
  let value = 1n;
  for (let i = 0; i < k; i += 1) value = (value * BigInt(n - i)) / BigInt(i + 1);
  return value;
}
const ALL_DRAWS = choose(80, 20);

/** numerator / denominator as a percentage rounded half up to `decimals` places, exactly. */
function percent(numerator: bigint, denominator: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals + 2);
  const rounded = (numerator * scale * 2n + denominator) / (2n * denominator);
  const text = rounded.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

describe('Keno plays', () => {
  test('have ids 9051-9062 and their top prize as odds', () => {
    expect(KENO_PLAYS.map((p) => [p.playId, p.code, p.oddsHundredths])).toEqual([
      [9051, 'KENO_PICK1', 372],
      [9052, 'KENO_PICK2', 1550],
      [9053, 'KENO_PICK3', 4700],
      [9054, 'KENO_PICK4', 15000],
      [9055, 'KENO_PICK5', 68000],
      [9056, 'KENO_PICK6', 150000],
      [9057, 'KENO_PICK7', 700000],
      [9058, 'KENO_PICK8', 1500000],
      [9059, 'KENO_PICK9', 3000000],
      [9060, 'KENO_PICK10', 6000000],
      [9061, 'KENO_SUM_BS', 197],
      [9062, 'KENO_SUM_OE', 196],
    ]);
  });

  test.each<[string, string, BetContentError['code'], RegExp]>([
    ['KENO_PICK1', '1,2', 'content_invalid', /1 numbers, not 2/],
    ['KENO_PICK3', '1,2', 'content_invalid', /3 numbers, not 2/],
    ['KENO_PICK2', '1|2', 'content_invalid', /one row/],
    ['KENO_PICK2', '1,1', 'content_invalid', /1 is named twice/],
    ['KENO_PICK1', '0', 'content_invalid', /"0" is not a number of 1..80/],
    ['KENO_PICK1', '81', 'content_invalid', /"81"/],
    ['KENO_PICK1', '07', 'content_invalid', /leading zero/],
    ['KENO_PICK1', '100', 'content_invalid', /"100"/],
    ['KENO_PICK1', 'BIG', 'content_invalid', /"BIG"/],
    ['KENO_PICK1', '-', 'content_invalid', /1 numbers, not 0/],
    ['KENO_PICK1', '1@5', 'positions_invalid', /no positions/],
    ['KENO_SUM_BS', 'ODD', 'content_invalid', /"ODD" is not BIG or SMALL/],
    ['KENO_SUM_BS', 'BIG,BIG', 'content_invalid', /BIG is named twice/],
    ['KENO_SUM_BS', '-', 'content_invalid', /no choice/],
    ['KENO_SUM_BS', 'BIG|SMALL', 'content_invalid', /one row/],
    ['KENO_SUM_OE', 'TIE', 'content_invalid', /"TIE" is not ODD or EVEN/],
    ['KENO_SUM_OE', '1@ODD', 'positions_invalid', /no positions/],
  ])('%s refuses %j', (code, text, errorCode, message) => {
    const content = parseBetContent(text);
    for (const run of [() => play(code).count(content), () => play(code).winHundredths(content, LOWEST)])
      expectContentError(run, errorCode, message);
  });

  test.each<[string, string, number]>([
    ['KENO_PICK1', '80', 1],
    ['KENO_PICK10', '1,2,3,4,5,6,7,8,9,80', 1],
    ['KENO_SUM_BS', 'BIG', 1],
    ['KENO_SUM_BS', 'SMALL,BIG', 2],
    ['KENO_SUM_OE', 'ODD,EVEN', 2],
  ])('%s %j is %i units', (code, text, units) => {
    expect(play(code).count(parseBetContent(text))).toBe(units);
  });

  test.each<[string, string, number[], number]>([
    ['KENO_PICK1', '5', range(1, 20), 372],
    ['KENO_PICK1', '21', range(1, 20), 0],
    // Pick 3 with 2 hits pays 2.00, with 3 hits 47.00; the order of picks and draw does not matter.
    ['KENO_PICK3', '80,1,2', range(1, 20), 200],
    ['KENO_PICK3', '20,1,2', range(1, 20).reverse(), 4700],
    ['KENO_PICK3', '1,21,22', range(1, 20), 0],
    // Pick 10: 0 hits pays 2.00, 1 to 4 hits nothing, 10 hits 60,000.00.
    ['KENO_PICK10', '71,72,73,74,75,76,77,78,79,80', range(1, 20), 200],
    ['KENO_PICK10', '1,72,73,74,75,76,77,78,79,80', range(1, 20), 0],
    ['KENO_PICK10', '1,2,3,4,75,76,77,78,79,80', range(1, 20), 0],
    ['KENO_PICK10', '1,2,3,4,5,76,77,78,79,80', range(1, 20), 400],
    ['KENO_PICK10', '1,2,3,4,5,6,7,8,9,10', range(1, 20), 6000000],
    // Sums: 1..20 is 210 (small, even); 61..80 is 1410 (big, even).
    ['KENO_SUM_BS', 'BIG,SMALL', range(1, 20), 197],
    ['KENO_SUM_BS', 'BIG', range(1, 20), 0],
    ['KENO_SUM_BS', 'BIG', range(61, 80), 197],
    ['KENO_SUM_OE', 'EVEN', range(61, 80), 196],
    ['KENO_SUM_OE', 'ODD,EVEN', range(61, 80), 196],
    // 1..19 and 21 sum to 211: odd.
    ['KENO_SUM_OE', 'ODD', [...range(1, 19), 21], 196],
    // 1..10 and 71..80 sum to 55 + 755 = 810: a tie, both big and small lose.
    ['KENO_SUM_BS', 'BIG,SMALL', [...range(1, 10), ...range(71, 80)], 0],
    // 811: one more than the tie is big; 809 is small.
    ['KENO_SUM_BS', 'BIG', [...range(1, 9), 11, ...range(71, 80)], 197],
    ['KENO_SUM_BS', 'SMALL', [...range(1, 10), 70, ...range(72, 80)], 197],
  ])('%s %j against %j wins %i hundredths', (code, text, numbers, win) => {
    expect(play(code).winHundredths(parseBetContent(text), keno(numbers))).toBe(win);
  });

  test.each<[string, LotteryResult, RegExp]>([
    ['a FAST5D result', { family: 'FAST5D', digits: '12345' }, /FAST5D result cannot settle/],
    ['19 numbers', keno(range(1, 19)), /20 distinct/],
    ['21 numbers', keno(range(1, 21)), /20 distinct/],
    ['a repeated number', keno([...range(1, 19), 19]), /20 distinct/],
    ['81', keno([...range(1, 19), 81]), /1..80/],
    ['0', keno([...range(1, 19), 0]), /1..80/],
    ['a fraction', keno([...range(1, 19), 20.5]), /1..80/],
  ])('every play refuses to settle against %s', (_name, bad, message) => {
    for (const each of KENO_PLAYS) {
      const picks = /^KENO_PICK(\d+)$/.exec(each.code)?.[1];
      const text =
        picks !== undefined ? range(1, Number(picks)).join(',') : each.code === 'KENO_SUM_BS' ? 'BIG' : 'ODD';
      expect(each.winHundredths(parseBetContent(text), LOWEST)).toBeGreaterThanOrEqual(0);
      expect(() => each.winHundredths(parseBetContent(text), bad)).toThrow(message);
    }
  });
});

describe('Keno exact returns', () => {
  // For each hit count h, a draw with exactly h of the picks 1..k (the first h picks and 20 - h
  // numbers above k) is settled by the play itself, and its win is weighted by the number of
  // draws with h hits, C(k,h) C(80-k,20-h). The sum over h divided by C(80,20) is the return.
  test.each<[number, string, string]>([
    [1, '93.0000', '25.0000'],
    [2, '93.1962', '6.0127'],
    [3, '92.9649', '15.2629'],
    [4, '93.1632', '25.8947'],
    [5, '93.2201', '9.6672'],
    [6, '92.9071', '16.1582'],
    [7, '93.7970', '23.6579'],
    [8, '93.1949', '10.2338'],
    [9, '93.0274', '15.3051'],
    [10, '92.6177', '11.0451'],
  ])('pick %i returns %s% and pays something on %s% of draws', (picks, returnPercent, hitPercent) => {
    const pickPlay = play(`KENO_PICK${picks}`);
    const content = parseBetContent(range(1, picks).join(','));
    let winSum = 0n;
    let payingDraws = 0n;
    for (let hits = 0; hits <= picks; hits += 1) {
      const draw = keno([...range(1, hits), ...range(picks + 1, picks + 20 - hits)]);
      const ways = choose(picks, hits) * choose(80 - picks, 20 - hits);
      const win = pickPlay.winHundredths(content, draw);
      winSum += BigInt(win) * ways;
      if (win > 0) payingDraws += ways;
    }
    expect(percent(winSum, 100n * ALL_DRAWS, 4)).toBe(returnPercent);
    expect(percent(payingDraws, ALL_DRAWS, 4)).toBe(hitPercent);
  });

  test('every paytable pays more for more hits', () => {
    for (let picks = 1; picks <= 10; picks += 1) {
      const paying = Object.entries(KENO_PAYTABLE[picks]!).filter(([hits]) => Number(hits) > 0);
      const pays = paying.map(([, pay]) => pay);
      expect(pays).toEqual([...pays].sort((a, b) => a - b));
    }
  });

  let drawsBySumMemo: bigint[] | undefined;
  /** How many of the C(80,20) draws have each sum, by dynamic programming over the numbers 1..80. */
  function drawsBySum(): bigint[] {
    if (drawsBySumMemo !== undefined) return drawsBySumMemo;
    const maxSum = range(61, 80).reduce((a, b) => a + b, 0);
    // ways[c][s]: sets of c numbers among those seen so far, summing to s.
    const ways = Array.from({ length: 21 }, () => new Array<bigint>(maxSum + 1).fill(0n));
    ways[0]![0] = 1n;
    for (let number = 1; number <= 80; number += 1)
      for (let count = Math.min(20, number); count >= 1; count -= 1) {
        const into = ways[count]!;
        const from = ways[count - 1]!;
        for (let sum = maxSum; sum >= number; sum -= 1) if (from[sum - number]! > 0n) into[sum]! += from[sum - number]!;
      }
    drawsBySumMemo = ways[20]!;
    return drawsBySumMemo;
  }

  /** Some 20 distinct numbers of 1..80 summing to `sum` (210..1410): 1..20, the largest raised first. */
  function drawWithSum(sum: number): LotteryResult {
    const numbers = range(1, 20);
    let missing = sum - 210;
    for (let i = 19; i >= 0; i -= 1) {
      const raise = Math.min(61 + i - numbers[i]!, missing);
      numbers[i]! += raise;
      missing -= raise;
    }
    return keno(numbers);
  }

  test.each<[string, string, string, string]>([
    // P(big) = P(small) = 1,759,886,689,338,606,861 / C(80,20); P(810) = 15,542,763,534,960,598 / C(80,20).
    ['KENO_SUM_BS', 'BIG', '98.066952', '1759886689338606861'],
    ['KENO_SUM_BS', 'SMALL', '98.066952', '1759886689338606861'],
    // P(odd) = 1,767,658,070,682,256,896 / C(80,20): not quite a half.
    ['KENO_SUM_OE', 'ODD', '97.99999998', '1767658070682256896'],
    ['KENO_SUM_OE', 'EVEN', '98.00000002', '1767658071529917424'],
  ])('%s %s returns %s% (winning draws: %s)', (code, choice, returnPercent, winningDraws) => {
    const bySum = drawsBySum();
    expect(bySum.reduce((a, b) => a + b, 0n)).toBe(ALL_DRAWS);
    expect(bySum[810]).toBe(15_542_763_534_960_598n);
    const content = parseBetContent(choice);
    let winSum = 0n;
    let winning = 0n;
    for (let sum = 210; sum <= 1410; sum += 1) {
      const draw = drawWithSum(sum);
      if (draw.family === 'KENO') expect(draw.numbers.reduce((a, b) => a + b, 0)).toBe(sum);
      const win = play(code).winHundredths(content, draw);
      winSum += BigInt(win) * bySum[sum]!;
      if (win > 0) winning += bySum[sum]!;
    }
    expect(winning.toString()).toBe(winningDraws);
    expect(percent(winSum, 100n * ALL_DRAWS, returnPercent.split('.')[1]!.length)).toBe(returnPercent);
  });
});
