import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A one-time code is 6 decimal digits. */
export const codeLength = 6;

/** 6 digits, uniform over 000000-999999, from the CSPRNG: a guessable code would be no check at all. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** codeLength)).padStart(codeLength, '0');
}

/** A fresh salt per code, so equal codes never share a hash. */
export function generateCodeSalt(): string {
  return randomBytes(16).toString('hex');
}

/** How a code is stored: hex SHA-256 of the row's salt followed by the digits. */
export function hashCode(salt: string, code: string): string {
  return createHash('sha256')
    .update(salt + code, 'utf8')
    .digest('hex');
}

export function isCodeMatch(salt: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashCode(salt, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The code in a message as the member received it (the dev outbox shows it); null if there is none. */
export function findCodeInText(text: string): string | null {
  return /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1] ?? null;
}
