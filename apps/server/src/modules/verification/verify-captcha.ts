import { verificationErrorCodes } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isBypassAnswer, type ChallengeCheckOptions } from './challenge-bypass.ts';
import { isChallengeId } from './challenge-hash.ts';

/**
 * Whether `answer` solves the captcha `captchaId` of this merchant, ignoring case and surrounding
 * spaces. A captcha is spent by its first check, right or wrong, so it cannot be guessed at; an
 * expired, spent or unknown one is simply false.
 *
 * One conditional UPDATE spends the row and compares the hash, so two concurrent checks of the same
 * captcha cannot both succeed.
 */
export async function verifyCaptcha(
  db: Kysely<Database>,
  merchantId: number,
  captchaId: string | null | undefined,
  answer: string | null | undefined,
  options: ChallengeCheckOptions,
): Promise<boolean> {
  if (isBypassAnswer(options, answer)) return true;
  if (!captchaId || !isChallengeId(captchaId) || typeof answer !== 'string') return false;
  const candidate = answer.trim().toLowerCase();
  const now = new Date(options.nowMs);
  const spent = await db
    .updateTable('challenge')
    .set({
      consumed_at: now,
      attempts: sql`attempts + 1`,
      solved_at: sql`case when answer_hash = encode(sha256(convert_to(answer_salt || ${candidate}, 'UTF8')), 'hex') then ${now}::timestamptz end`,
    })
    .where('id', '=', captchaId)
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'captcha')
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('solved_at')
    .executeTakeFirst();
  return spent?.solved_at != null;
}

/** For calls that demand a captcha: throws 400 `captcha.invalid` (field `captcha`) unless it is solved. */
export async function requireCaptcha(
  db: Kysely<Database>,
  merchantId: number,
  captchaId: string | null | undefined,
  answer: string | null | undefined,
  options: ChallengeCheckOptions,
): Promise<void> {
  if (!(await verifyCaptcha(db, merchantId, captchaId, answer, options))) {
    throw new AppError(400, verificationErrorCodes.captchaInvalid, { field: 'captcha' });
  }
}
