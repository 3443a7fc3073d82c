import { timingSafeEqual } from 'node:crypto';
import { identityErrorCodes, type TotpEnrolment } from '@lotus/contract';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';

/**
 * Two-factor login with an authenticator app (RFC 6238 TOTP: HMAC-SHA1, 6 digits, 30-second steps,
 * the defaults every authenticator app understands). The secret is stored as is: the server must
 * compute the codes the app shows, so a hash would not do. It is never logged.
 *
 * A code is accepted for the step it belongs to and one step either side (clock drift), and each
 * step passes at most once per member: `member_totp.last_used_step` only moves forward, by one
 * conditional UPDATE, so a code seen over a shoulder (or two concurrent submits) cannot pass twice.
 */

const stepSeconds = 30;
const codeDigits = 6;
/** Steps either side of now that are still accepted. */
const driftSteps = 1;
/** 160 bits, the size RFC 4226 recommends for HMAC-SHA1. */
const secretBytes = 20;

function totpOf(secretBase32: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: codeDigits,
    period: stepSeconds,
  });
}

function stepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / stepSeconds);
}

function sameCode(typed: string, expected: string): boolean {
  const a = Buffer.from(typed, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The step whose code `typed` is (now, or one step either side), newer than `lastUsedStep`; null
 * when it matches none of them. Every candidate is compared, so the time taken does not tell which.
 */
export function findTotpStep(
  secretBase32: string,
  typed: string,
  nowMs: number,
  lastUsedStep: bigint | null,
): number | null {
  const code = typed.replace(/\s/g, '');
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secretBase32);
  const current = stepAt(nowMs);
  let found: number | null = null;
  for (let step = current - driftSteps; step <= current + driftSteps; step++) {
    const matches = sameCode(code, totp.generate({ timestamp: step * stepSeconds * 1000 }));
    if (matches && found === null && (lastUsedStep === null || BigInt(step) > lastUsedStep)) found = step;
  }
  return found;
}

/** The code an authenticator shows at `nowMs` (tests play the member's phone with it). */
export function totpCodeAt(secretBase32: string, nowMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: nowMs });
}

export interface TotpState {
  enabled: boolean;
  secret: string | null;
  pendingSecret: string | null;
  lastUsedStep: bigint | null;
}

export async function findTotpState(db: Kysely<Database>, memberId: bigint): Promise<TotpState> {
  const row = await db
    .selectFrom('member_totp')
    .select(['secret', 'pending_secret', 'last_used_step'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return {
    enabled: row?.secret != null,
    secret: row?.secret ?? null,
    pendingSecret: row?.pending_secret ?? null,
    lastUsedStep: row?.last_used_step ?? null,
  };
}

/** Moves last_used_step to `step` unless a concurrent call got there first: true once per step. */
async function claimStep(db: Kysely<Database>, memberId: bigint, step: number, nowMs: number): Promise<boolean> {
  const claimed = await db
    .updateTable('member_totp')
    .set({ last_used_step: step, updated_at: new Date(nowMs) })
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', BigInt(step))]))
    .returning('member_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Checks a code of the member's confirmed authenticator and spends its step: true once for a right
 * code, false for a wrong one, a reused step, or a member without two-factor login.
 */
export async function spendTotpCode(
  db: Kysely<Database>,
  memberId: bigint,
  typed: string | undefined,
  nowMs: number,
): Promise<boolean> {
  const state = await findTotpState(db, memberId);
  if (state.secret === null) return false;
  const step = findTotpStep(state.secret, typed ?? '', nowMs, state.lastUsedStep);
  return step !== null && (await claimStep(db, memberId, step, nowMs));
}

function totpInvalid(): AppError {
  return new AppError(400, identityErrorCodes.totpInvalid, { field: 'verificationCode' });
}

/**
 * POST /wps/v2/member/securityConfig/totp: a new secret to scan, replacing an enrolment not yet
 * confirmed. Refused while two-factor login is on (409 `totp.already.enabled`): replacing the
 * authenticator must take a code of the current one (switch off first), or a stolen session could
 * move the second factor to the thief's phone.
 */
export async function startTotpEnrolment(
  db: Kysely<Database>,
  input: { merchantId: number; memberId: bigint; username: string; brandName: string; nowMs: number },
): Promise<TotpEnrolment> {
  const secret = new Secret({ size: secretBytes }).base32;
  const now = new Date(input.nowMs);
  const stored = await db
    .insertInto('member_totp')
    .values({
      member_id: input.memberId,
      merchant_id: input.merchantId,
      secret: null,
      enabled_at: null,
      pending_secret: secret,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet({ pending_secret: secret, updated_at: now })
        .where('member_totp.secret', 'is', null),
    )
    .returning('member_id')
    .executeTakeFirst();
  if (!stored) throw new AppError(409, identityErrorCodes.totpAlreadyEnabled);
  const otpauthUrl = totpOf(secret, input.brandName, input.username).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}` };
}

/**
 * PUT: confirms the enrolment with a code of the new secret, which switches two-factor login on.
 * 400 `totp.invalid` for a wrong code or when no enrolment was started.
 */
export async function confirmTotpEnrolment(
  db: Kysely<Database>,
  memberId: bigint,
  typed: string,
  nowMs: number,
): Promise<void> {
  const state = await findTotpState(db, memberId);
  if (state.enabled || state.pendingSecret === null) throw totpInvalid();
  const step = findTotpStep(state.pendingSecret, typed, nowMs, null);
  if (step === null) throw totpInvalid();
  const now = new Date(nowMs);
  // Conditional on the very secret that was checked: a restarted enrolment in between wins.
  const confirmed = await db
    .updateTable('member_totp')
    .set({ secret: state.pendingSecret, pending_secret: null, enabled_at: now, last_used_step: step, updated_at: now })
    .where('member_id', '=', memberId)
    .where('secret', 'is', null)
    .where('pending_secret', '=', state.pendingSecret)
    .returning('member_id')
    .executeTakeFirst();
  if (!confirmed) throw totpInvalid();
}

/** DELETE: switches two-factor login off with a right code of the current authenticator. */
export async function disableTotp(db: Kysely<Database>, memberId: bigint, typed: string, nowMs: number): Promise<void> {
  if (!(await spendTotpCode(db, memberId, typed, nowMs))) throw totpInvalid();
  await db.deleteFrom('member_totp').where('member_id', '=', memberId).execute();
}
