import { z } from 'zod';
import { moneySchema } from './envelope.ts';
import { amountInputSchema } from './money.ts';

/* ------------------------------------------------------------------------------------------------
 * Lottery betting (issue 18; original-programmes §2 "Lottery"; modules/lottery README "Betting"):
 * placing bets on a draw, the member's orders (the original's `ODSFE2_lottMemBet`), an order's
 * detail, cancellation (`lgw_orders_suborders_cancel`) and the game's settings as a member sees
 * them (`LGW_gameSetting`). Money on the wire is a decimal string with two places.
 *
 * A bet names a play (`playId` of `@lotus/fair`'s catalogue for the game's family) and its content in
 * the original's format (rows by `|`, balls by `,`, positions before `@`). The server expands and
 * prices every bet itself: `betNum` and `totalAmount` are what the client computed, checked and
 * refused when they differ (`lottery.bet.count.mismatch`, `lottery.total.mismatch`), never trusted.
 * ---------------------------------------------------------------------------------------------- */

export const lotteryOrderPaths = {
  /** POST `lotteryPlaceOrderRequestSchema` (token, real members): bets on one draw, or a chase. */
  place: '/lgw/orders',
  /** GET `lotteryOrdersQuerySchema` (token): the member's orders, newest first. */
  list: '/wps/relay/ODSFE2_lottMemBet',
  /** GET `?orderId=` (token): one order of the member's. */
  detail: '/wps/relay/lgw_orders_detail',
  /** POST `{ orderDetailId: [ids] }` (token, real members): cancel waiting orders before the lock. */
  cancel: '/wps/relay/lgw_orders_suborders_cancel',
  /** GET `?gameId=` (visitors too): the game's betting rules for this merchant. */
  gameSetting: '/wps/relay/LGW_gameSetting',
  /** GET (token): the series (prize group) range the member may bet at, per game (the original's `lottoGameBonus`). */
  customerSeries: '/wps/relay/MCS2_lottoCustomersSeries',
} as const;

/**
 * The original's order statuses (LOTTJS ORDER_STATUS): 2 waiting for the draw, 4 won, 5 lost, 6 a
 * chase's later order stopped after a win (refunded), 8 cancelled by the player, 12 refunded because
 * the draw was cancelled.
 */
export const lotteryOrderStatuses = {
  waiting: 2,
  won: 4,
  lost: 5,
  chaseStopped: 6,
  cancelled: 8,
  refunded: 12,
} as const;
export const lotteryOrderStatusValues = [2, 4, 5, 6, 8, 12] as const;

/**
 * A chase's state, on each of its orders: running; `won_stopped` (a win stopped it, its later orders
 * refunded: status 6); `completed` (every draw played); `cancelled`; `win_corrected`: a win stopped it
 * and a corrected official result then took that win back. Its refunded orders stay refunded (a
 * correction never bets again in the member's name): the member may place the bets again.
 */
export const lotteryChaseStatusValues = ['running', 'won_stopped', 'completed', 'cancelled', 'win_corrected'] as const;
export type LotteryChaseStatusCode = (typeof lotteryChaseStatusValues)[number];
export type LotteryOrderStatusCode = (typeof lotteryOrderStatusValues)[number];

/** Error codes of betting and cancellation (the original's where it has one); messages TH and EN. */
export const lotteryErrorCodes = {
  /** The draw is locked, drawn or unknown, or the game is not sold: 409. */
  gameClosed: 'LGS_BETTING_GAME_CLOSED_ERROR',
  /** A stake below the minimum, an order over the maximum, or the member's total on the draw over it: 400. */
  amountOverLimits: 'LGS_BETTING_AMOUNT_OVER_LIMITS',
  /** The multiple is over the game's maximum: 400. */
  multipleOverLimits: 'LGS_BETTING_MULTIPLE_OVER_LIMITS',
  /** A number is closed, or its payout limit on this draw is reached ("sold out"): 409, the number named. */
  numberOverLimits: 'LGS_BETTING_NUMBER_OVER_LIMITS',
  /** The balance (cash and bonus) does not cover the bets: 409. */
  balanceNotEnough: 'ACS_AVAILABLE_BALANCE_NOT_ENOUGH',
  /** The content does not fit the play (field `bets[i].betContent`): 400. */
  contentInvalid: 'lottery.bet.content.invalid',
  /** The play is not one of the game's (field `bets[i].playId`): 400. */
  playUnknown: 'lottery.play.unknown',
  /** The client's count differs from the server's (field `bets[i].betNum`): 400. */
  countMismatch: 'lottery.bet.count.mismatch',
  /** The client's total differs from the server's (field `totalAmount`): 400. */
  totalMismatch: 'lottery.total.mismatch',
  /** The series is outside the member's allowed range (field `bets[i].series`): 400. */
  seriesOutOfRange: 'lottery.series.out.of.range',
  /** Not enough draws ahead for the chase (field `chase.phases`): 400. */
  chaseTooLong: 'lottery.chase.too.long',
  /** Cancelling: the draw is locked or the game does not allow it: 409. */
  cancelNotAvailable: 'LGS_CANCEL_ORDER_NOT_AVAILABLE',
  /** Cancelling a chase's order while a later one of the chase is still waiting: 409. */
  chaseNotLast: 'CANCEL_CHASE_ORDER_IS_NOT_LAST_START',
  /** Cancelling an order that is no longer waiting (cancelled, settled, refunded): 409. */
  orderCancelled: 'ORDER_IS_CANCELED',
} as const;

const gameIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);
const numeroSchema = z.string().regex(/^[0-9]{8}(-[0-9A-Z]{2,5})?$/, 'must be a draw number');

export const lotteryBetSchema = z.strictObject({
  playId: z.number().int().min(1).max(99_999),
  betContent: z.string().min(1).max(2000),
  /** The combinations the client counted (checked). */
  betNum: z.number().int().min(1).max(1_000_000),
  /** Stake per combination, e.g. "1.00". */
  stakePerUnit: amountInputSchema,
  multiple: z.number().int().min(1).max(100_000),
  /** Prize group, 1..2000: payout = base prize × series / 2000; within the member's range. */
  series: z.number().int().min(1).max(2000),
});
export type LotteryBet = z.infer<typeof lotteryBetSchema>;

export const lotteryPlaceOrderRequestSchema = z.strictObject({
  gameId: gameIdSchema,
  /** The draw bet on (a chase: its first draw). */
  numero: numeroSchema,
  bets: z.array(lotteryBetSchema).min(1).max(50),
  /** The total the client computed for all bets (and all phases of a chase); checked. */
  totalAmount: amountInputSchema,
  /** The same bets over this many draws from `numero` on, each draw's bets paid now. */
  chase: z.strictObject({ phases: z.number().int().min(2).max(120), stopOnWin: z.boolean() }).optional(),
});
export type LotteryPlaceOrderRequest = z.infer<typeof lotteryPlaceOrderRequestSchema>;

export const lotteryPlacedOrderSchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  numero: z.string(),
  playId: z.number().int(),
  betNum: z.number().int(),
  betAmount: moneySchema,
  /** Numbers over their limit taken at half odds (merchant's "reduce" mode). */
  reducedNumbers: z.array(z.string()),
});
export const lotteryPlaceOrderResultSchema = z.object({
  /** The placement's number: its orders are `<masterNo>-001`, `-002`... */
  masterNo: z.string(),
  chaseNo: z.string().nullable(),
  orders: z.array(lotteryPlacedOrderSchema),
  totalAmount: moneySchema,
  /** The member's playable balance after the bets (cash and bonus). */
  balance: moneySchema,
});
export type LotteryPlaceOrderResult = z.infer<typeof lotteryPlaceOrderResultSchema>;

/** GET `ODSFE2_lottMemBet`: the original's filters (subordinateType is the agent centre's; members see their own). */
export const lotteryOrdersQuerySchema = z.object({
  startDate: z.coerce.number().int().min(0).optional(),
  endDate: z.coerce.number().int().min(0).optional(),
  gameCode: z
    .string()
    .regex(/^[A-Z0-9_]{2,40}$/)
    .optional(),
  numero: numeroSchema.optional(),
  status: z.coerce
    .number()
    .int()
    .refine((value) => (lotteryOrderStatusValues as readonly number[]).includes(value), 'must be an order status')
    .optional(),
  orderNo: z
    .string()
    .regex(/^[A-Za-z0-9]{6}(-[A-Za-z0-9]{3})?$/)
    .optional(),
  /** 1: chase orders only; 0: single orders only. */
  chase: z.coerce.number().int().min(0).max(1).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(13),
});
export type LotteryOrdersQuery = z.infer<typeof lotteryOrdersQuerySchema>;

