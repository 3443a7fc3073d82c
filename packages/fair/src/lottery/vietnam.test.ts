import { describe, expect, test } from 'vitest';
import { BetContentError } from './types.ts';
import type { BetContent, LotteryPlay } from './types.ts';
import {
  VIETNAM_DEFAULT_ODDS_HUNDREDTHS,
  VN_NORTH_PLAYS,
  VN_SOUTH_PLAYS,
  checkVietnamResult,
  vietnamLo,
  vietnamLoSlots,
} from './vietnam.ts';
import type { VietnamFamily, VietnamResult } from './vietnam.ts';

// The northern draw of Friday 1 Jan 2016 (host Hải Phòng), as shown in vienvong-main/xoso,
// application/views/templates/today.php (public repository): all 27 numbers, and beside them the
// page's own đầu/đuôi table of the 27 last-two digits, which agrees with the lô computed below.
const NORTH_2016_01_01: VietnamResult = {
  family: 'VN_NORTH',
  prizes: {
    DB: ['52552'],
    G1: ['56247'],
    G2: ['84402', '15788'],
    G3: ['06060', '22520', '39216', '26435', '51168', '06334'],
    G4: ['9032', '2187', '5037', '1935'],
    G5: ['5704', '9718', '1378', '8009', '0896', '7197'],
    G6: ['488', '376', '768'],
    G7: ['78', '72', '17', '16'],
  },
};

// A southern-region (Gia Lai) table from a public repository's test data (a Java
// MockLotteryResultProviderMienTrungNam, "sample data from a photo", and the same table in its SQL
// and JS fixtures). NOT VERIFIED as a real draw: the file dates it 9 and 12 Oct 2025, and neither is
// a Friday, Gia Lai's draw day. No full southern result from a checkable source was found; the
// table has the official shape (18 numbers in 9 tiers), which is all these tests need.
const SOUTH_SAMPLE: VietnamResult = {
  family: 'VN_SOUTH',
  prizes: {
    DB: ['042293'],
    G1: ['02518'],
    G2: ['49226'],
    G3: ['03856', '04216'],
    G4: ['00810', '02321', '00681', '51728', '24507', '58068', '96136'],
    G5: ['8877'],
    G6: ['5934', '7442', '3430'],
    G7: ['884'],
    G8: ['40'],
  },
};

const rowOf = (text: string): BetContent => ({ rows: [text.split(',')] });
const rowsOf = (text: string): BetContent => ({
  rows: text.split('|').map((row) => (row === '-' ? [] : row.split(','))),
});
function byCode(plays: readonly LotteryPlay[], code: string): LotteryPlay {
  const play = plays.find((candidate) => candidate.code === code);
  if (!play) throw new Error(`no play ${code}`);
  return play;
}
const north = (code: string) => byCode(VN_NORTH_PLAYS, code);
const south = (code: string) => byCode(VN_SOUTH_PLAYS, code);

describe('prize tables', () => {
  test('both past results have the official shape', () => {
    expect(checkVietnamResult(NORTH_2016_01_01)).toEqual([]);
    expect(checkVietnamResult(SOUTH_SAMPLE)).toEqual([]);
  });

  test('every problem is listed, naming its tier', () => {
    const { G8: _dropped, ...withoutG8 } = SOUTH_SAMPLE.prizes;
    expect(
      checkVietnamResult({
        family: 'VN_SOUTH',
        prizes: { ...withoutG8, G1: ['2518'], G4: SOUTH_SAMPLE.prizes['G4']!.slice(1), G9: ['12'] },
      }),
    ).toEqual([
      'G1[0]: "2518" is not 5 digits',
      'G4: 6 numbers instead of 7',
      'G8: missing',
      'G9: not a tier of the southern draw',
    ]);
    // A northern table sent as a southern one: wrong digits and counts everywhere, and no G8.
    expect(checkVietnamResult({ ...NORTH_2016_01_01, family: 'VN_SOUTH' })).toContain('G8: missing');
  });

  test('lô and slots: North 27/23/20, South 18/17/16', () => {
    expect([2, 3, 4].map((length) => vietnamLoSlots('VN_NORTH', length))).toEqual([27, 23, 20]);
    expect([2, 3, 4].map((length) => vietnamLoSlots('VN_SOUTH', length))).toEqual([18, 17, 16]);
    // The same 27 as the source page's đầu/đuôi table (0: 2 4 9, 1: 6 8 7 6, 2: 0, 3: 5 4 2 7 5 ...).
    expect(vietnamLo(NORTH_2016_01_01, 2).sort()).toEqual(
      '02 04 09 16 16 17 18 20 32 34 35 35 37 47 52 60 68 68 72 76 78 78 87 88 88 96 97'.split(' '),
    );
    expect(vietnamLo(NORTH_2016_01_01, 3)).toHaveLength(23);
    expect(vietnamLo(SOUTH_SAMPLE, 4)).toEqual(
      '2293 2518 9226 3856 4216 0810 2321 0681 1728 4507 8068 6136 8877 5934 7442 3430'.split(' '),
    );
  });
});

