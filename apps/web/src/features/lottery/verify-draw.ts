import {
  drawLotteryResult,
  HOUSE_DRAWN_FAMILIES,
  verifyCommitment,
  type HouseDrawnFamily,
  type LotteryResult,
} from '@lotus/fair';

/**
 * A house draw checked in the browser (packages/fair README, "Lottery draws"): the revealed server seed
 * against the hash shown before the draw, and the result recomputed from the seeds (nonce 0) against
 * the result shown. Nothing here talks to the server.
 */
export interface DrawToVerify {
  family: string;
  winNoStr: string[];
  serverSeedHash: string | null;
  serverSeed: string | null;
  clientSeed: string | null;
}

export type DrawVerification =
  | { isVerifiable: false }
  | {
      isVerifiable: true;
      isCommitmentKept: boolean;
      recomputed: string[];
      isResultMatch: boolean;
    };

export function isHouseDrawnFamily(family: string): family is HouseDrawnFamily {
  return (HOUSE_DRAWN_FAMILIES as readonly string[]).includes(family);
}

/** A result in the contract's `winNoStr` spelling: FAST5D digit by digit, FAST3D top and bottom, KENO two digits each. */
export function winNoStrOf(result: LotteryResult): string[] {
  switch (result.family) {
    case 'FAST5D':
      return result.digits.split('');
    case 'FAST3D':
      return [result.top3, result.bottom2];
    case 'KENO':
      return result.numbers.map((number) => String(number).padStart(2, '0'));
    default:
      return [];
  }
}

export function verifyDraw(draw: DrawToVerify): DrawVerification {
  const { family, serverSeed, serverSeedHash, clientSeed } = draw;
  if (!isHouseDrawnFamily(family) || !serverSeed || !serverSeedHash || !clientSeed) return { isVerifiable: false };
  const recomputed = winNoStrOf(drawLotteryResult(family, { serverSeed, clientSeed, nonce: 0 }));
  return {
    isVerifiable: true,
    isCommitmentKept: verifyCommitment(serverSeed, serverSeedHash),
    recomputed,
    isResultMatch: recomputed.join(',') === draw.winNoStr.join(','),
  };
}
