import { backofficeErrorCodes, type OperatorTotpEnrolment } from '@lotus/contract';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findTotpStep } from '../identity/index.ts';

/**
 * TOTP of operators: the same RFC 6238 codes as members' (modules/identity/two-factor/totp.ts, whose step check
 * is reused: a step either side of now, each step passes once), but kept on the operator row and
 * required of everyone: a password alone never opens the back-office.
 */

export function totpInvalid(): AppError {
  return new AppError(400, backofficeErrorCodes.totpInvalid, { field: 'code' });
}

/** A new secret to scan, replacing an enrolment not yet confirmed; 409 when one is confirmed already. */
export async function startOperatorTotpEnrolment(
  db: Kysely<Database>,
  input: { operatorId: bigint; username: string; issuer: string; nowMs: number },
): Promise<OperatorTotpEnrolment> {
  const secret = new Secret({ size: 20 }).base32;
  const stored = await db
    .updateTable('operator')
    .set({ totp_pending_secret: secret, updated_at: new Date(input.nowMs) })
    .where('id', '=', input.operatorId)
    .where('totp_secret', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!stored) throw new AppError(409, backofficeErrorCodes.totpAlreadyEnrolled);
  const otpauthUrl = new TOTP({
    issuer: input.issuer,
    label: input.username,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}` };
}

/**
 * Confirms the enrolment with a code of the pending secret: true once it is the operator's
 * authenticator. False for a wrong code or when nothing is pending. Conditional on the very secret
 * checked, so an enrolment restarted meanwhile wins.
 */
export async function confirmOperatorTotpEnrolment(
  db: Kysely<Database>,
  operatorId: bigint,
  code: string,
  nowMs: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('operator')
    .select(['totp_secret', 'totp_pending_secret'])
    .where('id', '=', operatorId)
    .executeTakeFirst();
  if (!row || row.totp_secret !== null || row.totp_pending_secret === null) return false;
  const step = findTotpStep(row.totp_pending_secret, code, nowMs, null);
  if (step === null) return false;
  const now = new Date(nowMs);
  const confirmed = await db
    .updateTable('operator')
    .set({
      totp_secret: row.totp_pending_secret,
      totp_pending_secret: null,
      totp_enabled_at: now,
      totp_last_used_step: step,
      updated_at: now,
    })
    .where('id', '=', operatorId)
    .where('totp_secret', 'is', null)
    .where('totp_pending_secret', '=', row.totp_pending_secret)
    .returning('id')
    .executeTakeFirst();
  return confirmed !== undefined;
}

/**
 * Checks a code of the operator's authenticator and spends its step: true once for a right code;
 * false for a wrong one, a step already used (a code seen over a shoulder, a double submit) or an
 * operator without an authenticator. The step only moves forward, by one conditional UPDATE.
 */
export async function spendOperatorTotpCode(
  db: Kysely<Database>,
  operatorId: bigint,
  code: string,
  nowMs: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('operator')
    .select(['totp_secret', 'totp_last_used_step'])
    .where('id', '=', operatorId)
    .executeTakeFirst();
  if (!row?.totp_secret) return false;
  const step = findTotpStep(row.totp_secret, code, nowMs, row.totp_last_used_step);
  if (step === null) return false;
  const claimed = await db
    .updateTable('operator')
    .set({ totp_last_used_step: step })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_used_step', 'is', null), eb('totp_last_used_step', '<', BigInt(step))]))
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}
