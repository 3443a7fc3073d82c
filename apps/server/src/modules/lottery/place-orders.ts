import { createHash } from 'node:crypto';
import {
  formatMinorUnits,
  lotteryErrorCodes,
  parseAmount,
  type LotteryPlaceOrderRequest,
  type LotteryPlaceOrderResult,
} from '@lotus/contract';
import type { LotteryFamily } from '@lotus/fair';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { balanceNoticesFor } from '../ledger/index.ts';
import { createGameSession, hashSessionToken } from '../seamless-wallet/index.ts';
import { findGameSetting, type LotteryGameSetting } from './game-settings.ts';
import { priceBets } from './price-bets.ts';

/**
 * The lottery's vendor code in the seamless wallet and the catalogue (the demo catalogue's "Lotus Lotto"):
 * its bets and wins are that vendor's rounds, bet records and ledger postings like any vendor's, so
 * they reach the betting record, turnover, rebates, reports and the agents' real-time salary (product
 * type LOTT of the catalogue vendor) without paths of their own.
 */
export const lotteryVendorCode = 'LTLOTTO';

/** The member placing the bets. */
export interface LotteryBettor {
  merchantId: number;
  memberId: bigint;
  currency: string;
  isTrial: boolean;
}

/** The wallet's ids: one round per member and draw; one bet per order; one win per member and draw. */
export const lotteryRoundId = (gameCode: string, numero: string) => `${gameCode}:${numero}`;
// Written by lottery_bet_call.sql too: the two must agree.
export const lotteryBetTransactionId = (orderId: bigint) => `LOTTO-B-${orderId}`;

/**
 * POST /lgw/orders (README "Betting"): prices every bet on the server (`priceBets`) against the
 * merchant's setting, checks the client's total against it, then places everything in ONE statement,
 * `lottery_place_orders` (db/functions/lottery_place_orders.sql, whose header lists the rules): the draws
 * share-locked and open, the member's stake on each draw and each number's payout in the book under
 * their limits, the orders, and their debits through the seamless wallet. A refusal anywhere undoes
 * everything: no order without its debit, no debit without its order. One round trip instead of eight,
 * and the balance notice sent after the commit (ledger's BalanceNotices): docs/performance.md, "Lottery".
 */
export async function placeLotteryOrders(
  db: Kysely<Database>,
  bettor: LotteryBettor,
  request: LotteryPlaceOrderRequest,
  nowMs: number,
): Promise<LotteryPlaceOrderResult> {
  let kept = await gameAndSetting(db, bettor.merchantId, request.gameId, nowMs, false);
  let plan: Placement;
  try {
    plan = planPlacement(bettor, request, kept, nowMs);
  } catch (error) {
    // Refused by a kept setting: refused only if the current one refuses it too.
    if (!kept.kept) throw error;
    kept = await gameAndSetting(db, bettor.merchantId, request.gameId, nowMs, true);
    plan = planPlacement(bettor, request, kept, nowMs);
  }
  try {
    return await place(db, bettor, plan, nowMs);
  } catch (error) {
    // The setting changed after it was read: read it again and price again, once.
    if ((error as { code?: string }).code !== staleSettingCode) throw error;
    kept = await gameAndSetting(db, bettor.merchantId, request.gameId, nowMs, true);
    return await place(db, bettor, planPlacement(bettor, request, kept, nowMs), nowMs);
  }
}

/** A placement priced and checked against one reading of the setting, ready for the statement. */
interface Placement {
  request: Omit<PlacementRequest, 'tokenHash'>;
  total: bigint;
  overMemberLimit: () => AppError;
}

