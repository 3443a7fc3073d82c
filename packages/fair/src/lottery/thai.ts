// Thai lottery plays (หวย) and the results they settle against: the government draw (THAI_GOV) and
// the Thai-style games with a 3-digit top and a 2-digit bottom (THAI_STYLE: Hanoi, stock indices,
// Yee-Kee, Lao as sold in Thailand; FAST3D: the house's own 3-digit draw).
//
// Every play's content is one row of numbers of the play's length (`123,456`), one stake unit per
// number; a number named twice is refused. Default odds are market-rules 1.3 (government rate for
// THAI_GOV, daily rate for THAI_STYLE and FAST3D): they are defaults for a per-game setting, not rules.
import { assertDigits, numberRowPlay, occurrences, sortDigits } from './number-plays.ts';
import type { Digits, LotteryPlay, LotteryResult } from './types.ts';

export type ThaiGovResult = Extract<LotteryResult, { family: 'THAI_GOV' }>;
export type ThaiStyleResult = Extract<LotteryResult, { family: 'THAI_STYLE' }>;
export type Fast3dResult = Extract<LotteryResult, { family: 'FAST3D' }>;
type ThaiFamily = 'THAI_GOV' | 'THAI_STYLE' | 'FAST3D';

/**
 * Default odds in hundredths (paid per 1 staked, the stake not added), market-rules 1.3: government
 * rate for THAI_GOV, daily/stock/Yee-Kee rate for the others. The table has no rate for the first
 * prize exact: 900,000 is ours, the same 90% return as 3 top at 900 (1 chance in 1,000,000).
 */
export const THAI_DEFAULT_ODDS_HUNDREDTHS = {
  THAI_GOV: {
    THAI_3TOP: 90_000,
    THAI_3TOD: 13_000,
    THAI_3FRONT: 40_000,
    THAI_3BACK: 40_000,
    THAI_2TOP: 9_000,
    THAI_2BOTTOM: 9_000,
    THAI_RUN_TOP: 320,
    THAI_RUN_BOTTOM: 420,
    THAI_FIRST_PRIZE: 90_000_000,
  },
  daily: {
    THAI_3TOP: 80_000,
    THAI_3TOD: 12_000,
    THAI_2TOP: 9_000,
    THAI_2BOTTOM: 9_000,
    THAI_RUN_TOP: 320,
    THAI_RUN_BOTTOM: 420,
  },
} as const;

/**
 * Play ids: 2055 (3D) and 2060 (2D) are the original's; it names no id for the other Thai bet types,
 * so those are ours, 9101-9107. A bet type keeps its id and code in every Thai family: the game's
 * family says which result and which default odds apply.
 */
const PLAY_IDS = {
  THAI_3TOP: 2055,
  THAI_2BOTTOM: 2060,
  THAI_3TOD: 9101,
  THAI_3FRONT: 9102,
  THAI_3BACK: 9103,
  THAI_2TOP: 9104,
  THAI_RUN_TOP: 9105,
  THAI_RUN_BOTTOM: 9106,
  THAI_FIRST_PRIZE: 9107,
} as const;

/** The top 3 and bottom 2 every Thai family has, read from its result after checking its digits. */
function topAndBottom(result: ThaiGovResult | ThaiStyleResult | Fast3dResult): { top3: Digits; bottom2: Digits } {
  if (result.family === 'THAI_GOV') {
    checkThaiGovResult(result);
    return { top3: result.first.slice(3), bottom2: result.last2 };
  }
  assertDigits(result.top3, 3, 'top3');
  assertDigits(result.bottom2, 2, 'bottom2');
  return { top3: result.top3, bottom2: result.bottom2 };
}

/** Throws a RangeError naming the field unless the government result has the official shape. */
export function checkThaiGovResult(result: ThaiGovResult): void {
  assertDigits(result.first, 6, 'first');
  if (result.front3.length !== 2 || result.back3.length !== 2)
    throw new RangeError('front3, back3: the government draw has exactly two of each');
  result.front3.forEach((number, index) => assertDigits(number, 3, `front3[${index}]`));
  result.back3.forEach((number, index) => assertDigits(number, 3, `back3[${index}]`));
  assertDigits(result.last2, 2, 'last2');
}

