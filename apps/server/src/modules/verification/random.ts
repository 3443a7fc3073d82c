import { randomInt } from 'node:crypto';

/**
 * Randomness for challenges, all from the CSPRNG: an answer a script could predict from
 * a non-cryptographic generator's state would make the challenge worthless.
 */

const unitSteps = 2 ** 47;

/** A float in [0, 1). */
export function randomUnit(): number {
  return randomInt(0, unitSteps) / unitSteps;
}

/** A float in [min, max). */
export function randomBetween(min: number, max: number): number {
  return min + (max - min) * randomUnit();
}

/** An integer in [min, max] (both ends included). */
export function randomIntegerBetween(min: number, max: number): number {
  return randomInt(min, max + 1);
}

export function randomItem<T>(items: readonly T[]): T {
  return items[randomInt(0, items.length)]!;
}
