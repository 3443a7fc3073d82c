// Every lottery play, by family: what the server reads to price and settle a bet and the site to
// list a game's plays. A play id is shared by the families that offer the same bet type (the Thai
// top 3 is 2055 in the government, Thai-style and FAST3D games, at each family's odds), so a play is
// found within its game's family, never by id alone.
//
// Ids ours (the original names none for these): 9001-9049 FAST5D, 9051-9099 KENO, 9101-9199 the
// Thai bet types (thai.ts), 9201-9299 the Vietnamese trượt xiên (vietnam.ts). A new family's plays
// take the next free hundred.
import { FAST5D_PLAYS } from './fast5d.ts';
import { KENO_PLAYS } from './keno.ts';
import { LAO_PLAYS } from './lao.ts';
import { FAST3D_PLAYS, THAI_GOV_PLAYS, THAI_STYLE_PLAYS } from './thai.ts';
import type { LotteryFamily, LotteryPlay } from './types.ts';
import { VN_NORTH_PLAYS, VN_SOUTH_PLAYS } from './vietnam.ts';

/** The plays of each family: the Record makes a new family list its plays here. */
const PLAYS_BY_FAMILY: Readonly<Record<LotteryFamily, readonly LotteryPlay[]>> = {
  FAST5D: FAST5D_PLAYS,
  FAST3D: FAST3D_PLAYS,
  KENO: KENO_PLAYS,
  THAI_GOV: THAI_GOV_PLAYS,
  THAI_STYLE: THAI_STYLE_PLAYS,
  LAO: LAO_PLAYS,
  VN_NORTH: VN_NORTH_PLAYS,
  VN_SOUTH: VN_SOUTH_PLAYS,
};

/** The plays a game of `family` offers, in display order. An unknown family has none. */
export function lotteryPlays(family: LotteryFamily): readonly LotteryPlay[] {
  return Object.hasOwn(PLAYS_BY_FAMILY, family) ? PLAYS_BY_FAMILY[family] : [];
}

/** The play of `family` with this play id or code (`9001` or `'FAST5D_POS'`), or undefined. */
export function lotteryPlay(family: LotteryFamily, playIdOrCode: number | string): LotteryPlay | undefined {
  const key = typeof playIdOrCode === 'number' ? 'playId' : 'code';
  return lotteryPlays(family).find((play) => play[key] === playIdOrCode);
}