function thaiPlays<F extends ThaiFamily>(
  family: F,
  odds: Record<keyof typeof THAI_DEFAULT_ODDS_HUNDREDTHS.daily, number>,
): LotteryPlay[] {
  type Drawn = Extract<LotteryResult, { family: F }>;
  const play = (
    code: keyof typeof odds,
    length: number,
    hits: (number: string, drawn: { top3: Digits; bottom2: Digits }) => number,
    normalise?: (number: string) => string,
  ) =>
    numberRowPlay({
      playId: PLAY_IDS[code],
      code,
      family,
      oddsHundredths: odds[code],
      length,
      hits: (number: string, result: Drawn) => hits(number, topAndBottom(result)),
      ...(normalise ? { normalise } : {}),
    });
  return [
    play('THAI_3TOP', 3, (number, { top3 }) => (number === top3 ? 1 : 0)),
    // Tod: the three digits in any order. Both the bet and the result are compared sorted, so a tod
    // on 112 wins on 121 and 211, and `112,121` is one number named twice.
    play('THAI_3TOD', 3, (number, { top3 }) => (number === sortDigits(top3) ? 1 : 0), sortDigits),
    play('THAI_2TOP', 2, (number, { top3 }) => (number === top3.slice(1) ? 1 : 0)),
    play('THAI_2BOTTOM', 2, (number, { bottom2 }) => (number === bottom2 ? 1 : 0)),
    // Runs pay once even when the digit appears twice (วิ่งบน on 5 against 535 pays 3.2, not 6.4):
    // the common practice market-rules 1.2 reports, not verified against a rule book.
    play('THAI_RUN_TOP', 1, (digit, { top3 }) => (top3.includes(digit) ? 1 : 0)),
    play('THAI_RUN_BOTTOM', 1, (digit, { bottom2 }) => (bottom2.includes(digit) ? 1 : 0)),
  ];
}

const govOdds = THAI_DEFAULT_ODDS_HUNDREDTHS.THAI_GOV;

function checkedGov(result: ThaiGovResult): ThaiGovResult {
  checkThaiGovResult(result);
  return result;
}

/**
 * The government draw's plays. 3 front and 3 back match either of the two official numbers; when
 * the two official numbers are equal, a bet on that number pays twice, as a paper ticket with those
 * digits wins both prizes of 4,000 baht.
 */
export const THAI_GOV_PLAYS: readonly LotteryPlay[] = [
  ...thaiPlays('THAI_GOV', govOdds),
  numberRowPlay({
    playId: PLAY_IDS.THAI_3FRONT,
    code: 'THAI_3FRONT',
    family: 'THAI_GOV',
    oddsHundredths: govOdds.THAI_3FRONT,
    length: 3,
    hits: (number, result) => occurrences(checkedGov(result).front3, number),
  }),
  numberRowPlay({
    playId: PLAY_IDS.THAI_3BACK,
    code: 'THAI_3BACK',
    family: 'THAI_GOV',
    oddsHundredths: govOdds.THAI_3BACK,
    length: 3,
    hits: (number, result) => occurrences(checkedGov(result).back3, number),
  }),
  numberRowPlay({
    playId: PLAY_IDS.THAI_FIRST_PRIZE,
    code: 'THAI_FIRST_PRIZE',
    family: 'THAI_GOV',
    oddsHundredths: govOdds.THAI_FIRST_PRIZE,
    length: 6,
    hits: (number, result) => (number === checkedGov(result).first ? 1 : 0),
  }),
];

/** Hanoi, stock-index, Yee-Kee and Lao-as-Thai games, at the daily rates. */
export const THAI_STYLE_PLAYS: readonly LotteryPlay[] = thaiPlays('THAI_STYLE', THAI_DEFAULT_ODDS_HUNDREDTHS.daily);

/** The house's 3-digit fast draw: the Thai-style bet types at the daily rates. */
export const FAST3D_PLAYS: readonly LotteryPlay[] = thaiPlays('FAST3D', THAI_DEFAULT_ODDS_HUNDREDTHS.daily);

/**
 * Hanoi from the Vietnamese northern draw: 4 digits and 3 top from the end of the special prize (ĐB),
 * 2 bottom from the last two of the first prize (G1). Market-rules 1.5 marks this mapping as common
 * practice without a clean written source: a variant settled otherwise needs its own function.
 */
