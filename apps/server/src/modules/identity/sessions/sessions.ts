import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { AgentType, MemberStatus } from '../identity.tables.ts';

/**
 * Member sessions. A token is 256 random bits given to the client once; the database keeps only its
 * SHA-256, so a dump of `member_session` logs nobody in. A session dies when revoked, at its absolute
 * expiry, or after the merchant's idle time without a call.
 */

/** The form of the tokens createSession issues: 32 random bytes in base64url. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** last_seen_at is written at most this often per session, not on every call. */
export const lastSeenRefreshMs = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface NewSession {
  merchantId: number;
  memberId: bigint;
  nowMs: number;
  absoluteHours: number;
  ip: string;
  country: string;
  device: string;
  loginDeviceId: string | null;
  /** The login's password must be changed before anything else (requireMember enforces it). */
  passwordChangeRequired?: boolean;
}

/** Issues a token; other sessions of the member stay valid (a member may use several browsers). */
export async function createSession(db: Kysely<Database>, session: NewSession): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date(session.nowMs);
  await db
    .insertInto('member_session')
    .values({
      merchant_id: session.merchantId,
      member_id: session.memberId,
      token_hash: hashToken(token),
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(session.nowMs + session.absoluteHours * 3_600_000),
      ip: session.ip,
      country: session.country,
      device: session.device,
      login_device_id: session.loginDeviceId,
      password_change_required: session.passwordChangeRequired ?? false,
    })
    .execute();
  return token;
}

export interface SessionMember {
  sessionId: bigint;
  memberId: bigint;
  merchantId: number;
  username: string;
  isAgent: AgentType;
  language: 'TH' | 'EN';
  status: MemberStatus;
  /** An operator forbade the member to log in (back-office): the session is dead. */
  loginForbidden: boolean;
  /** An operator forbade the member to play: launches are refused. */
  gamesForbidden: boolean;
  createdAtMs: number;
  lastSeenAtMs: number;
  expiresAtMs: number;
  revokedAtMs: number | null;
  passwordChangeRequired: boolean;
}

/** The session of `token` in this merchant with its member, or null (malformed, unknown, other merchant). */
export async function findSessionMember(
  db: Kysely<Database>,
  merchantId: number,
  token: string,
): Promise<SessionMember | null> {
  if (!tokenPattern.test(token)) return null;
  const row = await db
    .selectFrom('member_session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .select([
      's.id as session_id',
      's.created_at',
      's.last_seen_at',
      's.expires_at',
      's.revoked_at',
      's.password_change_required',
      'm.id as member_id',
      'm.merchant_id',
      'm.username',
      'm.is_agent',
      'm.language',
      'm.status',
      'm.login_forbidden',
      'm.games_forbidden',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.merchant_id', '=', merchantId)
    .where('m.merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sessionId: row.session_id,
    memberId: row.member_id,
    merchantId: row.merchant_id,
    username: row.username,
    isAgent: row.is_agent,
    language: row.language,
    status: row.status,
    loginForbidden: row.login_forbidden,
    gamesForbidden: row.games_forbidden,
    createdAtMs: row.created_at.getTime(),
    lastSeenAtMs: row.last_seen_at.getTime(),
    expiresAtMs: row.expires_at.getTime(),
    revokedAtMs: row.revoked_at?.getTime() ?? null,
    passwordChangeRequired: row.password_change_required,
  };
}

/** Records activity, skipped when the last record is under a minute old (no write per request). */
export async function touchSession(db: Kysely<Database>, session: SessionMember, nowMs: number): Promise<void> {
  if (nowMs - session.lastSeenAtMs < lastSeenRefreshMs) return;
  await db
    .updateTable('member_session')
    .set({ last_seen_at: new Date(nowMs) })
    .where('id', '=', session.sessionId)
    .where('last_seen_at', '<', new Date(nowMs))
    .execute();
}

export async function revokeSession(db: Kysely<Database>, sessionId: bigint, nowMs: number): Promise<void> {
  await db
    .updateTable('member_session')
    .set({ revoked_at: new Date(nowMs) })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every live session of the member (closing or locking the account, a password change), except
 * `exceptSessionId` when given: the session that changed the password goes on.
 */
export async function revokeAllSessions(
  db: Kysely<Database>,
  memberId: bigint,
  nowMs: number,
  exceptSessionId?: bigint,
): Promise<number> {
  let query = db
    .updateTable('member_session')
    .set({ revoked_at: new Date(nowMs) })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The session's password was changed: it may make every call again. */
export async function liftPasswordChangeRequirement(db: Kysely<Database>, sessionId: bigint): Promise<void> {
  await db.updateTable('member_session').set({ password_change_required: false }).where('id', '=', sessionId).execute();
}