describe('northern plays against 1 Jan 2016', () => {
  test.each([
    ['VN_DE', rowOf('52'), 7_000],
    ['VN_DE', rowOf('47,25'), 0], // 47 ends the first prize, not the special
    ['VN_DAU_DUOI', rowsOf('5|-'), 900],
    ['VN_DAU_DUOI', rowsOf('-|2'), 900],
    ['VN_DAU_DUOI', rowsOf('5,2|2,5'), 1_800],
    ['VN_BAO_LO_2', rowOf('16'), 15_000], // 16 appears twice (G3 39216, G7 16): pays twice
    ['VN_BAO_LO_2', rowOf('16,52,99'), 22_500],
    ['VN_BAO_LO_3', rowOf('552,768,488'), 195_000],
    ['VN_BAO_LO_3', rowOf('078'), 0], // G7's 78 has two digits: no 3-digit lô
    ['VN_BAO_LO_4', rowOf('2552,0896'), 1_100_000],
    ['VN_BAO_LO_4', rowOf('0488'), 0],
    ['VN_XIEN_2', rowsOf('16,35'), 1_000],
    ['VN_XIEN_2', rowsOf('16,35|02,04|99,16'), 2_000],
    ['VN_XIEN_3', rowsOf('02,04,09'), 4_000],
    ['VN_XIEN_4', rowsOf('52,47,02,88'), 25_000],
    ['VN_XIEN_4', rowsOf('52,47,02,89'), 0],
    ['VN_TRUOT_XIEN_4', rowsOf('00,01,03,05'), 220],
    ['VN_TRUOT_XIEN_4', rowsOf('00,01,03,16'), 0],
    ['VN_TRUOT_XIEN_8', rowsOf('00,01,03,05,06,07,08,10'), 700],
    ['VN_TRUOT_XIEN_10', rowsOf('00,01,03,05,06,07,08,10,11,12'), 1_250],
    ['VN_3_CANG', rowOf('552,255'), 40_000],
    ['VN_4_CANG', rowOf('2552'), 550_000],
  ] as const)('%s %j', (code, content, win) => {
    expect(north(code).winHundredths(content, NORTH_2016_01_01)).toBe(win);
  });

  test('counts: bao lô charges every slot, xiên one unit per row', () => {
    expect(north('VN_BAO_LO_2').count(rowOf('16,52,99'))).toBe(81);
    expect(north('VN_BAO_LO_3').count(rowOf('552,768'))).toBe(46);
    expect(north('VN_BAO_LO_4').count(rowOf('2552'))).toBe(20);
    expect(north('VN_XIEN_2').count(rowsOf('16,35|02,04|99,16'))).toBe(3);
    expect(north('VN_DAU_DUOI').count(rowsOf('5,2|2,5'))).toBe(4);
    expect(north('VN_DE').count(rowOf('00,01,02'))).toBe(3);
  });
});

describe('southern plays against the sample table', () => {
  test.each([
    ['VN_DE', rowOf('93'), 7_000],
    ['VN_DAU_DUOI', rowsOf('9|3'), 1_800],
    ['VN_BAO_LO_2', rowOf('40,93,99'), 15_000], // G8 40 and ĐB ...93
    ['VN_BAO_LO_3', rowOf('884,040'), 65_000], // G8's 40 has two digits: no 3-digit lô
    ['VN_BAO_LO_4', rowOf('2293,0884'), 550_000],
    ['VN_XIEN_2', rowsOf('40,93'), 2_000],
    ['VN_XIEN_3', rowsOf('07,68,36'), 13_000],
    ['VN_XIEN_4', rowsOf('93,18,26,00'), 0],
    ['VN_TRUOT_XIEN_4', rowsOf('00,01,02,03'), 150],
    ['VN_TRUOT_XIEN_10', rowsOf('00,01,02,03,04,05,06,08,09,11'), 490],
    ['VN_3_CANG', rowOf('293'), 40_000],
    ['VN_4_CANG', rowOf('2293,4229'), 550_000],
  ] as const)('%s %j', (code, content, win) => {
    expect(south(code).winHundredths(content, SOUTH_SAMPLE)).toBe(win);
  });

  test('counts use the southern slots', () => {
    expect(south('VN_BAO_LO_2').count(rowOf('40,93,99'))).toBe(54);
    expect(south('VN_BAO_LO_3').count(rowOf('884,040'))).toBe(34);
    expect(south('VN_BAO_LO_4').count(rowOf('2293,0884'))).toBe(32);
  });

  test('play ids from the original (trượt xiên ours)', () => {
    const ids = (plays: readonly LotteryPlay[]) => Object.fromEntries(plays.map((play) => [play.code, play.playId]));
    expect(ids(VN_NORTH_PLAYS)).toMatchObject({ VN_DE: 2100, VN_DAU_DUOI: 2105, VN_BAO_LO_2: 2516, VN_XIEN_4: 2607 });
    expect(ids(VN_SOUTH_PLAYS)).toMatchObject({ VN_BAO_LO_2: 2529, VN_BAO_LO_4: 2537, VN_XIEN_2: 2611 });
    expect(ids(VN_SOUTH_PLAYS)).toMatchObject({ VN_3_CANG: 2095, VN_4_CANG: 2090, VN_TRUOT_XIEN_4: 9211 });
  });
});

