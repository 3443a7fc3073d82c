// The plays of the house-drawn 5-digit fast draws (every 1, 3 and 5 minutes). A result is five
// digits, each 0-9 and independent, positions 1..5 read left to right (ten-thousands to units):
// `{ family: 'FAST5D', digits: '01234' }` has 0 at position 1 and 4 at position 5.
//
// Every play below returns exactly 98% of its stake at the full series (house edge 2%), whatever
// the content: each unit of a bet is one event whose probability is a round fraction (1/2, 1/10,
// 1/100, 1/1000), and its odds are 0.98 divided by it. `fast5d.test.ts` proves it by summing the
// win of each play over all 100,000 results.
//
//   FAST5D_POS       9001  position digit. Five rows, positions 1..5, each the digits chosen for it,
//                          "-" for a position left out: `1,2|-|-|-|9` (position 1 is 1 or 2; position 5
//                          is 9) is 3 units. Each unit pays 9.80 (P = 1/10).
//   FAST5D_POS_BSOE  9002  big/small/odd/even of chosen digits. Positions 1-5 before "@", then one row
//                          of BIG, SMALL, ODD, EVEN: `1,5@BIG,ODD` is 4 units (position 1 big, position 1
//                          odd, position 5 big, position 5 odd). Each unit pays 1.96 (P = 1/2).
//   FAST5D_SUM_BSOE  9003  big/small/odd/even of the sum of the five digits. One row of choices:
//                          `BIG,EVEN` is 2 units. Each unit pays 1.96 (P = 1/2).
//   FAST5D_FRONT2    9004  2-digit straight on positions 1-2: two rows of digits, `1,2|3` is 2 units
//                          (13 and 23); units = product of the row sizes. Pays 98.00 (P = 1/100).
//   FAST5D_BACK2     9005  the same on positions 4-5.
//   FAST5D_FRONT3    9006  3-digit straight on positions 1-3: three rows, `0|0|0,9` is 2 units (000
//                          and 009). Pays 980.00 (P = 1/1000).
//   FAST5D_BACK3     9007  the same on positions 3-5.
//
// A digit is BIG at 5-9 and SMALL at 0-4; the sum of the five digits (0-45) is BIG at 23-45 and
// SMALL at 0-22. Both splits are exact halves (the sum is symmetric around 22.5: s and 45 - s are
// equally likely), as are odd and even, so no result is a tie and 1.96 returns exactly 98%.
import { BetContentError } from './types.ts';
import type { BetContent, LotteryPlay, LotteryResult } from './types.ts';

const DIGIT_COUNT = 5;
const SUM_BIG_FROM = 23;
const DIGIT_BIG_FROM = 5;

export const FAST5D_CHOICES = ['BIG', 'SMALL', 'ODD', 'EVEN'] as const;
export type Fast5dChoice = (typeof FAST5D_CHOICES)[number];

/** The five digits of a result, as numbers. A malformed result is the caller's bug, not the member's. */
function resultDigits(result: LotteryResult, playCode: string): number[] {
  if (result.family !== 'FAST5D') throw new RangeError(`result: a ${result.family} result cannot settle ${playCode}`);
  if (!/^[0-9]{5}$/.test(result.digits)) throw new RangeError('result: FAST5D digits must be five digits 0-9');
  return [...result.digits].map(Number);
}

function refusePositions(content: BetContent): void {
  if (content.positions !== undefined)
    throw new BetContentError('positions_invalid', 'this play takes no positions ("@")');
}

/**
 * The distinct digits of a row (1-based `rowNumber` for messages). Each digit once, so that a unit
 * is never charged twice for the same outcome; an empty row only where the play allows one.
 */
function readDigitRow(row: readonly string[], rowNumber: number, isEmptyAllowed: boolean): Set<number> {
  if (row.length === 0 && !isEmptyAllowed)
    throw new BetContentError('content_invalid', `row ${rowNumber} has no digit`);
  const digits = new Set<number>();
  for (const ball of row) {
    if (!/^[0-9]$/.test(ball))
      throw new BetContentError('content_invalid', `row ${rowNumber}: ${JSON.stringify(ball)} is not one digit 0-9`);
    const digit = Number(ball);
    if (digits.has(digit)) throw new BetContentError('content_invalid', `row ${rowNumber}: ${ball} is named twice`);
    digits.add(digit);
  }
  return digits;
}

/** The distinct choices (BIG, SMALL, ODD, EVEN) of a content's only row. */
function readChoiceRow(content: BetContent): Set<Fast5dChoice> {
  if (content.rows.length !== 1)
    throw new BetContentError('content_invalid', `this play takes one row of choices, not ${content.rows.length}`);
  const row = content.rows[0]!;
  if (row.length === 0) throw new BetContentError('content_invalid', 'row 1 has no choice');
  const choices = new Set<Fast5dChoice>();
  for (const ball of row) {
    if (!(FAST5D_CHOICES as readonly string[]).includes(ball))
      throw new BetContentError('content_invalid', `row 1: ${JSON.stringify(ball)} is not BIG, SMALL, ODD or EVEN`);
    if (choices.has(ball as Fast5dChoice))
      throw new BetContentError('content_invalid', `row 1: ${ball} is named twice`);
    choices.add(ball as Fast5dChoice);
  }
  return choices;
}

