// The plays of the house-drawn Keno: every draw is 20 distinct numbers of 1..80
// (`{ family: 'KENO', numbers }`, in the order drawn).
//
// Picks (KENO_PICK1..KENO_PICK10, ids 9051-9060): the member picks 1 to 10 distinct numbers, one
// row written without leading zeros (`3,17,80` for a pick 3), and the ticket pays by how many of
// them are drawn, per KENO_PAYTABLE. A ticket is one unit. The chance of h hits with k picks is
// hypergeometric, C(k,h) C(80-k,20-h) / C(80,20); the exact returns it gives the paytable (in
// `keno.test.ts`, with bigint sums) are:
//
//   picks   1        2        3        4        5        6        7        8        9        10
//   return  93.0000% 93.1962% 92.9649% 93.1632% 93.2201% 92.9071% 93.7970% 93.1949% 93.0274% 92.6177%
//   hits    25.00%   6.01%    15.26%   25.89%   9.67%    16.16%   23.66%   10.23%   15.31%   11.05%  (any pay)
//
// Keno is a high-variance game played for its top prizes, so its edge (about 7%) is above the 2%
// of the 5-digit draw, as in the paytables players know; pick 10 pays for 0 hits, as they expect.
//
// Sum of the 20 numbers (210..1410, symmetric around 810, so big and small are equally likely):
//   KENO_SUM_BS (9061): a row of BIG (sum above 810) and/or SMALL (below 810), 1.97 each. A sum
//     of exactly 810 (probability 0.4396%) is a tie and both lose: a tie does not refund, because a
//     refund cannot be written as a win (a win is scaled by the series, a refund must not be). The
//     return is 1.97 x P(big) = 98.0670% (house edge 1.93%).
//   KENO_SUM_OE (9062): a row of ODD and/or EVEN sum, 1.96 each. The sum is odd when an odd count
//     of the 40 odd numbers is drawn: probability 0.49999999988, so ODD returns 97.99999998% and
//     EVEN 98.00000002% (house edge 2%).
import { KENO_DRAWN, KENO_POPULATION } from './draw.ts';
import { BetContentError } from './types.ts';
import type { BetContent, LotteryPlay, LotteryResult } from './types.ts';

/** The sum that is neither big nor small: half of 1 + 80, times 20. */
export const KENO_SUM_MIDDLE = 810;

/**
 * What a ticket pays per 1 staked, in hundredths at the full series, by number of picks and then
 * number of hits; a hit count not listed pays nothing.
 */
export const KENO_PAYTABLE: Readonly<Record<number, Readonly<Record<number, number>>>> = {
  1: { 1: 372 },
  2: { 2: 1550 },
  3: { 2: 200, 3: 4700 },
  4: { 2: 100, 3: 600, 4: 15000 },
  5: { 3: 300, 4: 2000, 5: 68000 },
  6: { 3: 200, 4: 800, 5: 8000, 6: 150000 },
  7: { 3: 100, 4: 300, 5: 2500, 6: 30000, 7: 700000 },
  8: { 4: 200, 5: 1500, 6: 10000, 7: 120000, 8: 1500000 },
  9: { 4: 100, 5: 600, 6: 4000, 7: 35000, 8: 500000, 9: 3000000 },
  10: { 0: 200, 5: 400, 6: 2000, 7: 12000, 8: 120000, 9: 600000, 10: 6000000 },
};

const SUM_BS_ODDS = 197;
const SUM_OE_ODDS = 196;

/** The drawn numbers, checked: a malformed result is the caller's bug, never paid against. */
function resultNumbers(result: LotteryResult, playCode: string): Set<number> {
  if (result.family !== 'KENO') throw new RangeError(`result: a ${result.family} result cannot settle ${playCode}`);
  const numbers = new Set(result.numbers);
  if (
    result.numbers.length !== KENO_DRAWN ||
    numbers.size !== KENO_DRAWN ||
    !result.numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO_POPULATION)
  )
    throw new RangeError(`result: KENO numbers must be ${KENO_DRAWN} distinct integers of 1..${KENO_POPULATION}`);
  return numbers;
}