function planPlacement(
  bettor: LotteryBettor,
  request: LotteryPlaceOrderRequest,
  { game, setting }: KeptSetting,
  nowMs: number,
): Placement {
  if (!game.enabled || !setting.enabled) throw new AppError(409, lotteryErrorCodes.gameClosed, { field: 'gameId' });
  const priced = priceBets(game.family as LotteryFamily, request.bets, setting);
  const phases = request.chase?.phases ?? 1;
  // A placement's orders are numbered <masterNo>-001 to -999.
  if (priced.length * phases > 999)
    throw new AppError(400, lotteryErrorCodes.chaseTooLong, {
      field: 'chase.phases',
      params: { field: 'chase.phases', max: Math.floor(999 / priced.length) },
    });
  const perDraw = priced.reduce((sum, bet) => sum + bet.costMinor, 0n);
  const total = perDraw * BigInt(phases);
  if (total !== parseAmount(request.totalAmount))
    throw new AppError(400, lotteryErrorCodes.totalMismatch, {
      field: 'totalAmount',
      params: { field: 'totalAmount', expected: formatMinorUnits(total) },
    });
  const overMemberLimit = () =>
    new AppError(400, lotteryErrorCodes.amountOverLimits, {
      field: 'totalAmount',
      params: { field: 'totalAmount', max: formatMinorUnits(setting.max_member_draw_minor) },
    });
  if (perDraw > setting.max_member_draw_minor) throw overMemberLimit();
  return {
    total,
    overMemberLimit,
    request: {
      merchantId: bettor.merchantId,
      memberId: bettor.memberId.toString(),
      currency: bettor.currency,
      vendor: lotteryVendorCode,
      gameId: game.id,
      gameCode: game.code,
      settingVersion: setting.version,
      numero: request.numero,
      phases,
      chase: request.chase ? { stopOnWin: request.chase.stopOnWin } : null,
      perDraw: perDraw.toString(),
      now: new Date(nowMs).toISOString(),
      bets: priced.map((bet) => ({
        playId: bet.play.playId,
        playCode: bet.play.code,
        betContent: bet.betContent,
        units: bet.units,
        stakePerUnit: bet.stakePerUnitMinor.toString(),
        multiple: bet.multiple,
        series: bet.series,
        cost: bet.costMinor.toString(),
        numbers: bet.numbers,
        payoutPerNumber: bet.payoutPerNumberMinor.toString(),
      })),
    },
  };
}

async function place(
  db: Kysely<Database>,
  bettor: LotteryBettor,
  plan: Placement,
  nowMs: number,
): Promise<LotteryPlaceOrderResult> {
  const tokenHash = await walletSession(db, bettor, plan.request.gameCode, nowMs);
  let placed: PlacementResult;
  try {
    const { rows } = await sql<{
      placed: PlacementResult;
    }>`SELECT lottery_place_orders(${JSON.stringify({ ...plan.request, tokenHash })}::jsonb) AS placed`.execute(db);
    placed = rows[0]!.placed;
  } catch (error) {
    throw refusalOf(error, plan.overMemberLimit) ?? error;
  }
  balanceNoticesFor(db).announce(placed.notices);
  return {
    masterNo: placed.masterNo,
    chaseNo: placed.chaseNo,
    orders: placed.orders.map(({ betAmountMinor, ...order }) => ({
      ...order,
      betAmount: formatMinorUnits(BigInt(betAmountMinor)),
    })),
    totalAmount: formatMinorUnits(plan.total),
    balance: formatMinorUnits(BigInt(placed.balanceMinor)),
  };
}

/** What `lottery_place_orders` reads: the one definition of its JSON keys (bigints as strings). */
interface PlacementRequest {
  merchantId: number;
  memberId: string;
  currency: string;
  vendor: string;
  gameId: number;
  gameCode: string;
  settingVersion: number;
  numero: string;
  phases: number;
  chase: { stopOnWin: boolean } | null;
  perDraw: string;
  tokenHash: string;
  now: string;
  bets: {
    playId: number;
    playCode: string;
    betContent: string;
    units: number;
    stakePerUnit: string;
    multiple: number;
    series: number;
    cost: string;
    numbers: string[] | null;
    payoutPerNumber: string;
  }[];
}

interface PlacementResult {
  masterNo: string;
  chaseNo: string | null;
  orders: (Omit<LotteryPlaceOrderResult['orders'][number], 'betAmount'> & { betAmountMinor: string })[];
  balanceMinor: string;
  /** The balance notices the statement deferred past its commit. */
  notices: string | null;
}

/**
 * SQLSTATEs of lottery_place_orders: its refusal (detail: status, field, params, value); the setting
 * changed; the wallet's refusal of a debit (vendor_wallet_play.sql, the wallet's code as message).
 */
const refusalCode = 'LT001';
const staleSettingCode = 'LT002';
const walletRefusalCode = 'LW001';

