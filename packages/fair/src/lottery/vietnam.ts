// Vietnamese lottery (xổ số / lô đề): the prize tables of the northern draw (VN_NORTH, 27 numbers)
// and of one central or southern province (VN_SOUTH, 18 numbers), and the plays settled on them.
//
// Words used below. ĐB: the special prize. A lô: the last N digits of a drawn number, for every
// number of at least N digits; a lô that appears twice pays twice. Slots: how many numbers a lô of
// N digits is read from (North 27/23/20, South 18/17/16 for 2/3/4 digits).
//
// Contents. Đề, 3 càng, 4 càng and bao lô take one row of numbers (`12,34`), a repeat refused.
// Đầu/đuôi takes two rows, tens digits then units digits (`3,5|-`, `-|7`). Xiên and trượt xiên take
// one xiên per row, each row exactly its size in distinct 2-digit numbers (`12,34|56,78` is two
// xiên 2); the same set in two rows is refused.
import { BetContentError } from './types.ts';
import type { BetContent, Digits, LotteryPlay, LotteryResult } from './types.ts';
import { numberRowPlay, occurrences, readNumbers, resultOf } from './number-plays.ts';

export type VietnamFamily = 'VN_NORTH' | 'VN_SOUTH';
export type VietnamResult = Extract<LotteryResult, { family: VietnamFamily }>;

/** A prize tier: its key in `prizes`, how many numbers it draws and how many digits each has. */
export interface VietnamPrizeTier {
  tier: string;
  count: number;
  digits: number;
}

/** The official prize tables (market-rules 2.1), special prize first, each tier's numbers in draw order. */
export const VIETNAM_PRIZE_TABLES: Record<VietnamFamily, readonly VietnamPrizeTier[]> = {
  VN_NORTH: [
    { tier: 'DB', count: 1, digits: 5 },
    { tier: 'G1', count: 1, digits: 5 },
    { tier: 'G2', count: 2, digits: 5 },
    { tier: 'G3', count: 6, digits: 5 },
    { tier: 'G4', count: 4, digits: 4 },
    { tier: 'G5', count: 6, digits: 4 },
    { tier: 'G6', count: 3, digits: 3 },
    { tier: 'G7', count: 4, digits: 2 },
  ],
  VN_SOUTH: [
    { tier: 'DB', count: 1, digits: 6 },
    { tier: 'G1', count: 1, digits: 5 },
    { tier: 'G2', count: 1, digits: 5 },
    { tier: 'G3', count: 2, digits: 5 },
    { tier: 'G4', count: 7, digits: 5 },
    { tier: 'G5', count: 1, digits: 4 },
    { tier: 'G6', count: 3, digits: 4 },
    { tier: 'G7', count: 1, digits: 3 },
    { tier: 'G8', count: 1, digits: 2 },
  ],
};

/**
 * What is wrong with a result's prize table, one message per problem, each naming its tier; empty
 * when the table has exactly the official tiers, counts and digits. For an operator's entry or an
 * imported file, so that every problem is listed at once.
 */
export function checkVietnamResult(result: VietnamResult): string[] {
  const table = VIETNAM_PRIZE_TABLES[result.family];
  if (!table) return [`family: ${JSON.stringify(result.family)} is not a Vietnamese draw`];
  const prizes: Record<string, unknown> = result.prizes ?? {};
  const problems: string[] = [];
  for (const { tier, count, digits } of table) {
    const numbers = prizes[tier];
    if (!Array.isArray(numbers)) {
      problems.push(`${tier}: missing`);
      continue;
    }
    if (numbers.length !== count) problems.push(`${tier}: ${numbers.length} numbers instead of ${count}`);
    numbers.forEach((number: unknown, index) => {
      if (typeof number !== 'string' || !new RegExp(`^[0-9]{${digits}}$`).test(number))
        problems.push(`${tier}[${index}]: ${JSON.stringify(number)} is not ${digits} digits`);
    });
  }
  const known = new Set(table.map(({ tier }) => tier));
  for (const tier of Object.keys(prizes))
    if (!known.has(tier))
      problems.push(`${tier}: not a tier of the ${result.family === 'VN_NORTH' ? 'northern' : 'southern'} draw`);
  return problems;
}

function checkedPrizes(result: VietnamResult): Record<string, Digits[]> {
  const problems = checkVietnamResult(result);
  if (problems.length > 0) throw new RangeError(`prizes: ${problems.join('; ')}`);
  return result.prizes;
}

/** The special prize's number. */
function special(result: VietnamResult): Digits {
  return checkedPrizes(result)['DB']![0]!;
}

/** Every lô of `length` digits, in table order: the last `length` digits of each number that long. */
export function vietnamLo(result: VietnamResult, length: number): Digits[] {
  const prizes = checkedPrizes(result);
  return VIETNAM_PRIZE_TABLES[result.family]
    .flatMap(({ tier }) => prizes[tier]!)
    .filter((number) => number.length >= length)
    .map((number) => number.slice(-length));
}

