import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * Yee-Kee (จับยี่กี, issue 18; modules/lottery/yeekee README): a round every 15 minutes whose result
 * members compute themselves. During the round, members "shoot" 5-digit numbers (free, one every
 * 5 seconds at most, until the draw instant); at the draw the number is the sum of every shot minus the
 * 16th shot in arrival order, 3 top = its last three digits, 2 bottom = its ten-thousands and thousands
 * digits (`yeekeeResult` of @lotus/fair). A round with fewer than 20 shots is void: it is cancelled and
 * every bet refunded (market-rules 1.8). Every shot is listed publicly, so anyone can recompute the
 * result. Bets on the round are ordinary lottery bets (`POST /lgw/orders`, the THAI_STYLE plays); they
 * close `lockTime` seconds before the draw, while shooting goes on to the draw instant.
 * ---------------------------------------------------------------------------------------------- */

export const lotteryYeekeePaths = {
  /** POST `lotteryYeekeeShootRequestSchema` (token, real members: a trial account gets 403 `member.trial.forbidden`). */
  shoot: '/lgw/yeekee/shoot',
  /** GET `lotteryYeekeeSubmissionsQuerySchema` (visitors too): a round's shots, sum and outcome. */
  submissions: '/lgw/yeekee/submissions',
} as const;

/** The shot subtracted from the sum (1-based, arrival order) and the fewest shots a round needs. */
export const yeekeeRules = { subtractedSeq: 16, minShots: 20, shotIntervalSeconds: 5 } as const;

/** Error codes of Yee-Kee; messages in the server catalogue (TH, EN). */
export const lotteryYeekeeErrorCodes = {
  /** The game is unknown, disabled or not a Yee-Kee game (400, field `gameId`). */
  notYeekee: 'lottery.yeekee.game.invalid',
  /** No round of the game has this numero (400, field `numero`). */
  roundUnknown: 'lottery.yeekee.round.unknown',
  /** The round has not started: shoot into the current round (409, field `numero`). */
  roundNotOpen: 'lottery.yeekee.round.not.open',
  /** The round's draw instant has passed (or it was drawn or cancelled): shoot into the next (409, field `numero`). */
  roundClosed: 'lottery.yeekee.round.closed',
  /**
   * The member shot less than 5 seconds ago (429, `Retry-After`; `value.nextShotAt` epoch ms by the
   * server's clock and `value.retryAfterMs` from now): wait, then shoot again.
   */
  tooSoon: 'lottery.yeekee.shot.too.soon',
} as const;

const idSchema = z.coerce.number().int().min(1).max(2_147_483_647);
const numeroSchema = z.string().regex(/^[0-9]{8}-[0-9]{3,5}$/, 'must be a numero like 20261127-0057');
const shotNumberSchema = z.string().regex(/^[0-9]{5}$/, 'must be 5 digits');

/** POST `/lgw/yeekee/shoot`. `number`: exactly 5 digits, leading zeros included (`00420`). */
export const lotteryYeekeeShootRequestSchema = z.object({
  gameId: idSchema,
  numero: numeroSchema,
  number: shotNumberSchema,
});
export type LotteryYeekeeShootRequest = z.infer<typeof lotteryYeekeeShootRequestSchema>;

export const lotteryYeekeeShootResultSchema = z.object({
  numero: z.string(),
  /** The shot's place in the round, in arrival order (1, 2, 3... without gaps). */
  seq: z.number().int(),
  number: z.string(),
  /** Epoch ms the server took the shot. */
  shotTime: z.number().int(),
  /** Epoch ms from which the member may shoot again. */
  nextShotAt: z.number().int(),
});
export type LotteryYeekeeShootResult = z.infer<typeof lotteryYeekeeShootResultSchema>;

/**
 * GET `/lgw/yeekee/submissions`. Without `numero`: the round open for shooting now (or, between
 * rounds, the latest one due). `order`: `desc` (newest first, the live board) or `asc` (from shot 1).
 */
export const lotteryYeekeeSubmissionsQuerySchema = z.object({
  gameId: idSchema,
  numero: numeroSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type LotteryYeekeeSubmissionsQuery = z.infer<typeof lotteryYeekeeSubmissionsQuerySchema>;

export const lotteryYeekeeSubmissionSchema = z.object({
  seq: z.number().int(),
  /** The shooter's username masked (`ab****yz`). */
  member: z.string(),
  number: z.string(),
  shotTime: z.number().int(),
});
export type LotteryYeekeeSubmission = z.infer<typeof lotteryYeekeeSubmissionSchema>;

/**
 * How the round ended. `drawn`: `number` = `sum` − the 16th shot's number, `top3` its last three
 * digits, `bottom2` its ten-thousands and thousands digits. `void`: fewer than 20 shots, the round
 * cancelled and every bet refunded. Null while the round runs.
 */
export const lotteryYeekeeOutcomeSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('drawn'),
    /** The sum of every shot, decimal digits (never rounded: it may pass 2^53). */
    sum: z.string(),
    subtracted: lotteryYeekeeSubmissionSchema,
    number: z.string(),
    top3: z.string(),
    bottom2: z.string(),
    drawnTime: z.number().int(),
  }),
  z.object({ status: z.literal('void'), shotCount: z.number().int() }),
]);
export type LotteryYeekeeOutcome = z.infer<typeof lotteryYeekeeOutcomeSchema>;

export const lotteryYeekeeSubmissionsSchema = z.object({
  gameId: z.number().int(),
  numero: z.string(),
  /** The draw's status (`open`, `locked`: bets closed, shooting goes on; `drawn`, `settled`, `cancelled`). */
  status: z.enum(['open', 'locked', 'drawn', 'settled', 'cancelled']),
  /** Epoch ms: shooting opens, bets close, the draw (shooting closes). */
  opensAt: z.number().int(),
  locksAt: z.number().int(),
  drawTime: z.number().int(),
  /** Milliseconds from now to the draw, 0 once due. */
  remainTime: z.number().int(),
  /** Shooting is open now. */
  isShooting: z.boolean(),
  shotCount: z.number().int(),
  /** The sum of every shot so far, decimal digits. */
  sum: z.string(),
  subtractedSeq: z.number().int(),
  minShots: z.number().int(),
  outcome: lotteryYeekeeOutcomeSchema.nullable(),
  list: z.array(lotteryYeekeeSubmissionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LotteryYeekeeSubmissions = z.infer<typeof lotteryYeekeeSubmissionsSchema>;
