import { createHash } from 'node:crypto';
import {
  formatMinorUnits,
  lotteryErrorCodes,
  parseAmount,
  type LotteryPlaceOrderRequest,
  type LotteryPlaceOrderResult,
} from '@lotus/contract';
import type { LotteryFamily } from '@lotus/fair';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { createGameSession, hashSessionToken, playInTransaction, type PlayCall } from '../seamless-wallet/index.ts';
import { findGameSetting, type LotteryGameSetting } from './game-settings.ts';
import { lotteryOrderStatus, type LotteryOrderTable } from './lottery.tables.ts';
import { priceBets, type PricedBet } from './price-bets.ts';

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
export const lotteryBetTransactionId = (orderId: bigint) => `LOTTO-B-${orderId}`;

/** A sequence number as six base-36 characters (order and chase numbers: unique, short to read out). */
export const shortNumber = (id: bigint) => id.toString(36).toUpperCase().padStart(6, '0').slice(-6);

interface DrawRow {
  id: bigint;
  numero: string;
  locks_at: Date;
}

/**
 * POST /lgw/orders (README "Betting"): prices every bet on the server (`priceBets`), checks the client's
 * total against it, then in one transaction per placement: takes each draw bet on (a chase: the next
 * `phases` draws) still open and before its lock by the app's clock, under a share lock that holds off
 * the lock and the draw; adds the member's stake on each draw under its limit; adds each number's payout
 * to the book under its limit (or takes it at half odds, by the merchant's setting); writes the orders;
 * debits them through the seamless wallet. A refusal anywhere rolls back everything: no order without
 * its debit, no debit without its order.
 */
export async function placeLotteryOrders(
  db: Kysely<Database>,
  bettor: LotteryBettor,
  request: LotteryPlaceOrderRequest,
  nowMs: number,
): Promise<LotteryPlaceOrderResult> {
  const game = await db
    .selectFrom('lottery_game')
    .select(['id', 'code', 'family', 'enabled'])
    .where('id', '=', request.gameId)
    .executeTakeFirst();
  if (!game || !game.enabled) throw new AppError(409, lotteryErrorCodes.gameClosed, { field: 'gameId' });
  const setting = await findGameSetting(db, bettor.merchantId, game.id);
  if (!setting.enabled) throw new AppError(409, lotteryErrorCodes.gameClosed, { field: 'gameId' });

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
  if (perDraw > setting.max_member_draw_minor)
    throw new AppError(400, lotteryErrorCodes.amountOverLimits, {
      field: 'totalAmount',
      params: { field: 'totalAmount' },
    });

  const sessions = sessionCacheOf(db);
  const session = {
    key: sessionKey(bettor, game.code),
    created: null as { tokenHash: string; expiresAtMs: number } | null,
  };
  const result = await db.transaction().execute(async (trx) => {
    const draws = await takeDraws(trx, game.id, request.numero, phases, nowMs);
    let tokenHash = reusableSession(sessions, session.key, nowMs);
    if (tokenHash === null) {
      const { token, expiresAt } = await createGameSession(trx, {
        merchantId: bettor.merchantId,
        memberId: bettor.memberId,
        vendorCode: lotteryVendorCode,
        gameId: game.code,
        nowMs,
      });
      tokenHash = hashSessionToken(token);
      session.created = { tokenHash, expiresAtMs: expiresAt.getTime() };
    }
    const orderIds = await nextOrderIds(trx, priced.length * draws.length);
    const masterNo = shortNumber(orderIds[0]!);
    const chase = request.chase ? await createChase(trx, bettor, game.id, request.chase, nowMs) : null;

    const orders: LotteryPlaceOrderResult['orders'] = [];
    const rows: Insertable<LotteryOrderTable>[] = [];
    const calls: PlayCall[] = [];
    for (const draw of draws) {
      await addMemberStake(trx, bettor, draw.id, perDraw, setting);
      for (const bet of priced) {
        const orderId = orderIds[rows.length]!;
        const reducedNumbers = await addToBook(trx, bettor.merchantId, game.id, draw.id, bet, setting);
        const orderNo = `${masterNo}-${String(rows.length + 1).padStart(3, '0')}`;
        rows.push({
          id: orderId,
          merchant_id: bettor.merchantId,
          member_id: bettor.memberId,
          draw_id: draw.id,
          game_id: game.id,
          master_no: masterNo,
          order_no: orderNo,
          chase_id: chase?.id ?? null,
          play_id: bet.play.playId,
          play_code: bet.play.code,
          bet_content: bet.betContent,
          bet_num: bet.units,
          stake_per_unit_minor: bet.stakePerUnitMinor,
          multiple: bet.multiple,
          series: bet.series,
          bet_amount_minor: bet.costMinor,
          reduced_numbers: reducedNumbers,
          status: lotteryOrderStatus.waiting,
          session_token_hash: tokenHash,
          created_at: new Date(nowMs),
        });
        calls.push(betCall(bettor, game.code, draw.numero, orderId, bet.costMinor, tokenHash, nowMs));
        orders.push({
          orderId: orderId.toString(),
          orderNo,
          numero: draw.numero,
          playId: bet.play.playId,
          betNum: bet.units,
          betAmount: formatMinorUnits(bet.costMinor),
          reducedNumbers,
        });
      }
    }
    await trx.insertInto('lottery_order').values(rows).execute();

    const outcomes = await playInTransaction(trx, calls);
    let balance = 0n;
    for (const outcome of outcomes) {
      if (!outcome.ok) {
        if (outcome.refusal === 'INSUFFICIENT_FUNDS')
          throw new AppError(409, lotteryErrorCodes.balanceNotEnough, {
            field: 'totalAmount',
            params: { field: 'totalAmount' },
          });
        if (outcome.refusal === 'PLAYER_BLOCKED') throw new AppError(403, 'member.disabled');
        throw new Error(`lottery bet refused by the wallet: ${outcome.refusal}`);
      }
      balance = outcome.balance;
    }
    return {
      masterNo,
      chaseNo: chase?.chaseNo ?? null,
      orders,
      totalAmount: formatMinorUnits(total),
      balance: formatMinorUnits(balance),
    };
  });
  // Only a committed session is worth reusing: one made in a transaction that rolled back is gone.
  if (session.created) rememberSession(sessions, session.key, session.created);
  return result;
}

