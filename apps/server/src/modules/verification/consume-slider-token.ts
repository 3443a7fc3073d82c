import { verificationErrorCodes } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isBypassAnswer, type ChallengeCheckOptions } from './challenge-bypass.ts';
import { sha256Hex } from './challenge-hash.ts';

/** What a slider token is spent on, recorded with it. */
export type SliderTokenPurpose = 'login' | 'register' | 'sms' | 'password-reset';

/** The form of the tokens checkSlider issues: 32 random bytes in base64url. */
const sliderTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * Spends a slider token of this merchant: true once, for a token that is known, unspent and
 * unexpired; false ever after and for anything else. One conditional UPDATE does it, so two
 * concurrent calls with one token cannot both pass.
 */
export async function consumeSliderToken(
  db: Kysely<Database>,
  merchantId: number,
  token: string | null | undefined,
  purpose: SliderTokenPurpose | null,
  options: ChallengeCheckOptions,
): Promise<boolean> {
  if (isBypassAnswer(options, token)) return true;
  if (typeof token !== 'string' || !sliderTokenPattern.test(token)) return false;
  const now = new Date(options.nowMs);
  const spent = await db
    .updateTable('challenge_token')
    .set({ consumed_at: now, purpose })
    .where('token_hash', '=', sha256Hex(token))
    .where('merchant_id', '=', merchantId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('token_hash')
    .executeTakeFirst();
  return spent !== undefined;
}

/** For calls that demand a solved slider: throws 400 `slider.token.invalid` (field `sliderToken`) otherwise. */
export async function requireSliderToken(
  db: Kysely<Database>,
  merchantId: number,
  token: string | null | undefined,
  purpose: SliderTokenPurpose | null,
  options: ChallengeCheckOptions,
): Promise<void> {
  if (!(await consumeSliderToken(db, merchantId, token, purpose, options))) {
    throw new AppError(400, verificationErrorCodes.sliderTokenInvalid, { field: 'sliderToken' });
  }
}