function isChoiceWon(choice: Fast5dChoice, value: number, bigFrom: number): boolean {
  switch (choice) {
    case 'BIG':
      return value >= bigFrom;
    case 'SMALL':
      return value < bigFrom;
    case 'ODD':
      return value % 2 === 1;
    case 'EVEN':
      return value % 2 === 0;
  }
}

const POSITION_DIGIT_ODDS = 980;
const CHOICE_ODDS = 196;

const positionDigit: LotteryPlay = {
  playId: 9001,
  code: 'FAST5D_POS',
  family: 'FAST5D',
  oddsHundredths: POSITION_DIGIT_ODDS,
  count(content) {
    return readPositionRows(content).reduce((units, digits) => units + digits.size, 0);
  },
  winHundredths(content, result) {
    const rows = readPositionRows(content);
    const digits = resultDigits(result, 'FAST5D_POS');
    return rows.reduce((win, row, index) => (row.has(digits[index]!) ? win + POSITION_DIGIT_ODDS : win), 0);
  },
};

function readPositionRows(content: BetContent): Set<number>[] {
  refusePositions(content);
  if (content.rows.length !== DIGIT_COUNT)
    throw new BetContentError(
      'content_invalid',
      `this play takes ${DIGIT_COUNT} rows, one per position ("-" for none), not ${content.rows.length}`,
    );
  const rows = content.rows.map((row, index) => readDigitRow(row, index + 1, true));
  if (rows.every((row) => row.size === 0)) throw new BetContentError('content_invalid', 'no digit is chosen');
  return rows;
}

const positionChoice: LotteryPlay = {
  playId: 9002,
  code: 'FAST5D_POS_BSOE',
  family: 'FAST5D',
  oddsHundredths: CHOICE_ODDS,
  count(content) {
    const { positions, choices } = readPositionChoices(content);
    return positions.length * choices.size;
  },
  winHundredths(content, result) {
    const { positions, choices } = readPositionChoices(content);
    const digits = resultDigits(result, 'FAST5D_POS_BSOE');
    let win = 0;
    for (const position of positions)
      for (const choice of choices) if (isChoiceWon(choice, digits[position - 1]!, DIGIT_BIG_FROM)) win += CHOICE_ODDS;
    return win;
  },
};

function readPositionChoices(content: BetContent): { positions: number[]; choices: Set<Fast5dChoice> } {
  // The grammar already holds positions ascending and distinct; the play bounds them to the five digits.
  const positions = content.positions;
  if (positions === undefined)
    throw new BetContentError('positions_invalid', 'this play needs positions 1-5 before "@" (e.g. "1,5@BIG")');
  for (const position of positions)
    if (position > DIGIT_COUNT)
      throw new BetContentError('positions_invalid', `position ${position} is not one of 1-${DIGIT_COUNT}`);
  return { positions, choices: readChoiceRow(content) };
}

const sumChoice: LotteryPlay = {
  playId: 9003,
  code: 'FAST5D_SUM_BSOE',
  family: 'FAST5D',
  oddsHundredths: CHOICE_ODDS,
  count(content) {
    refusePositions(content);
    return readChoiceRow(content).size;
  },
  winHundredths(content, result) {
    refusePositions(content);
    const choices = readChoiceRow(content);
    const sum = resultDigits(result, 'FAST5D_SUM_BSOE').reduce((total, digit) => total + digit, 0);
    let win = 0;
    for (const choice of choices) if (isChoiceWon(choice, sum, SUM_BIG_FROM)) win += CHOICE_ODDS;
    return win;
  },
};

/**
 * A straight on consecutive positions: one row of digits per position, every combination of one
 * digit from each row is a unit, and the unit naming the result's digits wins (at most one can).
 */
function straightPlay(playId: number, code: string, firstPosition: number, length: number): LotteryPlay {
  const oddsHundredths = 98 * 10 ** length;
  const readRows = (content: BetContent): Set<number>[] => {
    refusePositions(content);
    if (content.rows.length !== length)
      throw new BetContentError(
        'content_invalid',
        `this play takes ${length} rows of digits, not ${content.rows.length}`,
      );
    return content.rows.map((row, index) => readDigitRow(row, index + 1, false));
  };
  return {
    playId,
    code,
    family: 'FAST5D',
    oddsHundredths,
    count(content) {
      return readRows(content).reduce((units, digits) => units * digits.size, 1);
    },
    winHundredths(content, result) {
      const rows = readRows(content);
      const digits = resultDigits(result, code).slice(firstPosition - 1, firstPosition - 1 + length);
      return rows.every((row, index) => row.has(digits[index]!)) ? oddsHundredths : 0;
    },
  };
}

export const FAST5D_PLAYS: readonly LotteryPlay[] = [
  positionDigit,
  positionChoice,
  sumChoice,
  straightPlay(9004, 'FAST5D_FRONT2', 1, 2),
  straightPlay(9005, 'FAST5D_BACK2', 4, 2),
  straightPlay(9006, 'FAST5D_FRONT3', 1, 3),
  straightPlay(9007, 'FAST5D_BACK3', 3, 3),
];