/**
 * The wallet session a member's bets on a game go through, kept by this process after it committed so
 * that the next placement does not write another (sessions are never deleted; a win ignores expiry, a
 * bet needs an unexpired one, so one is reused only while it has an hour left). Bounded: the oldest
 * entry goes first. Each API instance keeps its own, per database handle (tests run apps on several
 * databases in one process); a miss only costs one more session row.
 */
type SessionCache = Map<string, { tokenHash: string; expiresAtMs: number }>;
const sessionCaches = new WeakMap<Kysely<Database>, SessionCache>();
function sessionCacheOf(db: Kysely<Database>): SessionCache {
  let cache = sessionCaches.get(db);
  if (!cache) sessionCaches.set(db, (cache = new Map()));
  return cache;
}
const maxRememberedSessions = 50_000;
const sessionReuseMarginMs = 3_600_000;

const sessionKey = (bettor: LotteryBettor, gameCode: string) => `${bettor.merchantId}:${bettor.memberId}:${gameCode}`;

function reusableSession(sessions: SessionCache, key: string, nowMs: number): string | null {
  const known = sessions.get(key);
  return known && known.expiresAtMs - nowMs > sessionReuseMarginMs ? known.tokenHash : null;
}

function rememberSession(
  sessions: SessionCache,
  key: string,
  session: { tokenHash: string; expiresAtMs: number },
): void {
  sessions.delete(key);
  sessions.set(key, session);
  if (sessions.size > maxRememberedSessions) sessions.delete(sessions.keys().next().value!);
}

/**
 * The draws bet on: `numero` and, for a chase, the draws after it, each still open with its lock time
 * ahead of `nowMs`. Share-locked: the scheduler's lock and draw (UPDATEs of these rows) wait for this
 * transaction, so a bet taken here is never on a draw already locked or drawn.
 */