/** How many numbers a lô of `length` digits is read from: North 27/23/20, South 18/17/16 for 2/3/4. */
export function vietnamLoSlots(family: VietnamFamily, length: number): number {
  return VIETNAM_PRIZE_TABLES[family].reduce((slots, { count, digits }) => slots + (digits >= length ? count : 0), 0);
}

/**
 * Default odds in hundredths, paid per 1 staked with the stake not added (market-rules 2.2; the
 * original's "odds include stake" is a display convention, not adopted here). Which source each
 * follows:
 * - Đề 70 (the common DE_PAY 70; books range 60-99). Đầu/đuôi, meaning (a), 9 (public code).
 * - Bao lô 75 / 650 / 5,500 for 2/3/4 digits, per slot-priced unit: the southern agent model
 *   (Dominicushuy/sobet rule_note), the only source that prices a stake per slot, as we do.
 * - 3 càng 400 (public code; high-odds books pay 900). 4 càng: no source; 5,500, the bao lô
 *   4-digit rate, which is the same one-in-10,000 chance per unit.
 * - Xiên, North: 10 and 40 for xiên 2 and 3 (northern point-model books), 250 for xiên 4 (sobet,
 *   its only source). South: no usable source (sobet's 75 for xiên 2 would return almost twice the
 *   stake on 18 lô), so ours, set near the same return as the northern figures (about 50%): 20, 130,
 *   900.
 * - Trượt xiên 4/8/10: no source; ours, about a 73% return: North 2.2 / 7 / 12.5, South 1.5 / 3.3 / 4.9.
 * Returns are computed from the draw's digits being independent and uniform (vietnam.test.ts checks
 * every default returns less than the stake). All of these are per-game settings in the end.
 */
export const VIETNAM_DEFAULT_ODDS_HUNDREDTHS: Record<VietnamFamily, Record<string, number>> = {
  VN_NORTH: {
    VN_DE: 7_000,
    VN_DAU_DUOI: 900,
    VN_BAO_LO_2: 7_500,
    VN_BAO_LO_3: 65_000,
    VN_BAO_LO_4: 550_000,
    VN_XIEN_2: 1_000,
    VN_XIEN_3: 4_000,
    VN_XIEN_4: 25_000,
    VN_TRUOT_XIEN_4: 220,
    VN_TRUOT_XIEN_8: 700,
    VN_TRUOT_XIEN_10: 1_250,
    VN_3_CANG: 40_000,
    VN_4_CANG: 550_000,
  },
  VN_SOUTH: {
    VN_DE: 7_000,
    VN_DAU_DUOI: 900,
    VN_BAO_LO_2: 7_500,
    VN_BAO_LO_3: 65_000,
    VN_BAO_LO_4: 550_000,
    VN_XIEN_2: 2_000,
    VN_XIEN_3: 13_000,
    VN_XIEN_4: 90_000,
    VN_TRUOT_XIEN_4: 150,
    VN_TRUOT_XIEN_8: 330,
    VN_TRUOT_XIEN_10: 490,
    VN_3_CANG: 40_000,
    VN_4_CANG: 550_000,
  },
};

/**
 * Play ids from the original (original-programmes, "Vietnamese lottery"). It gives Lô Trượt only as
 * groups (2550 North, 2560 Central-South) without ids for Trượt Xiên 4/8/10: those are ours,
 * 9201-9203 North and 9211-9213 South (the hundred after the Thai 9101-9199, as catalogue.ts asks).
 */
const PLAY_IDS: Record<VietnamFamily, Record<string, number>> = {
  VN_NORTH: {
    VN_DE: 2100,
    VN_DAU_DUOI: 2105,
    VN_BAO_LO_2: 2516,
    VN_BAO_LO_3: 2520,
    VN_BAO_LO_4: 2524,
    VN_XIEN_2: 2601,
    VN_XIEN_3: 2604,
    VN_XIEN_4: 2607,
    VN_TRUOT_XIEN_4: 9201,
    VN_TRUOT_XIEN_8: 9202,
    VN_TRUOT_XIEN_10: 9203,
    VN_3_CANG: 2095,
    VN_4_CANG: 2090,
  },
  VN_SOUTH: {
    VN_DE: 2100,
    VN_DAU_DUOI: 2105,
    VN_BAO_LO_2: 2529,
    VN_BAO_LO_3: 2533,
    VN_BAO_LO_4: 2537,
    VN_XIEN_2: 2611,
    VN_XIEN_3: 2614,
    VN_XIEN_4: 2617,
    VN_TRUOT_XIEN_4: 9211,
    VN_TRUOT_XIEN_8: 9212,
    VN_TRUOT_XIEN_10: 9213,
    VN_3_CANG: 2095,
    VN_4_CANG: 2090,
  },
};

/**
 * Đầu/đuôi, meaning (a) of market-rules 2.2: one digit, the tens (đầu) or the units (đuôi) of the
 * ĐB's last two. Chosen because the original keeps this play (2105) apart from "Đề Đầu Đuôi"
 * (2584/2591), which is where meaning (b), đầu = G8 or the G7 numbers, belongs; and because (a)
 * settles the same way in both regions. Confirm with the product owner (market-rules says to ask).
 */
