import { createHash } from 'node:crypto';

/** Hex SHA-256 of UTF-8 text. Answers and tokens are stored only this way. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The form of ids the server issues (random UUIDs); anything else is refused before reaching SQL. */
export function isChallengeId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
