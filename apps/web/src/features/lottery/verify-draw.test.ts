import { drawLotteryResult, hashServerSeed } from '@lotus/fair';
import { describe, expect, test } from 'vitest';
import { verifyDraw, winNoStrOf } from './verify-draw';

const serverSeed = '4f3c2a1b9e8d7c6b5a4938271605f4e3d2c1b0a99887766554433221100ffee0';
const seeds = { serverSeed, clientSeed: 'FAST5D_1M:202611270001', nonce: 0 };

describe('verifying a house draw', () => {
  test.each(['FAST5D', 'FAST3D', 'KENO'] as const)('%s: a real seed and result pair matches', (family) => {
    const winNoStr = winNoStrOf(drawLotteryResult(family, seeds));
    const verification = verifyDraw({
      family,
      winNoStr,
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed: seeds.clientSeed,
    });
    expect(verification).toEqual({
      isVerifiable: true,
      isCommitmentKept: true,
      recomputed: winNoStr,
      isResultMatch: true,
    });
  });

  test('a tampered result or hash does not match', () => {
    const winNoStr = winNoStrOf(drawLotteryResult('FAST5D', seeds));
    const tampered = [...winNoStr.slice(0, 4), String((Number(winNoStr[4]) + 1) % 10)];
    const verification = verifyDraw({
      family: 'FAST5D',
      winNoStr: tampered,
      serverSeed,
      serverSeedHash: hashServerSeed('0'.repeat(64)),
      clientSeed: seeds.clientSeed,
    });
    expect(verification).toMatchObject({ isVerifiable: true, isCommitmentKept: false, isResultMatch: false });
  });

  test('the spelling of winNoStr: FAST5D digit by digit, FAST3D top and bottom, KENO two digits each', () => {
    expect(winNoStrOf({ family: 'FAST5D', digits: '07885' })).toEqual(['0', '7', '8', '8', '5']);
    expect(winNoStrOf({ family: 'FAST3D', top3: '778', bottom2: '05' })).toEqual(['778', '05']);
    expect(winNoStrOf({ family: 'KENO', numbers: [48, 4, 80] })).toEqual(['48', '04', '80']);
  });

  test('an unrevealed seed or an official family cannot be recomputed', () => {
    const base = { winNoStr: ['1'], serverSeedHash: hashServerSeed(serverSeed), clientSeed: 'x' };
    expect(verifyDraw({ ...base, family: 'FAST5D', serverSeed: null })).toEqual({ isVerifiable: false });
    expect(verifyDraw({ ...base, family: 'THAI_GOV', serverSeed })).toEqual({ isVerifiable: false });
  });
});