async function takeDraws(
  trx: Transaction<Database>,
  gameId: number,
  numero: string,
  phases: number,
  nowMs: number,
): Promise<DrawRow[]> {
  const first = await trx
    .selectFrom('lottery_draw')
    .select(['id', 'numero', 'locks_at', 'draws_at', 'status'])
    .where('game_id', '=', gameId)
    .where('numero', '=', numero)
    .forShare()
    .executeTakeFirst();
  if (!first || first.status !== 'open' || first.locks_at.getTime() <= nowMs)
    throw new AppError(409, lotteryErrorCodes.gameClosed, { field: 'numero', params: { field: 'numero' } });
  if (phases === 1) return [first];
  const draws = await trx
    .selectFrom('lottery_draw')
    .select(['id', 'numero', 'locks_at'])
    .where('game_id', '=', gameId)
    .where('draws_at', '>=', first.draws_at)
    .where('status', '=', 'open')
    .orderBy('draws_at')
    .limit(phases)
    .forShare()
    .execute();
  if (draws.length < phases)
    throw new AppError(400, lotteryErrorCodes.chaseTooLong, {
      field: 'chase.phases',
      params: { field: 'chase.phases', max: draws.length },
    });
  return draws;
}

async function nextOrderIds(trx: Transaction<Database>, count: number): Promise<bigint[]> {
  const { rows } = await sql<{ id: bigint }>`
    SELECT nextval(pg_get_serial_sequence('lottery_order', 'id')) AS id FROM generate_series(1, ${count})`.execute(trx);
  return rows.map((row) => BigInt(row.id));
}

async function createChase(
  trx: Transaction<Database>,
  bettor: LotteryBettor,
  gameId: number,
  chase: NonNullable<LotteryPlaceOrderRequest['chase']>,
  nowMs: number,
): Promise<{ id: bigint; chaseNo: string }> {
  const { rows } = await sql<{
    id: bigint;
  }>`SELECT nextval(pg_get_serial_sequence('lottery_chase', 'id')) AS id`.execute(trx);
  const id = BigInt(rows[0]!.id);
  const chaseNo = shortNumber(id);
  await trx
    .insertInto('lottery_chase')
    .values({
      id,
      merchant_id: bettor.merchantId,
      member_id: bettor.memberId,
      game_id: gameId,
      chase_no: chaseNo,
      total_phases: chase.phases,
      stop_on_win: chase.stopOnWin,
      status: 'running',
      created_at: new Date(nowMs),
    })
    .execute();
  return { id, chaseNo };
}

/** The member's stake on the draw, raised only while it stays within the merchant's limit (row lock: no race passes it). */
async function addMemberStake(
  trx: Transaction<Database>,
  bettor: LotteryBettor,
  drawId: bigint,
  amount: bigint,
  setting: LotteryGameSetting,
): Promise<void> {
  const raised = await trx
    .insertInto('lottery_member_draw')
    .values({ merchant_id: bettor.merchantId, member_id: bettor.memberId, draw_id: drawId, stake_minor: amount })
    .onConflict((oc) =>
      oc
        .columns(['draw_id', 'member_id'])
        .doUpdateSet({ stake_minor: sql`lottery_member_draw.stake_minor + excluded.stake_minor` })
        .where(
          sql<boolean>`lottery_member_draw.stake_minor + excluded.stake_minor <= ${setting.max_member_draw_minor}`,
        ),
    )
    .returning('stake_minor')
    .executeTakeFirst();
  if (!raised)
    throw new AppError(400, lotteryErrorCodes.amountOverLimits, {
      field: 'totalAmount',
      params: { field: 'totalAmount', max: formatMinorUnits(setting.max_member_draw_minor) },
    });
}

/**
 * Adds a number play's payouts to the merchant's book for the draw, number by number in ascending
 * order (every transaction locks the book's rows in the same order: no deadlock between two bets).
 * A closed number is refused; a number whose payout would pass its limit (the operator's rule for it,
 * else the game's) is refused, or in `reduce` mode taken at half odds and answered among the reduced
 * numbers. Other plays are not counted per number.
 */
