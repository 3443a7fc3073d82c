import { randomBytes } from 'node:crypto';
import { verificationErrorCodes, type SliderCheckRequest, type SliderTokenGrant } from '@lotus/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isChallengeId, sha256Hex } from './challenge-hash.ts';
import { findTrackProblem, type TrackProblem } from './slider-track.ts';

/** How far (px) the drop may be from the gap and still count. */
export const sliderTolerancePx = 5;
export const sliderTokenLifetimeSeconds = 120;

type Refusal = TrackProblem | 'unknown_expired_or_spent' | 'missed_gap';

/**
 * POST /wps/captcha/slider/check: spends the challenge (right or wrong, so the gap cannot be
 * searched for by retrying), then checks the drop position and the drag. A pass earns a single-use
 * token for the next guarded call. The caller learns only pass or fail; the reason goes to the log.
 */
export async function checkSlider(
  db: Kysely<Database>,
  merchantId: number,
  request: SliderCheckRequest,
  nowMs: number,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<SliderTokenGrant> {
  const refuse = (reason: Refusal): never => {
    log.info({ reason }, 'slider check refused');
    throw new AppError(400, verificationErrorCodes.sliderCheckFailed);
  };
  if (!isChallengeId(request.challengeId)) return refuse('unknown_expired_or_spent');

  const now = new Date(nowMs);
  // One conditional UPDATE, so two concurrent checks of one challenge cannot both see it unspent.
  const spent = await db
    .updateTable('challenge')
    .set({ consumed_at: now, attempts: sql`attempts + 1` })
    .where('id', '=', request.challengeId)
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'slider')
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('gap_x')
    .executeTakeFirst();
  if (!spent || spent.gap_x === null) return refuse('unknown_expired_or_spent');
  if (Math.abs(request.x - spent.gap_x) > sliderTolerancePx) return refuse('missed_gap');
  const problem = findTrackProblem(request.track, request.x);
  if (problem) return refuse(problem);

  const sliderToken = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('challenge').set({ solved_at: now }).where('id', '=', request.challengeId).execute();
    await trx
      .insertInto('challenge_token')
      .values({
        token_hash: sha256Hex(sliderToken),
        merchant_id: merchantId,
        purpose: null,
        created_at: now,
        expires_at: new Date(nowMs + sliderTokenLifetimeSeconds * 1000),
      })
      .execute();
  });
  return { sliderToken, expiresInSeconds: sliderTokenLifetimeSeconds };
}
