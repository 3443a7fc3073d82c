import { formatMinorUnits, parseAmount, type LotteryBet } from '@lotus/contract';
import {
  BetContentError,
  betCost,
  lotteryPlay,
  lotteryPlays,
  parseBetContent,
  type LotteryFamily,
  type LotteryPlay,
} from '@lotus/fair';

/**
 * The bet slip's maths, with the functions the server prices a bet with (`@lotus/fair`): a content is
 * counted by its play's `count` and costed by `betCost`, so the `betNum` and `totalAmount` the site
 * sends are the ones the server computes (it refuses any other). Pure: the panel draws, this counts.
 */

/** How a play's numbers are picked on the panel. */
export type PadKind =
  /**
   * Rows of digits 0-9, one per position (`positions`, 1-based); `isRowOptional`: a row may stay empty;
   * `rowLabels`: the rows' text keys when they are not positions (đầu/đuôi: tens, units).
   */
  | { kind: 'digits'; positions: number[]; isRowOptional: boolean; rowLabels?: string[] }
  /** Positions 1-5 and big/small/odd/even of each (`1,5@BIG,ODD`). */
  | { kind: 'positionChoices'; choices: readonly string[] }
  /** One row of choices (`BIG,EVEN`). */
  | { kind: 'choices'; choices: readonly string[] }
  /** Numbers of `length` digits typed on a key pad and added to a list (`123,456`). */
  | { kind: 'numbers'; length: number }
  /** Keno: 1 to 10 of the numbers 1-80; the play is the pick of that many. */
  | { kind: 'keno' }
  /** Xiên and trượt xiên: combinations of `size` distinct `length`-digit numbers, one a row (`12,34|56,78`). */
  | { kind: 'combos'; size: number; length: number };

/** One tab of the panel: the play (or, for Keno picks, the plays by count) and its pad. */
export interface PlayTab {
  /** The play's code, or `KENO_PICK` for the ten pick plays together: the name's text key. */
  key: string;
  pad: PadKind;
  /** The play a selection is bet on (Keno: by the count of numbers picked). */
  playFor(selectionSize: number): LotteryPlay | undefined;
}

const choices = ['BIG', 'SMALL', 'ODD', 'EVEN'] as const;

/** Digit rows of the FAST5D straights: the positions each takes. */
const fast5dStraightPositions: Record<string, number[]> = {
  FAST5D_FRONT2: [1, 2],
  FAST5D_BACK2: [4, 5],
  FAST5D_FRONT3: [1, 2, 3],
  FAST5D_BACK3: [3, 4, 5],
};

const kenoSumChoices: Record<string, readonly string[]> = {
  KENO_SUM_BS: ['BIG', 'SMALL'],
  KENO_SUM_OE: ['ODD', 'EVEN'],
};

/** The length of a number play's numbers: the one the play itself accepts (1 to 6 digits). */
function numberLengthOf(play: LotteryPlay): number | null {
  for (let length = 1; length <= 6; length += 1) {
    try {
      play.count({ rows: [['0'.repeat(length)]] });
      return length;
    } catch {
      // Not this length.
    }
  }
  return null;
}

function padOf(play: LotteryPlay): PadKind | null {
  if (play.code === 'FAST5D_POS') return { kind: 'digits', positions: [1, 2, 3, 4, 5], isRowOptional: true };
  if (play.code === 'FAST5D_POS_BSOE') return { kind: 'positionChoices', choices };
  if (play.code === 'FAST5D_SUM_BSOE') return { kind: 'choices', choices };
  const straight = fast5dStraightPositions[play.code];
  if (straight) return { kind: 'digits', positions: straight, isRowOptional: false };
  const kenoSum = kenoSumChoices[play.code];
  if (kenoSum) return { kind: 'choices', choices: kenoSum };
  if (play.code === 'VN_DAU_DUOI')
    return {
      kind: 'digits',
      positions: [1, 2],
      isRowOptional: true,
      rowLabels: ['lottery_row_tens', 'lottery_row_units'],
    };
  const xien = /^VN_(?:TRUOT_)?XIEN_(\d+)$/.exec(play.code);
  if (xien) return { kind: 'combos', size: Number(xien[1]), length: 2 };
  if (play.numbers) {
    const length = numberLengthOf(play);
    return length === null ? null : { kind: 'numbers', length };
  }
  return null;
}

/** The panel's tabs for a family, in the catalogue's order; Keno's ten pick plays are one tab. */
export function playTabsOf(family: LotteryFamily): PlayTab[] {
  const tabs: PlayTab[] = [];
  for (const play of lotteryPlays(family)) {
    if (/^KENO_PICK\d+$/.test(play.code)) {
      if (!tabs.some((tab) => tab.key === 'KENO_PICK'))
        tabs.push({
          key: 'KENO_PICK',
          pad: { kind: 'keno' },
          playFor: (size) => lotteryPlay(family, `KENO_PICK${size}`),
        });
      continue;
    }
    const pad = padOf(play);
    if (pad) tabs.push({ key: play.code, pad, playFor: () => play });
  }
  return tabs;
}

