import { randomBytes } from 'node:crypto';

/** `total` split into `count` equal shares; the remainder's minor units go one each to the first shares. */
export function equalShares(total: bigint, count: number): bigint[] {
  if (count < 1 || total < BigInt(count)) throw new RangeError('each share needs at least one minor unit');
  const n = BigInt(count);
  const base = total / n;
  const remainder = Number(total % n);
  return Array.from({ length: count }, (_, index) => base + (index < remainder ? 1n : 0n));
}

/** A uniform random bigint in [0, bound) from the system's CSPRNG (rejection sampling, no modulo bias). */
function randomBelow(bound: bigint, random: (bytes: number) => Buffer): bigint {
  if (bound <= 1n) return 0n;
  const bits = bound.toString(2).length;
  const bytes = Math.ceil(bits / 8);
  const mask = (1n << BigInt(bits)) - 1n;
  for (;;) {
    const value = BigInt(`0x${random(bytes).toString('hex')}`) & mask;
    if (value < bound) return value;
  }
}

/**
 * The lucky bag's "fighting" split: `count` random shares of `total`, each at least one minor unit,
 * summing exactly to `total`. Each share is one plus a random weight's part of what is left; the
 * cents lost to rounding go one each to shares chosen at random.
 */
export function randomShares(total: bigint, count: number, random: (bytes: number) => Buffer = randomBytes): bigint[] {
  if (count < 1 || total < BigInt(count)) throw new RangeError('each share needs at least one minor unit');
  const extra = total - BigInt(count);
  const weights = Array.from({ length: count }, () => randomBelow(1n << 32n, random) + 1n);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0n);
  const shares = weights.map((weight) => 1n + (extra * weight) / weightSum);
  let left = total - shares.reduce((sum, share) => sum + share, 0n);
  // Fewer than `count` units are left (each share lost less than one to rounding).
  while (left > 0n) {
    shares[Number(randomBelow(BigInt(count), random))]! += 1n;
    left -= 1n;
  }
  return shares;
}
