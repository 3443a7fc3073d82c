import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * Human verification: the image captcha (GET /wps/captcha, spec §7) and our own slider puzzle.
 *
 * Calls that demand a check (login, register, SMS send, password reset) carry the fields below:
 * `sliderToken` (earned by solving a slider), and `captcha` with `captchaId` when the server showed
 * a captcha. Each is single use.
 * ---------------------------------------------------------------------------------------------- */

/** Error codes of human verification. Messages are in the server's catalogue under the same keys. */
export const verificationErrorCodes = {
  /**
   * The slider answer was refused: the position missed the gap, the drag did not look human, or the
   * challenge is unknown, expired or already used. The challenge is spent either way: fetch a new one.
   */
  sliderCheckFailed: 'slider.check.failed',
  /** A call needing a slider token got none, or one that is unknown, expired or already used. Solve a new slider. */
  sliderTokenInvalid: 'slider.token.invalid',
  /** A call needing a captcha got a wrong, expired or already used one. Load a new captcha and retry. */
  captchaInvalid: 'captcha.invalid',
} as const;

/** The answer typed into a captcha field (spec §5: verification code fields are at most 255 long). */
export const captchaAnswerSchema = z.string().max(255);
/** The id the server gave with the captcha image. */
export const captchaIdSchema = z.string().max(64);
/** The token a solved slider earned. */
export const sliderTokenSchema = z.string().max(128);

/** GET /wps/captcha: a fresh captcha. Refreshing is allowed at most once a second (spec §5). */
export const captchaSchema = z.object({
  captchaId: z.string(),
  /** `data:image/png;base64,...` */
  image: z.string(),
  expiresInSeconds: z.number().int(),
});
export type Captcha = z.infer<typeof captchaSchema>;

/**
 * GET /wps/captcha/slider: a background with a gap and the piece that fills it. The client shows
 * the piece at (x, pieceY), lets the member drag it horizontally, and posts the x where it was dropped.
 */
export const sliderChallengeSchema = z.object({
  challengeId: z.string(),
  /** `data:image/png;base64,...`, `width` x `height` pixels. */
  background: z.string(),
  /** `data:image/png;base64,...`, `pieceSize` x `pieceSize` pixels, transparent around the piece. */
  piece: z.string(),
  pieceY: z.number().int(),
  pieceSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type SliderChallenge = z.infer<typeof sliderChallengeSchema>;

/**
 * One pointer sample of the drag: x and y are the pointer's offset from where the drag began, in
 * background pixels (so the last x is about the drop x); t is milliseconds on any clock that only
 * goes forward (e.g. `performance.now()`).
 */
export const sliderTrackPointSchema = z.object({
  x: z.number().min(-10_000).max(10_000),
  y: z.number().min(-10_000).max(10_000),
  t: z.number().min(0).max(1e13),
});
export type SliderTrackPoint = z.infer<typeof sliderTrackPointSchema>;

export const sliderTrackMaxPoints = 400;

/** POST /wps/captcha/slider/check */
export const sliderCheckRequestSchema = z.object({
  challengeId: z.string().max(64),
  /** Where the piece's left edge was dropped, in background pixels. */
  x: z.number().min(-10_000).max(10_000),
  track: z
    .array(sliderTrackPointSchema)
    .min(1)
    .max(sliderTrackMaxPoints)
    .superRefine((track, context) => {
      for (let index = 1; index < track.length; index++) {
        if (track[index]!.t <= track[index - 1]!.t) {
          context.addIssue({
            code: 'custom',
            path: [index, 't'],
            message: 't must increase from one point to the next',
          });
          return;
        }
      }
    }),
});
export type SliderCheckRequest = z.infer<typeof sliderCheckRequestSchema>;

/** The answer to a solved slider: a single-use token for the next guarded call. */
export const sliderTokenGrantSchema = z.object({
  sliderToken: z.string(),
  expiresInSeconds: z.number().int(),
});
export type SliderTokenGrant = z.infer<typeof sliderTokenGrantSchema>;