/** A refusal raised by the statement (its own, or the wallet's LW001) as the contract's error; else null. */
function refusalOf(error: unknown, overMemberLimit: () => AppError): AppError | null {
  const raised = error as { code?: string; message?: string; detail?: string };
  if (raised.code === walletRefusalCode) {
    if (raised.message === 'INSUFFICIENT_FUNDS')
      return new AppError(409, lotteryErrorCodes.balanceNotEnough, {
        field: 'totalAmount',
        params: { field: 'totalAmount' },
      });
    if (raised.message === 'PLAYER_BLOCKED') return new AppError(403, 'member.disabled');
    return null;
  }
  if (raised.code !== refusalCode || !raised.detail) return null;
  const key = raised.message as keyof typeof lotteryErrorCodes;
  if (key === 'amountOverLimits') return overMemberLimit();
  const detail = JSON.parse(raised.detail) as {
    status: number;
    field: string | null;
    params: Record<string, string | number>;
    value: Record<string, unknown> | null;
  };
  const field = detail.field ?? undefined;
  return new AppError(detail.status, lotteryErrorCodes[key], {
    field,
    params: field ? { field, ...detail.params } : detail.params,
    ...(detail.value ? { value: detail.value } : {}),
  });
}

interface LotteryGameRow {
  id: number;
  code: string;
  family: string;
  enabled: boolean;
}

/**
 * The game and the merchant's setting the bets are priced at, kept by this process per database handle
 * (tests run apps on several databases in one process). Reading them is not what makes a bet safe:
 * `lottery_place_orders` takes a bet only at the setting's current version and only while the game is
 * sold; a bet a kept copy refuses is checked again against a fresh reading before it is refused. A
 * copy is kept `maxSettingAgeMs` at most. Bounded: the oldest entry goes first.
 */
const maxSettingAgeMs = 10_000;
const maxKeptSettings = 10_000;
/** `kept`: this copy was kept from an earlier call, not read for this one. */
type KeptSetting = { game: LotteryGameRow; setting: LotteryGameSetting; readAtMs: number; kept: boolean };
const keptSettings = new WeakMap<Kysely<Database>, Map<string, KeptSetting>>();

async function gameAndSetting(
  db: Kysely<Database>,
  merchantId: number,
  gameId: number,
  nowMs: number,
  readAgain: boolean,
): Promise<KeptSetting> {
  let kept = keptSettings.get(db);
  if (!kept) keptSettings.set(db, (kept = new Map()));
  const key = `${merchantId}:${gameId}`;
  const known = kept.get(key);
  if (known && !readAgain && nowMs - known.readAtMs < maxSettingAgeMs && nowMs >= known.readAtMs)
    return { ...known, kept: true };
  const game = await db
    .selectFrom('lottery_game')
    .select(['id', 'code', 'family', 'enabled'])
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (!game) throw new AppError(409, lotteryErrorCodes.gameClosed, { field: 'gameId' });
  const fresh = { game, setting: await findGameSetting(db, merchantId, game.id), readAtMs: nowMs, kept: false };
  kept.delete(key);
  kept.set(key, fresh);
  if (kept.size > maxKeptSettings) kept.delete(kept.keys().next().value!);
  return fresh;
}

/**
 * The wallet session a member's bets on a game go through, kept by this process once written so that
 * the next placement does not write another (sessions are never deleted; a win ignores expiry, a bet
 * needs an unexpired one, so one is reused only while it has an hour left). Written in its own
 * transaction: a placement refused afterwards leaves a session the next one reuses. Bounded: the
 * oldest entry goes first. Each API instance keeps its own, per database handle; a miss only costs one
 * more session row.
 */
type SessionCache = Map<string, { tokenHash: string; expiresAtMs: number }>;
const sessionCaches = new WeakMap<Kysely<Database>, SessionCache>();
const maxRememberedSessions = 50_000;
const sessionReuseMarginMs = 3_600_000;

async function walletSession(db: Kysely<Database>, bettor: LotteryBettor, gameCode: string, nowMs: number) {
  let sessions = sessionCaches.get(db);
  if (!sessions) sessionCaches.set(db, (sessions = new Map()));
  const key = `${bettor.merchantId}:${bettor.memberId}:${gameCode}`;
  const known = sessions.get(key);
  if (known && known.expiresAtMs - nowMs > sessionReuseMarginMs) return known.tokenHash;
  const { token, expiresAt } = await createGameSession(db, {
    merchantId: bettor.merchantId,
    memberId: bettor.memberId,
    vendorCode: lotteryVendorCode,
    gameId: gameCode,
    nowMs,
  });
  const tokenHash = hashSessionToken(token);
  sessions.delete(key);
  sessions.set(key, { tokenHash, expiresAtMs: expiresAt.getTime() });
  if (sessions.size > maxRememberedSessions) sessions.delete(sessions.keys().next().value!);
  return tokenHash;
}

/** What a wallet call asks, hashed: a repeat of its transaction id must ask exactly the same. */
export function requestHashOf(parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
