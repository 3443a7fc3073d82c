import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  formatMinorUnits,
  parseAmount,
  trialMemberType,
  vendorWalletErrorCodes as codes,
  vendorWalletRequestSchema,
  type VendorWalletAnswer,
  type VendorWalletCall,
  type VendorWalletErrorCode,
  type VendorWalletRequest,
} from '@lotus/contract';
import type { Database } from '../../db/schema.ts';
import { recordRollback, type BetRecordWrite } from '../bet-records/index.ts';
import { memberStatusOf, memberTypeOf } from '../identity/index.ts';
import { merchantCurrencyOf } from '../merchant/index.ts';
import {
  LedgerError,
  listPostingTransfers,
  memberBalance,
  postTransfers,
  type MemberAccountRef,
  type PostingResult,
} from '../ledger/index.ts';
import { hashSessionToken } from './game-sessions.ts';
import { playBatcherFor } from './play-batcher.ts';
import type { SealingKey } from './secret-sealing.ts';
import { houseVendorCode, signedMerchants } from './signature.ts';
import type { StoredAnswer } from './seamless-wallet.tables.ts';

/** A request whose timestamp is further than this from the server's clock is refused (STALE_REQUEST). */
export const maxClockSkewMs = 5 * 60_000;

const statusOf: Record<VendorWalletErrorCode, number> = {
  INSUFFICIENT_FUNDS: 409,
  INVALID_SIGNATURE: 401,
  STALE_REQUEST: 400,
  SESSION_EXPIRED: 401,
  DUPLICATE_TRANSACTION_DIFFERENT_DATA: 409,
  TRANSACTION_NOT_FOUND: 404,
  ROUND_CLOSED: 409,
  PLAYER_BLOCKED: 403,
  INVALID_SESSION: 401,
  TRANSACTION_CANCELLED: 409,
  INVALID_AMOUNT: 400,
  INVALID_CURRENCY: 400,
  INVALID_REQUEST: 400,
};

/** A refusal of the protocol; the route answers it in the envelope with its errorCode. */
export class VendorWalletError extends Error {
  readonly statusCode: number;
  constructor(
    readonly errorCode: VendorWalletErrorCode,
    readonly value: VendorWalletAnswer | null = null,
  ) {
    super(errorCode);
    this.name = 'VendorWalletError';
    this.statusCode = statusOf[errorCode];
  }
}

interface CallContext {
  merchantId: number;
  currency: string;
  memberId: bigint;
  account: MemberAccountRef;
  vendorCode: string;
  source: string;
  request: VendorWalletRequest;
  /** The request's decimal `amount` in minor units. */
  amountMinor: bigint;
  nowMs: number;
}

type Trx = Transaction<Database>;

export interface VendorCallInput {
  vendorCode: string;
  call: VendorWalletCall;
  rawBody: string;
  signature: string | undefined;
  houseSecret: string | undefined;
  /** Opens the vendors' stored secrets (`vendorSecretKeyOf(config)`). */
  sealingKey: SealingKey;
  nowMs: number;
}

/**
 * One vendor call, from the raw body to the answer's value. Order of checks: signature, body,
 * timestamp, session (owner, vendor, game, currency), then for balance and bet the member's status
 * and the session's expiry, then the amount; then the call itself, idempotent by (vendor, transactionId).
 */
