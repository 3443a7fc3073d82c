// What the plays of the official-result lotteries (Thai, Lao, Vietnamese) share: a content that is a
// list of fixed-length numbers, and a play that pays its odds once per time a number hits.
import { BetContentError } from './types.ts';
import type { BetContent, LotteryFamily, LotteryPlay, LotteryResult } from './types.ts';

/** The digits of a number in ascending order: the one spelling of an "any order" (tod) number. */
export function sortDigits(number: string): string {
  return [...number].sort().join('');
}

/**
 * The numbers of a one-row content (`123,456`), each `length` digits. Refuses positions, a second
 * row, an empty row, a ball of another length or with a letter, and a number named twice: a repeat
 * is refused rather than counted once, so that what the member sent is exactly what is charged.
 * With `normalise` (tod: sorted digits) two spellings of one number count as a repeat.
 */
export function readNumberRow(content: BetContent, length: number, normalise?: (number: string) => string): string[] {
  if (content.positions !== undefined)
    throw new BetContentError('positions_invalid', 'this play takes no positions ("@")');
  if (content.rows.length !== 1)
    throw new BetContentError('content_invalid', `this play takes one row of numbers, not ${content.rows.length}`);
  return readNumbers(content.rows[0]!, length, 1, normalise);
}

/** The balls of one row as distinct `length`-digit numbers (see readNumberRow); `rowNumber` is 1-based, for messages. */
export function readNumbers(
  row: readonly string[],
  length: number,
  rowNumber: number,
  normalise: (number: string) => string = (number) => number,
): string[] {
  if (row.length === 0) throw new BetContentError('content_invalid', `row ${rowNumber} has no number`);
  const pattern = new RegExp(`^[0-9]{${length}}$`);
  const seen = new Set<string>();
  return row.map((ball) => {
    if (!pattern.test(ball))
      throw new BetContentError(
        'content_invalid',
        `row ${rowNumber}: ${JSON.stringify(ball.slice(0, 12))} is not a ${length}-digit number`,
      );
    const number = normalise(ball);
    if (seen.has(number))
      throw new BetContentError('content_invalid', `row ${rowNumber}: ${ball} is named twice (each number once)`);
    seen.add(number);
    return number;
  });
}

/** How many entries of `list` equal `number`. */
export function occurrences(list: readonly string[], number: string): number {
  return list.filter((entry) => entry === number).length;
}

/** The result a play of `family` settles against; a result of another family is the caller's mistake. */
export function resultOf<F extends LotteryFamily>(
  family: F,
  result: LotteryResult,
  playCode: string,
): Extract<LotteryResult, { family: F }> {
  if (result.family !== family)
    throw new RangeError(`result: a ${result.family} result cannot settle ${playCode} (${family})`);
  return result as Extract<LotteryResult, { family: F }>;
}

/**
 * A play whose content is one row of `length`-digit numbers, one stake unit each, each paying its
 * odds once per hit (`hits` answers how many times a number wins against the result).
 */
export function numberRowPlay<F extends LotteryFamily>(spec: {
  playId: number;
  code: string;
  family: F;
  oddsHundredths: number;
  length: number;
  normalise?: (number: string) => string;
  hits: (number: string, result: Extract<LotteryResult, { family: F }>) => number;
}): LotteryPlay {
  const { playId, code, family, oddsHundredths, length, normalise, hits } = spec;
  return {
    playId,
    code,
    family,
    oddsHundredths,
    count: (content) => readNumberRow(content, length, normalise).length,
    numbers: (content) =>
      readNumberRow(content, length, normalise).map((number) => (normalise ? normalise(number) : number)),
    winHundredths(content, result) {
      const drawn = resultOf(family, result, code);
      return readNumberRow(content, length, normalise).reduce(
        (sum, number) => sum + hits(number, drawn) * oddsHundredths,
        0,
      );
    },
  };
}

/** Throws a RangeError naming `field` unless `value` is exactly `length` digits. */
export function assertDigits(value: string, length: number, field: string): void {
  if (typeof value !== 'string' || !new RegExp(`^[0-9]{${length}}$`).test(value))
    throw new RangeError(`${field}: expected ${length} digits, got ${JSON.stringify(value)}`);
}