export const lotteryOrderRowSchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  /** The first six characters: the placement. */
  abbrOrderNo: z.string(),
  gameId: z.number().int(),
  gameCode: z.string(),
  gameName: z.string(),
  prizeModeId: z.number().int(),
  numero: z.string(),
  playId: z.number().int(),
  playCode: z.string(),
  betContent: z.string(),
  betNum: z.number().int(),
  multiple: z.number().int(),
  series: z.number().int(),
  stakePerUnit: moneySchema,
  betAmount: moneySchema,
  /** The stake that counts (the bet amount once settled; 0 for a cancelled or refunded order). */
  validBetAmount: moneySchema,
  winAmount: moneySchema.nullable(),
  status: z.number().int(),
  /** The chase it belongs to, or null. */
  chase: z.string().nullable(),
  /** The chase's state (`lotteryChaseStatusValues`), or null: `win_corrected` says why a status 6 order was refunded. */
  chaseStatus: z.enum(lotteryChaseStatusValues).nullable(),
  reducedNumbers: z.array(z.string()),
  betTimeInTimestamp: z.number().int(),
  settleTimeInTimestamp: z.number().int().nullable(),
  /** The draw's result once drawn (the game's `winNoStr`), else null. */
  winningNumber: z.array(z.string()).nullable(),
  /** Whether the member may cancel it now (waiting, before the lock, the game allows it, last of its chase). */
  cancellable: z.boolean(),
});
export type LotteryOrderRow = z.infer<typeof lotteryOrderRowSchema>;

export const lotteryOrdersSchema = z.object({
  list: z.array(lotteryOrderRowSchema),
  totalCount: z.number().int(),
  /** Footer: sums over every row the filters match. */
  betAmount: moneySchema,
  winAmount: moneySchema,
});
export type LotteryOrders = z.infer<typeof lotteryOrdersSchema>;

export const lotteryOrderDetailQuerySchema = z.object({ orderId: z.string().regex(/^[1-9][0-9]{0,18}$/) });
export const lotteryOrderDetailSchema = lotteryOrderRowSchema.extend({
  /** The play's odds at the order's series, hundredths as a decimal ("9.80"). */
  odds: z.string(),
  cancelFee: moneySchema,
  drawTime: z.number().int(),
  lockTime: z.number().int(),
});
export type LotteryOrderDetail = z.infer<typeof lotteryOrderDetailSchema>;

export const lotteryCancelRequestSchema = z.strictObject({
  orderDetailId: z
    .array(z.string().regex(/^[1-9][0-9]{0,18}$/))
    .min(1)
    .max(120),
  lottoArea: z.enum(['', 'VN']).optional(),
});
export type LotteryCancelRequest = z.infer<typeof lotteryCancelRequestSchema>;
export const lotteryCancelResultSchema = z.object({
  cancelled: z.array(z.object({ orderId: z.string(), refund: moneySchema, fee: moneySchema })),
  balance: moneySchema,
});
export type LotteryCancelResult = z.infer<typeof lotteryCancelResultSchema>;

export const lotteryGameSettingQuerySchema = z.object({ gameId: gameIdSchema });
/** The original's `platformSettings[0]` keys where it has them, and the limits a bet slip checks before sending. */
export const lotteryGameSettingSchema = z.object({
  gameId: z.number().int(),
  gameCode: z.string(),
  platformSettings: z.array(
    z.object({
      /** "1" when members may cancel (prize modes 1 and 2). */
      allowLottDrawback: z.enum(['0', '1']),
      /** "1" when members may cancel (prize mode 3). */
      allowElottDrawback: z.enum(['0', '1']),
    }),
  ),
  isEnableAutomaticOddsSetting: z.boolean(),
  /** Cancellation fee, percent of the stake ("2.5"). */
  cancelFeePercent: z.string(),
  minStakePerUnit: moneySchema,
  maxOrderAmount: moneySchema,
  maxMemberDrawAmount: moneySchema,
  maxMultiple: z.number().int(),
  minSeries: z.number().int(),
  maxSeries: z.number().int(),
  /** Per-draw profit cap of a member (the win is capped at stake + this), or null. */
  maxProfit: moneySchema.nullable(),
  /** The plays of the game with their odds at the full series (hundredths as decimals). */
  plays: z.array(z.object({ playId: z.number().int(), playCode: z.string(), odds: z.string() })),
  /** Numbers closed for every draw: `PLAY_CODE:number`. */
  closedNumbers: z.array(z.string()),
});
export type LotteryGameSetting = z.infer<typeof lotteryGameSettingSchema>;

/** One game's series range for the member (the original's `lottoGameBonus` items). */
export const lotteryCustomerSeriesSchema = z.array(
  z.object({
    gameGroupCode: z.string(),
    gameCode: z.string(),
    prizeModeId: z.number().int(),
    minSeries: z.number().int(),
    maxBetSeries: z.number().int(),
  }),
);
export type LotteryCustomerSeries = z.infer<typeof lotteryCustomerSeriesSchema>;