/**
 * The official draws' families on sale (issue 18): the government draw, Lao, the Thai-style daily
 * draws (Hanoi, stock indices, Yee-Kee), the northern Vietnamese draw and the central and southern
 * provinces' draws (VN_SOUTH, migration 0073).
 */
const officialBettingFamilies: ReadonlySet<string> = new Set(['THAI_GOV', 'LAO', 'THAI_STYLE', 'VN_NORTH', 'VN_SOUTH']);

/** Whether the site offers the betting panel for a game: every house game, and the official ones on sale. */
export const takesBets = (game: { isHouseDrawn: boolean; family: string }): boolean =>
  game.isHouseDrawn || officialBettingFamilies.has(game.family);

/** Keno picks at most this many numbers (KENO_PICK10). */
export const kenoMaxPicks = 10;

/** What is picked on a pad, by its kind. */
export interface Selection {
  /** Digit rows (digits pads), position rows' digits by row index; the combinations of a combos pad. */
  rows: string[][];
  /** Positions 1-5 (positionChoices pads). */
  positions: number[];
  /** Chosen choices, numbers (numbers pads) or Keno numbers. */
  balls: string[];
}

export const emptySelection = (): Selection => ({ rows: [], positions: [], balls: [] });

/** How many balls a selection holds (Keno: numbers picked; picks the Keno play). */
export const selectionSize = (selection: Selection): number => selection.balls.length;

/** The content of a selection in the original's format, or null while nothing is picked. */
export function contentOf(pad: PadKind, selection: Selection): string | null {
  switch (pad.kind) {
    case 'digits': {
      const rows = pad.positions.map((_, index) => [...(selection.rows[index] ?? [])].sort());
      if (rows.every((row) => row.length === 0)) return null;
      return rows.map((row) => (row.length === 0 ? '-' : row.join(','))).join('|');
    }
    case 'positionChoices': {
      const positions = [...selection.positions].sort((a, b) => a - b);
      const picked = pad.choices.filter((choice) => selection.balls.includes(choice));
      if (positions.length === 0 || picked.length === 0) return null;
      return `${positions.join(',')}@${picked.join(',')}`;
    }
    case 'choices': {
      const picked = pad.choices.filter((choice) => selection.balls.includes(choice));
      return picked.length === 0 ? null : picked.join(',');
    }
    case 'numbers':
      return selection.balls.length === 0 ? null : selection.balls.join(',');
    case 'combos':
      return selection.rows.length === 0 ? null : selection.rows.map((row) => row.join(',')).join('|');
    case 'keno': {
      if (selection.balls.length === 0) return null;
      return [...selection.balls]
        .map(Number)
        .sort((a, b) => a - b)
        .join(',');
    }
  }
}

/** The combinations a content costs, by the play's own count; null with the reason when it cannot be bet. */
export function countOf(play: LotteryPlay, content: string): { units: number } | { problem: string } {
  try {
    return { units: play.count(parseBetContent(content)) };
  } catch (error) {
    if (error instanceof BetContentError) return { problem: error.message };
    throw error;
  }
}

/** One bet on the slip, as it is sent. */
export type SlipBet = LotteryBet & { playCode: string };

/** A bet's cost in minor units: units x stake per unit x multiple (`betCost`). */
export function costOfBet(bet: Pick<SlipBet, 'betNum' | 'stakePerUnit' | 'multiple'>): bigint {
  const stakePerUnitMinor = parseAmount(bet.stakePerUnit);
  if (stakePerUnitMinor === null || stakePerUnitMinor < 1n) return 0n;
  return betCost({ units: bet.betNum, stakePerUnitMinor, multiple: bet.multiple });
}

/** The slip's total: every bet once per draw (a chase pays each of its draws now). */
export function slipTotal(bets: readonly SlipBet[], phases = 1): { units: number; totalMinor: bigint; total: string } {
  const units = bets.reduce((sum, bet) => sum + bet.betNum, 0);
  const perDraw = bets.reduce((sum, bet) => sum + costOfBet(bet), 0n);
  const totalMinor = perDraw * BigInt(Math.max(1, phases));
  return { units, totalMinor, total: formatMinorUnits(totalMinor) };
}

/** A stake typed by the member as the wire's two-place string, or null when it is not a positive amount. */
export function stakeOf(text: string): string | null {
  const minor = parseAmount(text.trim());
  return minor === null || minor < 1n ? null : formatMinorUnits(minor);
}

/** Which part of the panel a refusal's `field` names: a slip line, the chase, the total or the panel. */
export type RefusalPlace = { kind: 'bet'; index: number } | { kind: 'chase' } | { kind: 'total' } | { kind: 'panel' };

export function refusalPlaceOf(field: string | undefined): RefusalPlace {
  const bet = field ? /^bets\[(\d+)\]/.exec(field) : null;
  if (bet) return { kind: 'bet', index: Number(bet[1]) };
  if (field?.startsWith('chase')) return { kind: 'chase' };
  if (field === 'totalAmount') return { kind: 'total' };
  return { kind: 'panel' };
}