async function addToBook(
  trx: Transaction<Database>,
  merchantId: number,
  gameId: number,
  drawId: bigint,
  bet: PricedBet,
  setting: LotteryGameSetting,
): Promise<string[]> {
  if (bet.numbers === null) return [];
  const numbers = [...bet.numbers].sort();
  const rules = await trx
    .selectFrom('lottery_number_rule')
    .select(['number', 'closed', 'max_payout_minor', 'draw_id'])
    .where('merchant_id', '=', merchantId)
    .where('game_id', '=', gameId)
    .where('play_code', '=', bet.play.code)
    .where('number', 'in', numbers)
    .where((eb) => eb.or([eb('draw_id', 'is', null), eb('draw_id', '=', drawId)]))
    .execute();
  // A rule for this draw wins over the game's rule for every draw.
  const ruleOf = new Map<string, (typeof rules)[number]>();
  for (const rule of rules) if (rule.draw_id !== null || !ruleOf.has(rule.number)) ruleOf.set(rule.number, rule);
  const reduced: string[] = [];
  for (const number of numbers) {
    const rule = ruleOf.get(number);
    if (rule?.closed) throw numberRefused(bet, number);
    const limit = rule?.max_payout_minor ?? setting.max_number_payout_minor;
    const added = await addExposure(trx, merchantId, drawId, bet, number, bet.payoutPerNumberMinor, limit);
    if (added) continue;
    if (setting.over_limit_mode === 'refuse') throw numberRefused(bet, number);
    await addExposure(trx, merchantId, drawId, bet, number, bet.payoutPerNumberMinor / 2n, null);
    reduced.push(number);
  }
  return reduced;
}

const numberRefused = (bet: PricedBet, number: string) =>
  new AppError(409, lotteryErrorCodes.numberOverLimits, {
    field: 'bets',
    params: { field: 'bets', number },
    value: { playCode: bet.play.code, number },
  });

async function addExposure(
  trx: Transaction<Database>,
  merchantId: number,
  drawId: bigint,
  bet: PricedBet,
  number: string,
  payout: bigint,
  limit: bigint | null,
): Promise<boolean> {
  if (limit !== null && payout > limit) return false;
  const stake = bet.costMinor / BigInt(bet.numbers!.length);
  const row = await trx
    .insertInto('lottery_exposure')
    .values({
      merchant_id: merchantId,
      draw_id: drawId,
      play_code: bet.play.code,
      number,
      stake_minor: stake,
      payout_minor: payout,
    })
    .onConflict((oc) => {
      const update = oc.columns(['merchant_id', 'draw_id', 'play_code', 'number']).doUpdateSet({
        stake_minor: sql`lottery_exposure.stake_minor + excluded.stake_minor`,
        payout_minor: sql`lottery_exposure.payout_minor + excluded.payout_minor`,
      });
      return limit === null
        ? update
        : update.where(sql<boolean>`lottery_exposure.payout_minor + excluded.payout_minor <= ${limit}`);
    })
    .returning('number')
    .executeTakeFirst();
  return row !== undefined;
}

function betCall(
  bettor: LotteryBettor,
  gameCode: string,
  numero: string,
  orderId: bigint,
  amount: bigint,
  tokenHash: string,
  nowMs: number,
): PlayCall {
  const roundId = lotteryRoundId(gameCode, numero);
  const transactionId = lotteryBetTransactionId(orderId);
  return {
    call: 'bet',
    vendor: lotteryVendorCode,
    merchants: [bettor.merchantId],
    tokenHash,
    playerId: bettor.memberId.toString(),
    gameId: gameCode,
    currency: bettor.currency,
    roundId,
    transactionId,
    amountMinor: amount.toString(),
    roundClosed: null,
    requestHash: requestHashOf(['bet', bettor.memberId.toString(), gameCode, roundId, amount.toString()]),
    fairness: null,
    countFairness: false,
    now: new Date(nowMs).toISOString(),
  };
}

/** What a wallet call asks, hashed: a repeat of its transaction id must ask exactly the same. */
export function requestHashOf(parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