describe('refusals', () => {
  test.each([
    ['VN_BAO_LO_2', rowOf('5'), 'not a 2-digit number'],
    ['VN_BAO_LO_2', rowOf('16,16'), 'named twice'],
    ['VN_DE', rowsOf('12|34'), 'one row'],
    ['VN_DAU_DUOI', rowOf('5'), 'two rows'],
    ['VN_DAU_DUOI', rowsOf('-|-'), 'no digit'],
    ['VN_DAU_DUOI', rowsOf('12|-'), 'not a 1-digit number'],
    ['VN_XIEN_2', rowsOf('16,35,02'), 'takes 2 numbers'],
    ['VN_XIEN_2', rowsOf('16,35|35,16'), 'repeats an earlier row'],
    ['VN_XIEN_3', rowsOf('16,16,35'), 'named twice'],
    ['VN_TRUOT_XIEN_8', rowsOf('00,01,03,05'), 'takes 8 numbers'],
    ['VN_3_CANG', { positions: [1], rows: [['552']] }, 'no positions'],
    ['VN_4_CANG', rowOf('52552'), 'not a 4-digit number'],
  ] as const)('%s %j', (code, content, message) => {
    const copy = { ...content, rows: content.rows.map((row) => [...row]) } as BetContent;
    expect(() => north(code).count(copy)).toThrow(BetContentError);
    expect(() => north(code).count(copy)).toThrow(message);
  });

  test('a result of the other region or a malformed table is the caller’s mistake', () => {
    expect(() => north('VN_DE').winHundredths(rowOf('93'), SOUTH_SAMPLE)).toThrow(RangeError);
    const broken: VietnamResult = { ...NORTH_2016_01_01, prizes: { ...NORTH_2016_01_01.prizes, G7: ['78'] } };
    expect(() => north('VN_BAO_LO_2').winHundredths(rowOf('78'), broken)).toThrow('G7: 1 numbers instead of 4');
  });
});

describe('default odds return less than the stake', () => {
  // Exact returns per unit staked, taking each drawn digit as independent and uniform, so that each
  // lô of N digits is one chance in 10^N and the 2-digit lô of a draw are independent.
  const choose = (n: number, k: number) => {
    let result = 1;
    for (let i = 0; i < k; i += 1) result = (result * (n - i)) / (i + 1);
    return result;
  };
  const allAppear = (k: number, slots: number) => {
    let p = 0;
    for (let j = 0; j <= k; j += 1) p += (-1) ** j * choose(k, j) * ((100 - j) / 100) ** slots;
    return p;
  };
  const winChance = (family: VietnamFamily, code: string): number => {
    const slots = vietnamLoSlots(family, 2);
    const [, kind, size] = /^VN_(DE|DAU_DUOI|BAO_LO|XIEN|TRUOT_XIEN|3_CANG|4_CANG)_?(\d+)?$/.exec(code) ?? [];
    const k = Number(size);
    switch (kind) {
      case 'DE':
        return 1 / 100;
      case 'DAU_DUOI':
        return 1 / 10;
      case 'BAO_LO':
        return 1 / 10 ** k; // per unit: one slot, one chance in 10^N
      case 'XIEN':
        return allAppear(k, slots);
      case 'TRUOT_XIEN':
        return ((100 - k) / 100) ** slots;
      case '3_CANG':
        return 1 / 1_000;
      case '4_CANG':
        return 1 / 10_000;
      default:
        throw new Error(`no chance for ${code}`);
    }
  };

  test.each(
    (['VN_NORTH', 'VN_SOUTH'] as const).flatMap((family) =>
      Object.entries(VIETNAM_DEFAULT_ODDS_HUNDREDTHS[family]).map(([code, odds]) => [family, code, odds] as const),
    ),
  )('%s %s', (family, code, oddsHundredths) => {
    const expectedReturn = (winChance(family, code) * oddsHundredths) / 100;
    expect(expectedReturn).toBeGreaterThan(0.25);
    expect(expectedReturn).toBeLessThan(1);
  });
});
