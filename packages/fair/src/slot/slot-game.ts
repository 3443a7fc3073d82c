// The 5x3 video slot as data: symbols, reel strips, paylines and paytable. The game's info screen
// renders these same objects, and the exact RTP is computed from them (exact-slot-rtp.ts).

export const SLOT_SYMBOLS = ['WILD', 'SCATTER', 'LOTUS', 'DRAGON', 'TIGER', 'ELEPHANT', 'A', 'K', 'Q', 'J'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** A symbol that pays on lines, with its pays for 3, 4 and 5 of a kind, in multiples of the line bet. */
export interface LinePay {
  symbol: Exclude<SlotSymbol, 'WILD' | 'SCATTER'>;
  pays: readonly [threeOfAKind: number, fourOfAKind: number, fiveOfAKind: number];
}

export interface SlotGame {
  /**
   * One strip per reel, read top to bottom and wrapping around. A reel stopped at `stop` shows
   * strip[stop], strip[stop + 1] and strip[stop + 2] (mod the strip's length) in rows 0, 1 and 2.
   * WILD must not appear on the first reel, so every line's paying symbol is its first symbol.
   */
  reels: readonly (readonly SlotSymbol[])[];
  /** Each line lists the row (0 top, 2 bottom) it crosses on reels 1 to 5. */
  lines: readonly (readonly number[])[];
  paytable: readonly LinePay[];
  /** Scatter pays for 3, 4 and 5+ scatters anywhere, in multiples of the total bet (line bet x lines). */
  scatterPays: readonly [three: number, four: number, fiveOrMore: number];
  /** 3+ scatters award `awarded` free spins, in the base game and again inside free spins (retrigger). */
  freeSpins: { awarded: number; multiplier: number };
}

export const SLOT_ROWS = 3;
export const SLOT_REELS = 5;
export const MIN_SCATTERS_FOR_FREE_SPINS = 3;

/** The 20 fixed paylines, numbered 1 to 20 in this order. */
export const SLOT_LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];

/**
 * Highest symbol first. Symbols pay in this rank order: for every count, a symbol never pays less
 * than any symbol below it (slot-game.test.ts checks it). This is the paytable's second version;
 * the first (`SLOT_PAYTABLE_V1`) paid five J more than five Q. Rounds do not record which version
 * paid them (README.md "Paytable versions").
 */
export const SLOT_PAYTABLE: readonly LinePay[] = [
  { symbol: 'LOTUS', pays: [80, 400, 1500] },
  { symbol: 'DRAGON', pays: [50, 200, 800] },
  { symbol: 'TIGER', pays: [40, 150, 500] },
  { symbol: 'ELEPHANT', pays: [25, 100, 300] },
  { symbol: 'A', pays: [16, 60, 200] },
  { symbol: 'K', pays: [15, 50, 150] },
  { symbol: 'Q', pays: [10, 30, 110] },
  { symbol: 'J', pays: [10, 25, 100] },
];

/**
 * The first paytable (rounds played before the change), kept so such a round's wins can be
 * recomputed: `spinSlot(seeds, betPerLine, { ...slotGame, paytable: SLOT_PAYTABLE_V1 })`. Five J
 * paid 110 and five Q 100, against the symbols' rank; everything else is as in `SLOT_PAYTABLE`.
 */
export const SLOT_PAYTABLE_V1: readonly LinePay[] = SLOT_PAYTABLE.map((entry) =>
  entry.symbol === 'Q'
    ? { symbol: 'Q', pays: [10, 30, 100] }
    : entry.symbol === 'J'
      ? { symbol: 'J', pays: [10, 25, 110] }
      : entry,
);

/**
 * Reel strips of 33 to 37 stops. They were shuffled once, when the game was designed, so that no
 * symbol sits next to itself and WILD and SCATTER stay apart; they never change at run time.
 */
export const SLOT_REEL_STRIPS: readonly (readonly SlotSymbol[])[] = [
  [
    'Q',
    'A',
    'K',
    'TIGER',
    'K',
    'DRAGON',
    'TIGER',
    'SCATTER',
    'LOTUS',
    'K',
    'ELEPHANT',
    'J',
    'ELEPHANT',
    'A',
    'J',
    'LOTUS',
    'ELEPHANT',
    'TIGER',
    'A',
    'Q',
    'ELEPHANT',
    'DRAGON',
    'K',
    'Q',
    'J',
    'DRAGON',
    'Q',
    'J',
    'A',
    'K',
    'J',
    'Q',
    'A',
  ],
  [
    'ELEPHANT',
    'J',
    'K',
    'Q',
    'ELEPHANT',
    'K',
    'J',
    'TIGER',
    'Q',
    'A',
    'J',
    'K',
    'J',
    'ELEPHANT',
    'LOTUS',
    'DRAGON',
    'SCATTER',
    'TIGER',
    'A',
    'DRAGON',
    'ELEPHANT',
    'K',
    'TIGER',
    'DRAGON',
    'Q',
    'A',
    'TIGER',
    'A',
    'WILD',
    'LOTUS',
    'Q',
    'K',
    'J',
    'A',
  ],
  [
    'J',
    'A',
    'Q',
    'DRAGON',
    'K',
    'TIGER',
    'J',
    'A',
    'K',
    'TIGER',
    'Q',
    'SCATTER',
    'J',
    'ELEPHANT',
    'Q',
    'J',
    'LOTUS',
    'DRAGON',
    'ELEPHANT',
    'WILD',
    'Q',
    'K',
    'ELEPHANT',
    'LOTUS',
    'A',
    'J',
    'A',
    'DRAGON',
    'A',
    'K',
    'ELEPHANT',
    'WILD',
    'K',
    'TIGER',
    'Q',
  ],
  [
    'K',
    'LOTUS',
    'K',
    'TIGER',
    'A',
    'K',
    'A',
    'ELEPHANT',
    'WILD',
    'LOTUS',
    'A',
    'ELEPHANT',
    'K',
    'A',
    'J',
    'Q',
    'A',
    'ELEPHANT',
    'J',
    'DRAGON',
    'J',
    'K',
    'DRAGON',
    'Q',
    'TIGER',
    'Q',
    'DRAGON',
    'Q',
    'J',
    'SCATTER',
    'TIGER',
    'DRAGON',
    'Q',
    'J',
    'Q',
    'ELEPHANT',
  ],
  [
    'SCATTER',
    'J',
    'DRAGON',
    'Q',
    'K',
    'LOTUS',
    'K',
    'TIGER',
    'J',
    'A',
    'J',
    'K',
    'ELEPHANT',
    'A',
    'DRAGON',
    'A',
    'ELEPHANT',
    'LOTUS',
    'A',
    'Q',
    'WILD',
    'LOTUS',
    'Q',
    'K',
    'J',
    'ELEPHANT',
    'TIGER',
    'Q',
    'K',
    'TIGER',
    'ELEPHANT',
    'TIGER',
    'Q',
    'A',
    'J',
    'DRAGON',
    'J',
  ],
];

export const slotGame: SlotGame = {
  reels: SLOT_REEL_STRIPS,
  lines: SLOT_LINES,
  paytable: SLOT_PAYTABLE,
  scatterPays: [2, 10, 50],
  freeSpins: { awarded: 10, multiplier: 2 },
};
