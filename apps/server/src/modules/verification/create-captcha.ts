import { randomBytes, randomUUID } from 'node:crypto';
import type { Captcha } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { captchaAlphabet } from './bitmap-font.ts';
import { sha256Hex } from './challenge-hash.ts';
import { drawCaptcha } from './draw-captcha.ts';
import { randomItem } from './random.ts';

export const captchaLength = 5;
export const captchaLifetimeSeconds = 120;

/**
 * GET /wps/captcha: a new captcha for this merchant. Only a salted hash of the answer is stored,
 * so even a leaked table does not answer open captchas. The route allows one refresh a second per IP.
 */
export async function createCaptcha(
  db: Kysely<Database>,
  merchantId: number,
  clientIp: string,
  nowMs: number,
): Promise<Captcha> {
  const text = Array.from({ length: captchaLength }, () => randomItem(captchaAlphabet)).join('');
  const salt = randomBytes(16).toString('hex');
  const captchaId = randomUUID();
  await db
    .insertInto('challenge')
    .values({
      id: captchaId,
      merchant_id: merchantId,
      kind: 'captcha',
      answer_hash: sha256Hex(salt + text.toLowerCase()),
      answer_salt: salt,
      gap_x: null,
      client_ip: clientIp,
      created_at: new Date(nowMs),
      expires_at: new Date(nowMs + captchaLifetimeSeconds * 1000),
    })
    .execute();
  return { captchaId, image: drawCaptcha(text).toDataUrl(false), expiresInSeconds: captchaLifetimeSeconds };
}