export async function handleVendorCall(db: Kysely<Database>, input: VendorCallInput): Promise<VendorWalletAnswer> {
  const { vendorCode, call, rawBody, nowMs } = input;
  const merchants =
    input.signature === undefined
      ? new Set<number>()
      : await signedMerchants(
          db,
          { vendorCode, houseSecret: input.houseSecret, sealingKey: input.sealingKey, nowMs },
          rawBody,
          input.signature,
        );
  if (merchants !== 'any' && merchants.size === 0) throw new VendorWalletError(codes.invalidSignature);

  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new VendorWalletError(codes.invalidRequest);
  }
  const parsed = vendorWalletRequestSchema.safeParse(json);
  if (!parsed.success) throw new VendorWalletError(codes.invalidRequest);
  const request = parsed.data;
  // PostgreSQL's text and jsonb cannot hold NUL (the call would fail in the database); no field of
  // the protocol has a use for one. JSON.stringify writes it as the escape \u0000, nested fields too.
  if (JSON.stringify(request).includes('\\u0000')) throw new VendorWalletError(codes.invalidRequest);
  if (Math.abs(request.timestamp - nowMs) > maxClockSkewMs) throw new VendorWalletError(codes.staleRequest);
  if (call === 'bet' || call === 'win') return play(db, { vendorCode, call, merchants, request, nowMs });

  // The member's and the merchant's columns come from their modules' fragments: still one statement.
  const session = await db
    .selectFrom('vendor_game_session as s')
    .select([
      's.merchant_id',
      's.member_id',
      's.vendor_code',
      's.game_id',
      's.expires_at',
      memberStatusOf(sql.ref('s.member_id')).as('status'),
      memberTypeOf(sql.ref('s.member_id')).as('is_agent'),
      merchantCurrencyOf(sql.ref('s.merchant_id')).as('currency'),
    ])
    .where('s.token_hash', '=', hashSessionToken(request.sessionToken))
    .executeTakeFirst();
  const playerId = session ? session.member_id.toString() : '';
  if (
    !session ||
    session.vendor_code !== vendorCode ||
    (merchants !== 'any' && !merchants.has(session.merchant_id)) ||
    session.game_id !== request.gameId ||
    ((call !== 'balance' || request.playerId !== '') && request.playerId !== playerId)
  ) {
    throw new VendorWalletError(codes.invalidSession);
  }
  if (request.currency !== session.currency) throw new VendorWalletError(codes.invalidCurrency);
  if (call === 'balance') {
    if (session.status !== 'active') throw new VendorWalletError(codes.playerBlocked);
    if (session.expires_at.getTime() <= nowMs) throw new VendorWalletError(codes.sessionExpired);
  }
  const amountMinor = parseAmount(request.amount);
  if (amountMinor === null) throw new VendorWalletError(codes.invalidAmount);

  const context: CallContext = {
    merchantId: session.merchant_id,
    currency: session.currency,
    memberId: session.member_id,
    account: {
      kind: session.is_agent === trialMemberType ? 'member_trial' : 'member_main',
      memberId: session.member_id,
    },
    vendorCode,
    source: `vendor:${vendorCode}`,
    request,
    amountMinor,
    nowMs,
  };
  if (call === 'balance') {
    const balance = await playableBalance(db, context);
    return {
      balance: formatMinorUnits(balance),
      currency: context.currency,
      transactionId: request.transactionId,
      playerId,
    };
  }
  return recordCall(db, context, call);
}

