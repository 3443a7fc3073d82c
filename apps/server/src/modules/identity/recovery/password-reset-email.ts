import { createHash, randomBytes } from 'node:crypto';
import { identityErrorCodes, type PasswordEmailRequest, type PasswordEmailResetRequest } from '@lotus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { translate } from '../../../i18n/messages.ts';
import { listMerchantDomains, normaliseHost, type MerchantContext } from '../../merchant/index.ts';
import { type MessageSenders, sendMessage } from '../../messaging/index.ts';
import { findMemberByUsername } from '../identity.queries.ts';
import { checkNewPassword } from './new-password.ts';
import { hashPassword } from '../passwords/passwords.ts';
import { setMemberPassword } from '../passwords/set-password.ts';

/**
 * Forgot password by e-mail (spec §4, §5): POST /wps/member/password/email sends a one-time link,
 * POST /wps/member/password/email/reset sets the new password with the link's token.
 *
 * A token is 256 random bits given only in the e-mail; `password_reset_token` keeps its SHA-256. It
 * lives 30 minutes, passes once, and only the newest of a member counts (asking again retires the
 * previous link).
 */

export const resetTokenLifetimeMs = 30 * 60_000;
/** One e-mail a minute per account at most, whoever asks: the inbox is not a target. */
export const resetEmailIntervalMs = 60_000;
/** The form of the tokens issued here: 32 random bytes in base64url. */
const resetTokenPattern = /^[A-Za-z0-9_-]{43}$/;

function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface PasswordEmailContext {
  db: Kysely<Database>;
  senders: MessageSenders;
  merchant: MerchantContext;
  language: 'TH' | 'EN';
  nowMs: number;
  /** The request's protocol (`https`) and Host header, for the link back to the site. */
  protocol: string;
  host: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** A `host[:port]` that is only a host name and a port: anything else never reaches a link. */
const hostPattern = /^(?<name>[a-z0-9.-]+)(?::(?<port>\d{1,5}))?$/i;

/**
 * The site's origin for the reset link: the request's own (so a member on `localhost:5173` or on a
 * mirror domain comes back there) when its host is one of the merchant's domains, else the primary
 * domain. The Host header is client input; trusting it blindly would let anyone send a real member
 * a real token pointing at a site of their own.
 */
export async function findResetLinkOrigin(
  db: Kysely<Database>,
  merchantId: number,
  protocol: string,
  host: string,
): Promise<string> {
  const domains = await listMerchantDomains(db, merchantId);
  const match = hostPattern.exec(host.trim());
  const requested = match?.groups?.name ? normaliseHost(match.groups.name) : null;
  const scheme = protocol === 'https' ? 'https' : 'http';
  if (requested !== null && domains.some((row) => row.domain === requested)) {
    const port = match?.groups?.port;
    return `${scheme}://${requested}${port ? `:${port}` : ''}`;
  }
  const primary = domains.find((row) => row.is_primary) ?? domains[0];
  return primary ? `https://${primary.domain}` : `${scheme}://${requested ?? 'localhost'}`;
}

/**
 * POST /wps/member/password/email. Answers the same (nothing) whether or not the username and the
 * address belong together, so nobody learns who is a member or which address they use; only when
 * they do is a link e-mailed. A failed delivery is logged (by sendMessage) and not told either.
 */
export async function sendPasswordResetEmail(
  context: PasswordEmailContext,
  request: PasswordEmailRequest,
): Promise<void> {
  const { db, merchant, nowMs } = context;
  const username = request.username.trim();
  const email = request.email.trim().toLowerCase();
  if (username === '') throw AppError.badRequest('username', 'register.field.required');
  if (email === '') throw AppError.badRequest('email', 'register.field.required');
  if (!emailPattern.test(email)) throw AppError.badRequest('email', 'accounts.email.invalid');

  const member = await findMemberByUsername(db, merchant.id, username);
  if (!member || member.status !== 'active' || member.email === null || member.email.toLowerCase() !== email) return;

  const token = randomBytes(32).toString('base64url');
  const issued = await db.transaction().execute(async (trx) => {
    // Serialises two requests of one member, so the one-a-minute rule cannot be raced past.
    await trx.selectFrom('member').select('id').where('id', '=', member.id).forUpdate().executeTakeFirst();
    const newest = await trx
      .selectFrom('password_reset_token')
      .select('created_at')
      .where('member_id', '=', member.id)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (newest && newest.created_at.getTime() > nowMs - resetEmailIntervalMs) return null;
    const now = new Date(nowMs);
    await trx
      .updateTable('password_reset_token')
      .set({ consumed_at: now })
      .where('member_id', '=', member.id)
      .where('consumed_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('password_reset_token')
      .values({
        merchant_id: merchant.id,
        member_id: member.id,
        token_hash: hashResetToken(token),
        created_at: now,
        expires_at: new Date(nowMs + resetTokenLifetimeMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  if (issued === null) return;

  const origin = await findResetLinkOrigin(db, merchant.id, context.protocol, context.host);
  const params = {
    brand: merchant.config.brand.name,
    username: member.username,
    minutes: resetTokenLifetimeMs / 60_000,
    link: `${origin}/?resetPassword=${token}`,
  };
  const message = {
    channel: 'email' as const,
    destination: email,
    subject: translate(context.language, 'accounts.reset.email.subject', params),
    body: translate(context.language, 'accounts.reset.email.body', params),
  };
  try {
    await sendMessage({
      db,
      senders: context.senders,
      merchantId: merchant.id,
      message,
      nowMs,
      ...(context.log ? { log: context.log } : {}),
    });
  } catch {
    // The link never arrived: drop it, so the member may ask again at once instead of in a minute.
    await db.deleteFrom('password_reset_token').where('id', '=', issued).execute();
  }
}

/**
 * POST /wps/member/password/email/reset. The new password is checked first (a typo does not spend
 * the link); the token is then spent by one conditional UPDATE (unspent, unexpired), in the same
 * transaction as the new password and the end of every session.
 */
export async function resetPasswordByEmail(
  context: { db: Kysely<Database>; merchant: MerchantContext; nowMs: number },
  request: PasswordEmailResetRequest,
): Promise<void> {
  const { db, merchant, nowMs } = context;
  checkNewPassword(merchant, request.newPassword, { field: 'confirmPassword', value: request.confirmPassword });
  const invalid = () => new AppError(400, identityErrorCodes.resetTokenInvalid, { field: 'resetToken' });
  const token = request.resetToken.trim();
  if (!resetTokenPattern.test(token)) throw invalid();

  const passwordHash = await hashPassword(request.newPassword);
  await db.transaction().execute(async (trx) => {
    const now = new Date(nowMs);
    const spent = await trx
      .updateTable('password_reset_token')
      .set({ consumed_at: now })
      .where('token_hash', '=', hashResetToken(token))
      .where('merchant_id', '=', merchant.id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('member_id')
      .executeTakeFirst();
    if (!spent) throw invalid();
    await setMemberPassword(trx, { memberId: spent.member_id, passwordHash, nowMs });
  });
}

/** Reset links a day past their expiry (for the prune job): they can never pass again. */
export async function deleteExpiredResetTokens(db: Kysely<Database>, nowMs: number): Promise<number> {
  const result = await db
    .deleteFrom('password_reset_token')
    .where('expires_at', '<', new Date(nowMs - 24 * 60 * 60 * 1000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
