// The Lao Development lottery (หวยลาว): the original's 4D/3D/2D exact and any-order plays on the
// draw's 4-digit number, and the Thai-style result Thai sites settle 3 top / 2 bottom on.
//
// From the 4-digit number (market-rules 1.6): 4D = the four digits, 3D = the last three (3 top),
// 2D = the first two (2 bottom, as Thai sites read a Lao draw). "Any" is any order: the bet and the
// drawn digits are compared sorted, as a Thai tod. Content: one row of numbers (`1234,5678`), one
// stake unit per number, a number named twice refused (two orders of one number, for "any").
import { assertDigits, numberRowPlay, sortDigits } from './number-plays.ts';
import type { ThaiStyleResult } from './thai.ts';
import type { Digits, LotteryPlay, LotteryResult } from './types.ts';

export type LaoResult = Extract<LotteryResult, { family: 'LAO' }>;

/**
 * The draw's four digits. Some sites show the number with a fifth digit in front (market-rules 1.6:
 * "5 ตัวตรง" 99887 beside "4 ตัวตรง" 9887); the plays settle on the last four.
 */
export function laoFourDigits(result: LaoResult): Digits {
  if (typeof result.number !== 'string' || !/^[0-9]{4,6}$/.test(result.number))
    throw new RangeError(`number: expected 4 to 6 digits, got ${JSON.stringify(result.number)}`);
  return result.number.slice(-4);
}

/** The Thai-style reading of a Lao draw: 4 top = its four digits, 3 top = the last three, 2 bottom = the first two. */
export function laoToThaiStyle(number: Digits): ThaiStyleResult {
  const four = laoFourDigits({ family: 'LAO', number });
  assertDigits(four, 4, 'number');
  return { family: 'THAI_STYLE', top4: four, top3: four.slice(1), bottom2: four.slice(0, 2) };
}

/**
 * Default odds in hundredths. No source gives Lao rates, so these are ours, to be set per game: the
 * Thai daily rate where a bet matches a Thai one (3D exact = 3 top 800, 3D any = tod 120, 2D exact
 * = 2 bottom 90), 8,000 for 4D exact (the same 80% return as 3 top at 800), and for 4D and 2D any
 * the exact odds over the orders of distinct digits, rounded down: 8,000 / 24 → 330, 90 / 2 = 45.
 */
export const LAO_DEFAULT_ODDS_HUNDREDTHS = {
  LAO_4D_EXACT: 800_000,
  LAO_4D_ANY: 33_000,
  LAO_3D_EXACT: 80_000,
  LAO_3D_ANY: 12_000,
  LAO_2D_EXACT: 9_000,
  LAO_2D_ANY: 4_500,
} as const;

/**
 * The original names the Lao plays "EXACT/ANY 4D/3D/2D" within ids 2129-2146 without saying which is
 * which. Assumed: six plays three ids apart, the step of its Lô Xiên ids (2601/2604/2607), in the
 * order it lists them: 4D exact 2129, 4D any 2132, 3D exact 2135, 3D any 2138, 2D exact 2141,
 * 2D any 2144. Check against the original's play menu before the ids reach a partner's API.
 */
const PLAYS: ReadonlyArray<{ code: keyof typeof LAO_DEFAULT_ODDS_HUNDREDTHS; playId: number; length: number }> = [
  { code: 'LAO_4D_EXACT', playId: 2129, length: 4 },
  { code: 'LAO_4D_ANY', playId: 2132, length: 4 },
  { code: 'LAO_3D_EXACT', playId: 2135, length: 3 },
  { code: 'LAO_3D_ANY', playId: 2138, length: 3 },
  { code: 'LAO_2D_EXACT', playId: 2141, length: 2 },
  { code: 'LAO_2D_ANY', playId: 2144, length: 2 },
];

/** The digits each length settles on: 4D all four, 3D the last three, 2D the first two. */
function drawnDigits(four: Digits, length: number): Digits {
  if (length === 4) return four;
  return length === 3 ? four.slice(1) : four.slice(0, 2);
}

export const LAO_PLAYS: readonly LotteryPlay[] = PLAYS.map(({ code, playId, length }) => {
  const isAnyOrder = code.endsWith('_ANY');
  return numberRowPlay({
    playId,
    code,
    family: 'LAO',
    oddsHundredths: LAO_DEFAULT_ODDS_HUNDREDTHS[code],
    length,
    ...(isAnyOrder ? { normalise: sortDigits } : {}),
    hits(number, result) {
      const drawn = drawnDigits(laoFourDigits(result), length);
      return number === (isAnyOrder ? sortDigits(drawn) : drawn) ? 1 : 0;
    },
  });
});
