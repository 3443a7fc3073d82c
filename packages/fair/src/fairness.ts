// Provably fair primitives shared by the house games and the site's verify page. Everything here is
// synchronous and pure apart from the two seed generators, so a round recomputes identically in
// Node and in the browser. The exact algorithm is written out in ../README.md.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** What fixes a round: the house's secret seed, the player's seed and the round's counter. */
export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** A source of uniformly distributed 32-bit words. The fair stream is one; tests feed others. */
export interface RandomStream {
  nextUint32(): number;
}

const SERVER_SEED_BYTES = 32;
const CLIENT_SEED_BYTES = 16;
const MAX_CLIENT_SEED_LENGTH = 64;
const TWO_POW_32 = 2 ** 32;

function randomHex(byteCount: number): string {
  // The platform CSPRNG: Web Crypto exists as globalThis.crypto in Node 20 and every browser.
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(byteCount)));
}

/** A fresh server seed: 32 CSPRNG bytes as 64 lower-case hex characters. Keep it secret until rotation. */
export function newServerSeed(): string {
  return randomHex(SERVER_SEED_BYTES);
}

/** A default client seed (16 CSPRNG bytes as hex) for players who do not choose their own. */
export function newClientSeed(): string {
  return randomHex(CLIENT_SEED_BYTES);
}

/** The commitment shown before play: hex SHA-256 of the server seed's UTF-8 text. */
export function hashServerSeed(serverSeed: string): string {
  assertSeed('serverSeed', serverSeed);
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** True when the revealed server seed is the one that was committed to. */
export function verifyCommitment(serverSeed: string, serverSeedHash: string): boolean {
  return hashServerSeed(serverSeed) === serverSeedHash.trim().toLowerCase();
}

// Consecutive rounds share a server seed, so the HMAC state keyed with it (half of the work of a
// short message) is made once per seed and copied for each block.
let keyed: { serverSeed: string; state: ReturnType<typeof hmac.create> } | undefined;

/** Block `cursor` of a round: HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${cursor}`). */
export function roundBlock(seeds: RoundSeeds, cursor: number): Uint8Array {
  assertRoundSeeds(seeds);
  if (!Number.isSafeInteger(cursor) || cursor < 0) throw new RangeError('cursor must be a non-negative integer');
  if (keyed?.serverSeed !== seeds.serverSeed)
    keyed = { serverSeed: seeds.serverSeed, state: hmac.create(sha256, utf8ToBytes(seeds.serverSeed)) };
  return keyed.state
    .clone()
    .update(utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`))
    .digest();
}

/**
 * The round's deterministic stream of 32-bit words: blocks 0, 1, 2, ... each cut into eight
 * big-endian words, used in order. A round consumes as many words as its game needs.
 */
export function createRoundStream(seeds: RoundSeeds): RandomStream {
  assertRoundSeeds(seeds);
  let cursor = 0;
  let block = roundBlock(seeds, cursor);
  let offset = 0;
  return {
    nextUint32() {
      if (offset === block.length) {
        cursor += 1;
        block = roundBlock(seeds, cursor);
        offset = 0;
      }
      // Multiplying instead of shifting the top byte keeps the word unsigned.
      const word =
        block[offset]! * 0x1000000 + ((block[offset + 1]! << 16) | (block[offset + 2]! << 8) | block[offset + 3]!);
      offset += 4;
      return word;
    },
  };
}

/**
 * An unbiased integer in [0, n). Taking `word % n` directly would favour small results whenever n
 * does not divide 2^32, so words at or above the largest multiple of n below 2^32 are rejected and
 * the next word is drawn. At most n / 2^32 of words are rejected, so the loop ends almost at once.
 */
export function uniformInt(stream: RandomStream, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError('n must be an integer in [1, 2^32]');
  const limit = TWO_POW_32 - (TWO_POW_32 % n);
  for (;;) {
    const word = stream.nextUint32();
    if (word < limit) return word % n;
  }
}

/**
 * `count` distinct indices from [0, populationSize), in draw order: the first `count` steps of a
 * Fisher-Yates shuffle. Step i swaps position i with position i + uniformInt(populationSize - i).
 */
export function drawDistinct(stream: RandomStream, populationSize: number, count: number): number[] {
  if (!Number.isSafeInteger(count) || count < 0 || count > populationSize)
    throw new RangeError('count must be an integer in [0, populationSize]');
  // Only touched positions are stored; an untouched position p still holds p.
  const moved = new Map<number, number>();
  const drawn: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const j = i + uniformInt(stream, populationSize - i);
    drawn.push(moved.get(j) ?? j);
    moved.set(j, moved.get(i) ?? i);
  }
  return drawn;
}

function assertSeed(field: string, value: unknown): void {
  if (typeof value !== 'string' || value.length === 0) throw new RangeError(`${field} must be a non-empty string`);
}

function assertRoundSeeds(seeds: RoundSeeds): void {
  assertSeed('serverSeed', seeds.serverSeed);
  assertSeed('clientSeed', seeds.clientSeed);
  if (seeds.clientSeed.length > MAX_CLIENT_SEED_LENGTH)
    throw new RangeError(`clientSeed must be at most ${MAX_CLIENT_SEED_LENGTH} characters`);
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0)
    throw new RangeError('nonce must be a non-negative integer');
}
