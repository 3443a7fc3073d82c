import { createHash, createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  createRoundStream,
  drawDistinct,
  hashServerSeed,
  newClientSeed,
  newServerSeed,
  roundBlock,
  uniformInt,
  verifyCommitment,
} from './fairness.ts';
import type { RandomStream, RoundSeeds } from './fairness.ts';

const seeds: RoundSeeds = {
  serverSeed: '9b5c1f0e8a7d6c5b4a3928171605f4e3d2c1b0a99887766554433221100ffeed',
  clientSeed: 'lucky-player',
  nonce: 42,
};

/** A stream that returns the given words in order, then fails: a test sees exactly what was consumed. */
function scriptedStream(words: number[]): RandomStream & { consumed: () => number } {
  let next = 0;
  return {
    nextUint32() {
      if (next >= words.length) throw new Error('scripted stream exhausted');
      return words[next++]!;
    },
    consumed: () => next,
  };
}

describe('seeds and commitment', () => {
  test('a server seed is 32 CSPRNG bytes in hex and a client seed 16', () => {
    const [first, second] = [newServerSeed(), newServerSeed()];
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).not.toBe(first);
    expect(newClientSeed()).toMatch(/^[0-9a-f]{32}$/);
  });

  test('the commitment is the hex SHA-256 of the seed text', () => {
    expect(hashServerSeed(seeds.serverSeed)).toBe(createHash('sha256').update(seeds.serverSeed, 'utf8').digest('hex'));
  });

  test.each([
    ['the committed seed', seeds.serverSeed, hashServerSeed(seeds.serverSeed), true],
    ['the hash in capitals', seeds.serverSeed, hashServerSeed(seeds.serverSeed).toUpperCase(), true],
    ['another seed', newServerSeed(), hashServerSeed(seeds.serverSeed), false],
    ['a seed one character off', `${seeds.serverSeed.slice(0, -1)}e`, hashServerSeed(seeds.serverSeed), false],
  ])('verifyCommitment with %s is %s', (_, serverSeed, hash, expected) => {
    expect(verifyCommitment(serverSeed, hash)).toBe(expected);
  });
});

describe('round stream', () => {
  test.each([
    ['an empty server seed', { ...seeds, serverSeed: '' }, /serverSeed/],
    ['an empty client seed', { ...seeds, clientSeed: '' }, /clientSeed/],
    ['a client seed over 64 characters', { ...seeds, clientSeed: 'x'.repeat(65) }, /clientSeed/],
    ['a negative nonce', { ...seeds, nonce: -1 }, /nonce/],
    ['a fractional nonce', { ...seeds, nonce: 1.5 }, /nonce/],
  ])('refuses %s', (_, bad, message) => {
    expect(() => createRoundStream(bad)).toThrow(message);
  });

  test.each([0, 1, 7])('block %i is HMAC-SHA256(serverSeed, "clientSeed:nonce:cursor")', (cursor) => {
    const expected = createHmac('sha256', seeds.serverSeed)
      .update(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`)
      .digest();
    expect(Buffer.from(roundBlock(seeds, cursor)).equals(expected)).toBe(true);
  });

  test('switching between server seeds gives each its own blocks', () => {
    const other: RoundSeeds = { ...seeds, serverSeed: newServerSeed() };
    const expected = (roundSeeds: RoundSeeds) =>
      createHmac('sha256', roundSeeds.serverSeed).update(`${roundSeeds.clientSeed}:${roundSeeds.nonce}:0`).digest();
    for (const roundSeeds of [seeds, other, seeds, other])
      expect(Buffer.from(roundBlock(roundSeeds, 0)).equals(expected(roundSeeds))).toBe(true);
  });

  test('words are read big-endian from block 0, then block 1', () => {
    const blocks = Buffer.concat(
      [0, 1].map((cursor) =>
        createHmac('sha256', seeds.serverSeed).update(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`).digest(),
      ),
    );
    const stream = createRoundStream(seeds);
    const words = Array.from({ length: 16 }, () => stream.nextUint32());
    expect(words).toEqual(Array.from({ length: 16 }, (_, index) => blocks.readUInt32BE(index * 4)));
  });

  test('the same seeds give the same stream and another nonce a different one', () => {
    const take = (roundSeeds: RoundSeeds) => {
      const stream = createRoundStream(roundSeeds);
      return [stream.nextUint32(), stream.nextUint32()];
    };
    expect(take(seeds)).toEqual(take({ ...seeds }));
    expect(take({ ...seeds, nonce: seeds.nonce + 1 })).not.toEqual(take(seeds));
  });
});