function dauDuoiPlay(family: VietnamFamily, playId: number, oddsHundredths: number): LotteryPlay {
  const code = 'VN_DAU_DUOI';
  const read = (content: BetContent): [string[], string[]] => {
    if (content.positions !== undefined)
      throw new BetContentError('positions_invalid', 'this play takes no positions ("@")');
    if (content.rows.length !== 2)
      throw new BetContentError('content_invalid', 'đầu/đuôi takes two rows: tens digits | units digits');
    const [tens, units] = content.rows as [string[], string[]];
    if (tens.length + units.length === 0) throw new BetContentError('content_invalid', 'no digit is chosen');
    return [tens.length > 0 ? readNumbers(tens, 1, 1) : [], units.length > 0 ? readNumbers(units, 1, 2) : []];
  };
  return {
    playId,
    code,
    family,
    oddsHundredths,
    count(content) {
      const [tens, units] = read(content);
      return tens.length + units.length;
    },
    winHundredths(content, result) {
      const [tens, units] = read(content);
      const last2 = special(resultOf(family, result, code)).slice(-2);
      return (occurrences(tens, last2[0]!) + occurrences(units, last2[1]!)) * oddsHundredths;
    },
  };
}

/** Bao lô N: each number costs one unit per slot and wins once per appearance among the lô. */
function baoLoPlay(family: VietnamFamily, length: number, playId: number, oddsHundredths: number): LotteryPlay {
  const code = `VN_BAO_LO_${length}`;
  const row = numberRowPlay({
    playId,
    code,
    family,
    oddsHundredths,
    length,
    hits: (number, result: VietnamResult) => occurrences(vietnamLo(result, length), number),
  });
  return { ...row, count: (content) => row.count(content) * vietnamLoSlots(family, length) };
}

/**
 * Xiên k (all chosen numbers appear among the 2-digit lô) and trượt xiên k (none of them appears):
 * one xiên per row, paid once however often its numbers appear.
 */
function xienPlay(
  family: VietnamFamily,
  kind: 'XIEN' | 'TRUOT_XIEN',
  size: number,
  playId: number,
  oddsHundredths: number,
): LotteryPlay {
  const code = `VN_${kind}_${size}`;
  const read = (content: BetContent): string[][] => {
    if (content.positions !== undefined)
      throw new BetContentError('positions_invalid', 'this play takes no positions ("@")');
    if (content.rows.length === 0) throw new BetContentError('content_invalid', 'no xiên is given');
    const seen = new Set<string>();
    return content.rows.map((row, index) => {
      const numbers = readNumbers(row, 2, index + 1);
      if (numbers.length !== size)
        throw new BetContentError(
          'content_invalid',
          `row ${index + 1}: a ${kind === 'XIEN' ? 'xiên' : 'trượt xiên'} ${size} takes ${size} numbers, not ${numbers.length}`,
        );
      const key = [...numbers].sort().join(',');
      if (seen.has(key)) throw new BetContentError('content_invalid', `row ${index + 1} repeats an earlier row`);
      seen.add(key);
      return numbers;
    });
  };
  return {
    playId,
    code,
    family,
    oddsHundredths,
    count: (content) => read(content).length,
    winHundredths(content, result) {
      const xiens = read(content);
      const lo = new Set(vietnamLo(resultOf(family, result, code), 2));
      const wins = xiens.filter((numbers) =>
        kind === 'XIEN' ? numbers.every((number) => lo.has(number)) : numbers.every((number) => !lo.has(number)),
      );
      return wins.length * oddsHundredths;
    },
  };
}

function vietnamPlays(family: VietnamFamily): LotteryPlay[] {
  const odds = VIETNAM_DEFAULT_ODDS_HUNDREDTHS[family];
  const ids = PLAY_IDS[family];
  const endOfSpecial = (code: string, length: number) =>
    numberRowPlay({
      playId: ids[code]!,
      code,
      family,
      oddsHundredths: odds[code]!,
      length,
      hits: (number, result: VietnamResult) => (special(result).slice(-length) === number ? 1 : 0),
    });
  return [
    endOfSpecial('VN_DE', 2),
    dauDuoiPlay(family, ids['VN_DAU_DUOI']!, odds['VN_DAU_DUOI']!),
    ...[2, 3, 4].map((length) => baoLoPlay(family, length, ids[`VN_BAO_LO_${length}`]!, odds[`VN_BAO_LO_${length}`]!)),
    ...[2, 3, 4].map((size) => xienPlay(family, 'XIEN', size, ids[`VN_XIEN_${size}`]!, odds[`VN_XIEN_${size}`]!)),
    ...[4, 8, 10].map((size) =>
      xienPlay(family, 'TRUOT_XIEN', size, ids[`VN_TRUOT_XIEN_${size}`]!, odds[`VN_TRUOT_XIEN_${size}`]!),
    ),
    endOfSpecial('VN_3_CANG', 3),
    endOfSpecial('VN_4_CANG', 4),
  ];
}

export const VN_NORTH_PLAYS: readonly LotteryPlay[] = vietnamPlays('VN_NORTH');
export const VN_SOUTH_PLAYS: readonly LotteryPlay[] = vietnamPlays('VN_SOUTH');
