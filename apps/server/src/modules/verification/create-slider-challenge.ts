import { randomUUID } from 'node:crypto';
import type { SliderChallenge } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { drawSlider, sliderHeight, sliderPieceSize, sliderWidth } from './draw-slider.ts';
import { randomIntegerBetween } from './random.ts';

export const sliderChallengeLifetimeSeconds = 120;

/**
 * GET /wps/captcha/slider: a new slider puzzle. The gap's x is stored and never sent: the client
 * only gets the pictures, and must find the gap the way a person does. The gap keeps clear of the
 * piece's starting place at the left edge, so there is always a real drag to make.
 */
export async function createSliderChallenge(
  db: Kysely<Database>,
  merchantId: number,
  clientIp: string,
  nowMs: number,
): Promise<SliderChallenge> {
  const gapX = randomIntegerBetween(sliderPieceSize + 30, sliderWidth - sliderPieceSize - 5);
  const pieceY = randomIntegerBetween(5, sliderHeight - sliderPieceSize - 5);
  const challengeId = randomUUID();
  await db
    .insertInto('challenge')
    .values({
      id: challengeId,
      merchant_id: merchantId,
      kind: 'slider',
      answer_hash: null,
      answer_salt: null,
      gap_x: gapX,
      client_ip: clientIp,
      created_at: new Date(nowMs),
      expires_at: new Date(nowMs + sliderChallengeLifetimeSeconds * 1000),
    })
    .execute();
  const { background, piece } = drawSlider(gapX, pieceY);
  return {
    challengeId,
    background: background.toDataUrl(false),
    piece: piece.toDataUrl(true),
    pieceY,
    pieceSize: sliderPieceSize,
    width: sliderWidth,
    height: sliderHeight,
    expiresInSeconds: sliderChallengeLifetimeSeconds,
  };
}
