import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** How long a launch's session token is good for bets and balance calls (wins and rollbacks ignore it). */
export const gameSessionTtlMs = 12 * 3_600_000;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface CreateGameSessionInput {
  merchantId: number;
  memberId: bigint;
  vendorCode: string;
  gameId: string;
  nowMs: number;
  ttlMs?: number;
}

/**
 * Issues the session token a launch puts in the game URL (`token` query parameter): one member, one
 * vendor and game, an expiry. Only its SHA-256 is stored.
 */
export async function createGameSession(
  db: Kysely<Database> | Transaction<Database>,
  input: CreateGameSessionInput,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.nowMs + (input.ttlMs ?? gameSessionTtlMs));
  await db
    .insertInto('vendor_game_session')
    .values({
      merchant_id: input.merchantId,
      member_id: input.memberId,
      vendor_code: input.vendorCode,
      game_id: input.gameId,
      token_hash: hashSessionToken(token),
      created_at: new Date(input.nowMs),
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}
