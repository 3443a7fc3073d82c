// The lottery's shared shapes: what a draw's result is for each family of games, what a play is,
// and how a bet's content is written. Pure data; the plays of each family live in their own files.

/**
 * Families of lottery games, by the shape of their result. Several games share a family (the 1-, 3-
 * and 5-minute fast draws are all FAST5D; Hanoi, stock-index and Yee-Kee games are all THAI_STYLE).
 */
export const LOTTERY_FAMILIES = [
  'FAST5D', // house-drawn: five digits, each 0-9, positions 1..5 left to right
  'FAST3D', // house-drawn, Thai style: a 3-digit top and a 2-digit bottom
  'KENO', // house-drawn: 20 distinct numbers of 1..80
  'THAI_GOV', // Thai government lottery: first prize (6 digits), two front-3, two back-3, last-2
  'THAI_STYLE', // Hanoi, stock indices, Yee-Kee: a 3-digit top and a 2-digit bottom (and optionally 4 digits)
  'LAO', // Lao Development lottery: a 4-digit number (sometimes shown with more digits)
  'VN_NORTH', // Vietnamese northern draw: 27 numbers in 8 prize tiers
  'VN_SOUTH', // Vietnamese central/southern draw (one province): 18 numbers in 9 prize tiers
] as const;
export type LotteryFamily = (typeof LOTTERY_FAMILIES)[number];

/** Digits as text keep their leading zeros: '07' is not '7'. */
export type Digits = string;

export type LotteryResult =
  | { family: 'FAST5D'; digits: Digits }
  | { family: 'FAST3D'; top3: Digits; bottom2: Digits }
  | { family: 'KENO'; numbers: number[] }
  | {
      family: 'THAI_GOV';
      first: Digits;
      front3: [Digits, Digits];
      back3: [Digits, Digits];
      last2: Digits;
    }
  | { family: 'THAI_STYLE'; top3: Digits; bottom2: Digits; top4?: Digits }
  | { family: 'LAO'; number: Digits }
  /** Prize tiers from the special prize ('DB') down; each tier's numbers in draw order. */
  | { family: 'VN_NORTH' | 'VN_SOUTH'; prizes: Record<string, Digits[]> };

/**
 * A bet's content in the original's format: rows (digit positions or groups) separated by `|`,
 * balls within a row by `,`; `positions@rows` names the chosen positions first (`1,3@5,6|7`).
 * Parsed, it is a list of rows of balls and, when the play takes them, the chosen positions.
 */
export interface BetContent {
  positions?: number[];
  rows: string[][];
}

/** A content a play cannot take: `field` says which part is wrong (`betContent`, `positions`, a row). */
export class BetContentError extends Error {
  constructor(
    readonly code: 'content_invalid' | 'content_too_large' | 'positions_invalid',
    message: string,
  ) {
    super(message);
  }
}

/**
 * One play (bet type) of a family. Odds are the original's "paid per 1 staked" at the full series
 * (2000), kept as integers in hundredths so that 3.2 is 320 and 900 is 90000: nothing is a float.
 */
export interface LotteryPlay {
  /** The original's play id where one is known (Thai 3D 2055, 2D 2060...), else one of ours from 9000. */
  playId: number;
  /** Stable code used by the API and the texts: `THAI_3TOP`, `FAST5D_POS_BIG`. */
  code: string;
  family: LotteryFamily;
  /** The odds shown for the play at series 2000, in hundredths (its top prize where several apply). */
  oddsHundredths: number;
  /**
   * Validates the content and answers how many stake units it costs: its combinations, times the
   * slots a Vietnamese bao lô covers. Throws BetContentError.
   */
  count(content: BetContent): number;
  /**
   * What a stake of 1 on each unit of the content wins against the result, in hundredths at series
   * 2000, summed over its combinations (a lô that appears twice wins twice; a Keno pick pays by its
   * hits). 0 when nothing wins. A bet's win, credited as it is (the stake is not returned on top:
   * odds of 900 pay 900 for 1), is `floor(stakePerUnitMinor × winHundredths × series / 200000)`.
   */
  winHundredths(content: BetContent, result: LotteryResult): number;
  /**
   * A number play's numbers, each once, as a per-number limit counts them (an any-order play's in
   * ascending digits): `123,456` is `['123', '456']`. Each is one stake unit that wins on its own, so
   * a one-number content `{ rows: [[n]] }` settles it alone. Absent for plays that are not numbers
   * (positions, big/small, Keno picks, combinations).
   */
  numbers?(content: BetContent): string[];
}
