import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP's argon2id parameters: 19 MiB, 2 passes, 1 lane (about 7 ms a hash on these machines).
 * argon2id is the library's default algorithm (its const enum cannot be imported under
 * verbatimModuleSyntax); the PHC string records it and passwords.test.ts checks it.
 */
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

/** False for a wrong password and for a hash that does not parse (never throws on a bad row). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of one real verification when the username is unknown, so that the answer's
 * timing does not tell whether an account exists. The hash is of a random secret, made once per
 * process with the same parameters as real ones.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * True when a stored hash was not made with today's algorithm and parameters (older, weaker or
 * stronger settings, or another algorithm): the next login with the right password stores a new one,
 * so a change of parameters reaches every active account without a reset.
 */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [memoryCost, timeCost, parallelism] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return (
    memoryCost !== argon2Options.memoryCost ||
    timeCost !== argon2Options.timeCost ||
    parallelism !== argon2Options.parallelism
  );
}