describe('uniformInt', () => {
  test.each([0, -1, 1.5, 2 ** 32 + 1])('refuses n = %d', (n) => {
    expect(() => uniformInt(scriptedStream([0]), n)).toThrow(/n must be/);
  });

  test('takes the word modulo n when the word is below the rejection limit', () => {
    const stream = scriptedStream([17]);
    expect(uniformInt(stream, 5)).toBe(2);
    expect(stream.consumed()).toBe(1);
  });

  test('rejects a word in the incomplete last block and draws again', () => {
    // For n = 3 the largest multiple of 3 not above 2^32 is 2^32 - 1, so 0xffffffff is rejected:
    // taking it modulo 3 would return 0 once more often than 1 or 2.
    const stream = scriptedStream([0xffffffff, 0xfffffffe, 4]);
    expect(uniformInt(stream, 3)).toBe(0xfffffffe % 3);
    expect(stream.consumed()).toBe(2);
  });

  test('rejects every word at or above the limit for n = 10', () => {
    const limit = 2 ** 32 - (2 ** 32 % 10);
    const stream = scriptedStream([limit, limit + 5, limit - 1]);
    expect(uniformInt(stream, 10)).toBe((limit - 1) % 10);
    expect(stream.consumed()).toBe(3);
  });

  test('n = 1 and n = 2^32 never reject', () => {
    expect(uniformInt(scriptedStream([0xffffffff]), 1)).toBe(0);
    expect(uniformInt(scriptedStream([0xffffffff]), 2 ** 32)).toBe(0xffffffff);
  });

  test('stays in range and hits every value on the real stream', () => {
    const stream = createRoundStream(seeds);
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < 7000; i += 1) counts[uniformInt(stream, 7)]! += 1;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(7000);
    // Each value expects 1000; a deviation of 150 is over 5 standard deviations.
    for (const count of counts) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });
});

describe('drawDistinct', () => {
  test('is the start of a Fisher-Yates shuffle', () => {
    // Step 0 swaps 0 and 4, step 1 swaps 1 and 1 + 3 = 4 (now holding 0), steps 2 and 3 keep
    // their positions, step 4 takes what is left at position 4 (1).
    expect(drawDistinct(scriptedStream([4, 3, 0, 0, 0]), 5, 5)).toEqual([4, 0, 2, 3, 1]);
    expect(drawDistinct(scriptedStream([0, 0, 0]), 416, 3)).toEqual([0, 1, 2]);
  });

  test('maps every sequence of uniformInt results to a different ordered draw, so each draw is equally likely', () => {
    // 5 x 4 x 3 = 60 equally likely word sequences must give all 60 ordered draws of 3 from 5.
    const draws = new Set<string>();
    for (let a = 0; a < 5; a += 1)
      for (let b = 0; b < 4; b += 1)
        for (let c = 0; c < 3; c += 1) draws.add(drawDistinct(scriptedStream([a, b, c]), 5, 3).join(','));
    expect(draws.size).toBe(60);
    for (const draw of draws) expect(new Set(draw.split(',')).size).toBe(3);
  });

  test('gives distinct positions in range from the real stream', () => {
    const drawn = drawDistinct(createRoundStream(seeds), 416, 6);
    expect(new Set(drawn).size).toBe(6);
    for (const position of drawn) expect(position >= 0 && position < 416).toBe(true);
  });

  test.each([-1, 7, 2.5])('refuses count %d of 6', (count) => {
    expect(() => drawDistinct(scriptedStream([]), 6, count)).toThrow(/count/);
  });
});
