import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { hashToken } from './sessions.ts';

/**
 * "Remember me" (ARCHITECTURE.md, Member site): the site keeps the username and a one-day token the
 * server issued, never the password. A token is 256 random bits given to the client once; the table
 * keeps only its SHA-256. It is single use: a login with it revokes it (and issues a new one when
 * asked), and a password change, a lock or "forget me" revokes it.
 */

/** Spec §9: "Remember cookies 1 day". */
export const rememberTokenLifetimeMs = 24 * 3_600_000;

/** The form of the tokens issueRememberToken makes: 32 random bytes in base64url. */
const rememberTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export async function issueRememberToken(
  db: Kysely<Database>,
  input: { merchantId: number; memberId: bigint; nowMs: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('member_remember_token')
    .values({
      merchant_id: input.merchantId,
      member_id: input.memberId,
      token_hash: hashToken(token),
      created_at: new Date(input.nowMs),
      expires_at: new Date(input.nowMs + rememberTokenLifetimeMs),
    })
    .execute();
  return token;
}

/** The id of the live (unrevoked, unexpired) token `token` of this member in this merchant, or null. */
export async function findLiveRememberToken(
  db: Kysely<Database>,
  input: { merchantId: number; memberId: bigint; token: string; nowMs: number },
): Promise<bigint | null> {
  if (!rememberTokenPattern.test(input.token)) return null;
  const row = await db
    .selectFrom('member_remember_token')
    .select('id')
    .where('token_hash', '=', hashToken(input.token))
    .where('merchant_id', '=', input.merchantId)
    .where('member_id', '=', input.memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(input.nowMs))
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Spends a live token by id: true once. One conditional UPDATE, so two logins racing with one token
 * cannot both pass.
 */
export async function spendRememberToken(db: Kysely<Database>, tokenId: bigint, nowMs: number): Promise<boolean> {
  const now = new Date(nowMs);
  const spent = await db
    .updateTable('member_remember_token')
    .set({ revoked_at: now })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

/**
 * DELETE /wps/session/remember: the member unticked "remember me". The token alone is proof enough
 * (256 random bits); the username the site sends with it may be the mobile number the member typed,
 * so it is not matched. Says nothing either way: no answer tells whether a token exists.
 */
export async function forgetRememberToken(
  db: Kysely<Database>,
  input: { merchantId: number; token: string; nowMs: number },
): Promise<void> {
  if (!rememberTokenPattern.test(input.token)) return;
  await db
    .updateTable('member_remember_token')
    .set({ revoked_at: new Date(input.nowMs) })
    .where('token_hash', '=', hashToken(input.token))
    .where('merchant_id', '=', input.merchantId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live token of the member: a password change or reset, a lock, a closure. */
export async function revokeAllRememberTokens(db: Kysely<Database>, memberId: bigint, nowMs: number): Promise<number> {
  const result = await db
    .updateTable('member_remember_token')
    .set({ revoked_at: new Date(nowMs) })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