function onlyRow(content: BetContent): readonly string[] {
  if (content.positions !== undefined)
    throw new BetContentError('positions_invalid', 'this play takes no positions ("@")');
  if (content.rows.length !== 1)
    throw new BetContentError('content_invalid', `this play takes one row, not ${content.rows.length}`);
  return content.rows[0]!;
}

/** The picked numbers: exactly `picks` distinct numbers of 1..80, each spelt without a leading zero. */
function readPicks(content: BetContent, picks: number): number[] {
  const row = onlyRow(content);
  if (row.length !== picks)
    throw new BetContentError('content_invalid', `this play takes ${picks} numbers, not ${row.length}`);
  const seen = new Set<number>();
  return row.map((ball) => {
    const number = Number(ball);
    // One spelling per number ("7", not "07"), so the stored content is the same for the same ticket.
    if (!/^[1-9][0-9]?$/.test(ball) || number > KENO_POPULATION)
      throw new BetContentError(
        'content_invalid',
        `row 1: ${JSON.stringify(ball)} is not a number of 1..${KENO_POPULATION} (without a leading zero)`,
      );
    if (seen.has(number)) throw new BetContentError('content_invalid', `row 1: ${ball} is named twice`);
    seen.add(number);
    return number;
  });
}

function pickPlay(picks: number): LotteryPlay {
  const code = `KENO_PICK${picks}`;
  const pays = KENO_PAYTABLE[picks]!;
  return {
    playId: 9050 + picks,
    code,
    family: 'KENO',
    oddsHundredths: pays[picks]!,
    count(content) {
      readPicks(content, picks);
      return 1;
    },
    winHundredths(content, result) {
      const chosen = readPicks(content, picks);
      const drawn = resultNumbers(result, code);
      const hits = chosen.filter((number) => drawn.has(number)).length;
      return pays[hits] ?? 0;
    },
  };
}

/** A play on the sum of the drawn numbers: one row of distinct choices, one unit each. */
function sumPlay(
  playId: number,
  code: string,
  oddsHundredths: number,
  choices: Readonly<Record<string, (sum: number) => boolean>>,
): LotteryPlay {
  const names = Object.keys(choices);
  const readChoices = (content: BetContent): string[] => {
    const row = onlyRow(content);
    if (row.length === 0) throw new BetContentError('content_invalid', 'row 1 has no choice');
    for (const [index, ball] of row.entries()) {
      if (!names.includes(ball))
        throw new BetContentError('content_invalid', `row 1: ${JSON.stringify(ball)} is not ${names.join(' or ')}`);
      if (row.indexOf(ball) !== index) throw new BetContentError('content_invalid', `row 1: ${ball} is named twice`);
    }
    return [...row];
  };
  return {
    playId,
    code,
    family: 'KENO',
    oddsHundredths,
    count(content) {
      return readChoices(content).length;
    },
    winHundredths(content, result) {
      const chosen = readChoices(content);
      let sum = 0;
      for (const number of resultNumbers(result, code)) sum += number;
      return chosen.filter((choice) => choices[choice]!(sum)).length * oddsHundredths;
    },
  };
}

export const KENO_PLAYS: readonly LotteryPlay[] = [
  ...Array.from({ length: 10 }, (_, index) => pickPlay(index + 1)),
  sumPlay(9061, 'KENO_SUM_BS', SUM_BS_ODDS, {
    BIG: (sum) => sum > KENO_SUM_MIDDLE,
    SMALL: (sum) => sum < KENO_SUM_MIDDLE,
  }),
  sumPlay(9062, 'KENO_SUM_OE', SUM_OE_ODDS, {
    ODD: (sum) => sum % 2 === 1,
    EVEN: (sum) => sum % 2 === 0,
  }),
];