/** SHA-256 of what a call asks: a repeat of its transaction id must ask exactly the same. */
function hashCall(
  call: VendorWalletCall,
  memberId: string,
  request: VendorWalletRequest,
  amountMinor: bigint | null,
): string {
  const canonical = JSON.stringify([
    call,
    memberId,
    request.gameId,
    request.roundId,
    String(amountMinor),
    request.referenceTransactionId ?? null,
    request.roundClosed ?? false,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * A bet or a win: the whole call is one run of `vendor_wallet_play` (db/functions/vendor_wallet_play.sql), which checks the
 * session, records the transaction once, moves the money, and writes the round and the bet record.
 * Calls that arrive together share one statement and one commit (play-batcher.ts); each still gets
 * its own answer, and a refusal undoes only its own call.
 */
async function play(
  db: Kysely<Database>,
  input: {
    vendorCode: string;
    call: 'bet' | 'win';
    merchants: Set<number> | 'any';
    request: VendorWalletRequest;
    nowMs: number;
  },
): Promise<VendorWalletAnswer> {
  const { vendorCode, call, request } = input;
  const amountMinor = parseAmount(request.amount);
  const answer = { currency: request.currency, transactionId: request.transactionId };
  const outcome = await playBatcherFor(db).play({
    call,
    vendor: vendorCode,
    merchants: input.merchants === 'any' ? null : [...input.merchants],
    tokenHash: hashSessionToken(request.sessionToken),
    playerId: request.playerId,
    gameId: request.gameId,
    currency: request.currency,
    roundId: request.roundId,
    transactionId: request.transactionId,
    amountMinor: amountMinor === null ? null : amountMinor.toString(),
    roundClosed: request.roundClosed ?? null,
    requestHash: hashCall(call, request.playerId, request, amountMinor),
    fairness: request.roundDetails ?? null,
    countFairness: vendorCode === houseVendorCode,
    now: new Date(input.nowMs).toISOString(),
  });
  if (outcome.ok) return { balance: formatMinorUnits(outcome.balance), ...answer };
  throw new VendorWalletError(
    outcome.refusal,
    outcome.refusal === codes.insufficientFunds
      ? { balance: formatMinorUnits(BigInt(outcome.detail ?? '0')), ...answer }
      : null,
  );
}

/**
 * What a vendor sees: the member's cash plus bonus (a bet spends cash first, then bonus: modules/bonus
 * README); a trial member's trial wallet alone.
 */
async function playableBalance(db: Kysely<Database> | Trx, context: CallContext): Promise<bigint> {
  const read = (kind: 'member_bonus' | MemberAccountRef['kind']) =>
    memberBalance(db as Kysely<Database>, context.merchantId, context.currency, { ...context.account, kind });
  if (context.account.kind !== 'member_main') return read(context.account.kind);
  const [cash, bonus] = await Promise.all([read('member_main'), read('member_bonus')]);
  return cash + bonus;
}

async function currentAnswer(
  db: Kysely<Database> | Trx,
  context: CallContext,
  stored: StoredAnswer,
): Promise<VendorWalletAnswer> {
  const balance = await playableBalance(db, context);
  return { balance: formatMinorUnits(balance), currency: stored.currency, transactionId: stored.transactionId };
}

async function recordCall(db: Kysely<Database>, context: CallContext, call: 'rollback'): Promise<VendorWalletAnswer> {
  const answer: StoredAnswer = { currency: context.currency, transactionId: context.request.transactionId };
  try {
    return await db.transaction().execute((trx) => recordRollbackIn(trx, context, call));
  } catch (error) {
    if (error instanceof LedgerError && error.code === 'ledger.insufficient.funds') {
      const available = BigInt(error.details.available ?? 0);
      throw new VendorWalletError(codes.insufficientFunds, { balance: formatMinorUnits(available), ...answer });
    }
    if (error instanceof LedgerError && error.code === 'ledger.idempotency.conflict')
      throw new VendorWalletError(codes.duplicateDifferentData);
    throw error;
  }
}

/** A rollback inside the caller's transaction: recorded once by its transaction id, then the money back. */
async function recordRollbackIn(trx: Trx, context: CallContext, call: 'rollback'): Promise<VendorWalletAnswer> {
  const { request } = context;
  const requestHash = hashCall(call, context.memberId.toString(), request, context.amountMinor);
  const answer: StoredAnswer = { currency: context.currency, transactionId: request.transactionId };
  // The unique key makes a parallel copy wait here until the first commits or rolls back.
  const inserted = await trx
    .insertInto('vendor_transaction')
    .values({
      merchant_id: context.merchantId,
      vendor_code: context.vendorCode,
      transaction_id: request.transactionId,
      kind: call,
      member_id: context.memberId,
      round_id: request.roundId,
      amount: context.amountMinor,
      reference_transaction_id: request.referenceTransactionId ?? null,
      status: 'done',
      request_hash: requestHash,
      answer: JSON.stringify(answer),
      posting_id: null,
      created_at: new Date(context.nowMs),
    })
    .onConflict((oc) => oc.constraint('vendor_transaction_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return replay(trx, context, call, requestHash);

  const posting = await rollback(trx, context);
  if (posting) {
    await trx
      .updateTable('vendor_transaction')
      .set({ posting_id: posting.postingId })
      .where('id', '=', inserted.id)
      .execute();
    const after = posting.transfers[0]!.creditBalanceAfter;
    if (!posting.replayed && after !== null && context.account.kind !== 'member_main')
      return { balance: formatMinorUnits(after), ...answer };
  }
  return currentAnswer(trx, context, answer);
}

/** A bet of an in-house vendor to give back (modules/lottery's cancellations and refunds). */
export interface InHouseRollback {
  merchantId: number;
  currency: string;
  memberId: bigint;
  vendorCode: string;
  gameId: string;
  roundId: string;
  /** The rollback's own id (idempotency: a second call with it changes nothing). */
  transactionId: string;
  /** The bet's transaction id. */
  betTransactionId: string;
  nowMs: number;
}

/**
 * An in-house vendor's rollback of one of its bets, inside the caller's transaction, so that the
 * vendor's own rows (an order marked cancelled) and the money back commit together. The same rules
 * as a vendor's rollback call: once per transaction id, the bonus part back to bonus, the bet record
 * reduced. Refusals throw VendorWalletError (a round already won cannot be rolled back).
 */
export async function rollbackInHouseBet(trx: Trx, input: InHouseRollback): Promise<VendorWalletAnswer> {
  const { rows } = await sql<{ is_agent: number }>`SELECT ${memberTypeOf(sql.val(input.memberId))} AS is_agent`.execute(
    trx,
  );
  const isTrial = rows[0]?.is_agent === trialMemberType;
  const request: VendorWalletRequest = {
    requestId: input.transactionId,
    timestamp: input.nowMs,
    sessionToken: 'in-house',
    playerId: input.memberId.toString(),
    currency: input.currency,
    gameId: input.gameId,
    roundId: input.roundId,
    transactionId: input.transactionId,
    amount: '0.00',
    referenceTransactionId: input.betTransactionId,
  };
  return recordRollbackIn(
    trx,
    {
      merchantId: input.merchantId,
      currency: input.currency,
      memberId: input.memberId,
      account: { kind: isTrial ? 'member_trial' : 'member_main', memberId: input.memberId },
      vendorCode: input.vendorCode,
      source: `vendor:${input.vendorCode}`,
      request,
      amountMinor: 0n,
      nowMs: input.nowMs,
    },
    'rollback',
  );
}

/** A transaction id seen before: the first answer with the current balance, or a refusal. */
async function replay(
  trx: Trx,
  context: CallContext,
  call: VendorWalletCall,
  requestHash: string,
): Promise<VendorWalletAnswer> {
  const existing = await trx
    .selectFrom('vendor_transaction')
    .select(['kind', 'status', 'request_hash', 'answer'])
    .where('merchant_id', '=', context.merchantId)
    .where('vendor_code', '=', context.vendorCode)
    .where('transaction_id', '=', context.request.transactionId)
    .executeTakeFirstOrThrow();
  if (existing.status === 'cancelled') {
    throw new VendorWalletError(call === 'bet' ? codes.transactionCancelled : codes.duplicateDifferentData);
  }
  if (existing.kind !== call || existing.request_hash !== requestHash || existing.answer === null)
    throw new VendorWalletError(codes.duplicateDifferentData);
  return currentAnswer(trx, context, existing.answer);
}

/**
 * The member's bet record of a round, written after the round row is locked (README: lock order).
 * Only the house vendor's round details are kept: no other vendor's are verifiable by the member.
 */
function recordWrite(context: CallContext, roundId: string, amountMinor: bigint): BetRecordWrite {
  return {
    merchantId: context.merchantId,
    vendorCode: context.vendorCode,
    roundId,
    memberId: context.memberId,
    amountMinor,
    fairness: context.vendorCode === houseVendorCode ? (context.request.roundDetails ?? null) : null,
    countsTurnover: context.account.kind !== 'member_trial',
    nowMs: context.nowMs,
  };
}

const houseOf = (context: CallContext) => ({ kind: 'house_game' as const, subKey: context.vendorCode });

function post(
  trx: Trx,
  context: CallContext,
  kind: 'bet' | 'win' | 'rollback',
  toMember: boolean,
  amountMinor: bigint,
  bonusMinor = 0n,
): Promise<PostingResult> {
  const house = houseOf(context);
  const reference = `${context.vendorCode}:${context.request.roundId}`;
  const bonus: MemberAccountRef = { kind: 'member_bonus', memberId: context.memberId };
  return postTransfers(trx, {
    merchantId: context.merchantId,
    currency: context.currency,
    idempotency: { source: context.source, key: context.request.transactionId },
    transfers: [
      ...(amountMinor > bonusMinor
        ? [
            {
              debit: toMember ? house : context.account,
              credit: toMember ? context.account : house,
              amount: amountMinor - bonusMinor,
              kind: `vendor.${kind}`,
              reference,
            },
          ]
        : []),
      // A rollback's bonus part (bonusRefundMinor) goes back to the bonus wallet.
      ...(bonusMinor > 0n
        ? [{ debit: house, credit: bonus, amount: bonusMinor, kind: `vendor.${kind}`, reference }]
        : []),
    ],
    nowMs: context.nowMs,
  });
}

/**
 * What of a bet's stake a rollback gives back to bonus (modules/bonus README "The spending rule"):
 * the bet's posting's member_bonus part, as far as the member's active grants take it back
 * (`bonus_refund`, db/functions, which raises their `remaining`); the rest goes back to cash.
 */
async function bonusRefundMinor(trx: Trx, context: CallContext, postingId: bigint | null): Promise<bigint> {
  if (postingId === null || context.account.kind !== 'member_main') return 0n;
  const parts = await listPostingTransfers(trx as unknown as Kysely<Database>, context.merchantId, [postingId]);
  const fromBonus = parts
    .filter((part) => part.fromAccount === 'member_bonus')
    .reduce((sum, part) => sum + part.amountMinor, 0n);
  if (fromBonus === 0n) return 0n;
  const { rows } = await sql<{ placed: string }>`
    SELECT bonus_refund(${context.memberId}, ${context.currency}, ${fromBonus}) AS placed`.execute(trx);
  return BigInt(rows[0]!.placed);
}

/** The round's row, locked (opened first by a bet). */
async function lockRound(trx: Trx, context: CallContext, roundId: string) {
  return trx
    .selectFrom('vendor_round')
    .select(['status', 'has_win'])
    .where('merchant_id', '=', context.merchantId)
    .where('vendor_code', '=', context.vendorCode)
    .where('round_id', '=', roundId)
    .where('member_id', '=', context.memberId)
    .forUpdate()
    .executeTakeFirst();
}

async function rollback(trx: Trx, context: CallContext): Promise<PostingResult | null> {
  const referenceId = context.request.referenceTransactionId;
  if (referenceId === undefined) throw new VendorWalletError(codes.invalidRequest);
  const findBet = () =>
    trx
      .selectFrom('vendor_transaction')
      .select(['id', 'kind', 'status', 'member_id', 'round_id', 'amount', 'posting_id'])
      .where('merchant_id', '=', context.merchantId)
      .where('vendor_code', '=', context.vendorCode)
      .where('transaction_id', '=', referenceId)
      .forUpdate()
      .executeTakeFirst();
  let target = await findBet();
  if (!target) {
    // The bet has not arrived: a tombstone under its id, so the late bet is refused.
    const tombstone = await trx
      .insertInto('vendor_transaction')
      .values({
        merchant_id: context.merchantId,
        vendor_code: context.vendorCode,
        transaction_id: referenceId,
        kind: 'bet',
        member_id: context.memberId,
        round_id: context.request.roundId,
        amount: context.amountMinor,
        reference_transaction_id: null,
        status: 'cancelled',
        request_hash: null,
        answer: null,
        posting_id: null,
        created_at: new Date(context.nowMs),
      })
      .onConflict((oc) => oc.constraint('vendor_transaction_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (tombstone) return null;
    target = await findBet(); // the bet committed meanwhile
    if (!target) throw new VendorWalletError(codes.transactionNotFound);
  }
  if (target.kind !== 'bet') throw new VendorWalletError(codes.transactionNotFound);
  if (target.member_id !== context.memberId) throw new VendorWalletError(codes.invalidSession);
  if (target.status !== 'done') return null; // already rolled back or cancelled: nothing more to move
  const round = await lockRound(trx, context, target.round_id);
  if (round?.has_win) throw new VendorWalletError(codes.roundClosed);
  const posting = await post(
    trx,
    context,
    'rollback',
    true,
    target.amount,
    await bonusRefundMinor(trx, context, target.posting_id),
  );
  await trx.updateTable('vendor_transaction').set({ status: 'rolled_back' }).where('id', '=', target.id).execute();
  await recordRollback(trx, recordWrite(context, target.round_id, target.amount));
  return posting;
}