export function thaiStyleFromHanoi(special: Digits, first: Digits): ThaiStyleResult {
  assertDigits(special, 5, 'special');
  assertDigits(first, 5, 'first');
  return { family: 'THAI_STYLE', top4: special.slice(1), top3: special.slice(2), bottom2: first.slice(3) };
}

/** An index value as published, with exactly two decimals: `38654.42`, `-123.05`, `+0.40`. */
const INDEX_VALUE = /^[+-]?[0-9]+\.[0-9]{2}$/;

function twoDecimals(value: string, field: string, signed: boolean): { units: string; decimals: string } {
  if (typeof value !== 'string' || !INDEX_VALUE.test(value) || (!signed && /^[+-]/.test(value)))
    throw new RangeError(
      `${field}: expected a decimal string with two decimals${signed ? '' : ' and no sign'}, got ${JSON.stringify(value)}`,
    );
  const [whole, decimals] = value.replace(/^[+-]/, '').split('.') as [string, string];
  return { units: whole.slice(-1), decimals };
}

/**
 * A foreign stock-index lottery (market-rules 1.7, the generic rule): 3 top = the units digit of the
 * closing value and its two decimals, 2 bottom = the two decimals of the change. Values are decimal
 * strings as published (`close: '38654.42'`, `change: '-123.05'`), never floats, whose binary
 * rounding could move a decimal digit.
 */
export function thaiStyleFromStockIndex(values: { close: string; change: string }): ThaiStyleResult {
  const close = twoDecimals(values.close, 'close', false);
  const change = twoDecimals(values.change, 'change', true);
  return { family: 'THAI_STYLE', top3: close.units + close.decimals, bottom2: change.decimals };
}

/**
 * The Thai stock lottery (หุ้นไทย, market-rules 1.7): 3 top = the last decimal of SET50 followed by
 * the two decimals of SET, 2 bottom = the two decimals of SET's change.
 */
export function thaiStyleFromThaiStock(values: { set: string; set50: string; setChange: string }): ThaiStyleResult {
  const set = twoDecimals(values.set, 'set', false);
  const set50 = twoDecimals(values.set50, 'set50', false);
  const change = twoDecimals(values.setChange, 'setChange', true);
  return { family: 'THAI_STYLE', top3: set50.decimals.slice(1) + set.decimals, bottom2: change.decimals };
}

/** A Yee-Kee round with fewer shots than this is void and every bet refunded (market-rules 1.8). */
export const YEEKEE_MIN_SHOTS = 20;
/** The shot (1-based, in the order received) subtracted from the sum. */
export const YEEKEE_SUBTRACTED_SHOT = 16;

export type YeekeeOutcome =
  | { status: 'void'; reason: 'too_few_shots'; shotCount: number }
  | { status: 'drawn'; sum: bigint; subtracted: bigint; number: bigint; result: ThaiStyleResult };

/**
 * A Yee-Kee round's result from its shots, each a 5-digit number in the order received (market-rules
 * 1.8): number = sum of all shots − the 16th shot; 3 top = its last three digits, 2 bottom = its
 * ten-thousands and thousands digits. Sums are bigints, so no number of shots loses a digit.
 */
export function yeekeeResult(shots: readonly string[]): YeekeeOutcome {
  shots.forEach((shot, index) => assertDigits(shot, 5, `shots[${index}]`));
  if (shots.length < YEEKEE_MIN_SHOTS) return { status: 'void', reason: 'too_few_shots', shotCount: shots.length };
  const sum = shots.reduce((total, shot) => total + BigInt(shot), 0n);
  const subtracted = BigInt(shots[YEEKEE_SUBTRACTED_SHOT - 1]!);
  const number = sum - subtracted;
  return { status: 'drawn', sum, subtracted, number, result: thaiStyleFromYeekeeNumber(number) };
}

/** 3 top and 2 bottom from a Yee-Kee number: 1,234,516,014 → 014 and 16. */
export function thaiStyleFromYeekeeNumber(number: bigint): ThaiStyleResult {
  if (number < 0n) throw new RangeError('number: a Yee-Kee number is never negative');
  const digits = number.toString().padStart(5, '0');
  return { family: 'THAI_STYLE', top3: digits.slice(-3), bottom2: digits.slice(-5, -3) };
}
