import {
  formatMinorUnits,
  parseAmount,
  withdrawalErrorCodes,
  type Withdrawal,
  type WithdrawRequest,
  type WithdrawSettings,
} from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { getPaymentDetails } from '../identity/index.ts';
import { LedgerError, memberBalance, postTransfers } from '../ledger/index.ts';
import type { MerchantContext } from '../merchant/index.ts';
import { findMemberBankAccount } from './bank-accounts.ts';
import { checkSecret, lockMember, requireText, secretCheckError, type MemberScope } from './payment-password.ts';
import {
  readTurnover,
  syncTurnover,
  type BonusTurnoverGate,
  type TurnoverExclusion,
  type TurnoverScope,
} from './turnover.ts';
import { toWithdrawal, withdrawalColumns } from './withdrawal-view.ts';

/** The daily count is over a rolling 24 hours, as the deposit limits are: no time zone to agree on. */
export const dailyWindowMs = 24 * 60 * 60_000;

export interface WithdrawContext {
  db: Kysely<Database>;
  merchant: Pick<MerchantContext, 'id' | 'config' | 'currency' | 'currencySymbol'>;
  scope: MemberScope;
  language: 'TH' | 'EN';
  /** The games' per-vendor turnover exclusion (modules/routes.ts); left out, every bet counts. */
  turnoverExclusion?: TurnoverExclusion;
  /** The bonus turnover gate (modules/routes.ts); left out, no bonus blocks a withdrawal. */
  bonusGate?: BonusTurnoverGate;
}

function turnoverScope(context: WithdrawContext): TurnoverScope {
  const { merchant, scope } = context;
  return {
    merchantId: merchant.id,
    memberId: scope.memberId,
    currency: merchant.currency,
    multiplier: merchant.config.withdrawals.turnoverMultiplier,
    nowMs: scope.nowMs,
    ...(context.turnoverExclusion ? { exclusion: context.turnoverExclusion } : {}),
  };
}

/** Withdrawals of the member asked in the last 24 hours that still count (a rejected one gave its place back). */
async function countRecentWithdrawals(
  db: Kysely<Database> | Transaction<Database>,
  scope: MemberScope,
): Promise<number> {
  const row = await db
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('member_id', '=', scope.memberId)
    .where('merchant_id', '=', scope.merchantId)
    .where('created_at', '>', new Date(scope.nowMs - dailyWindowMs))
    .where('status', '<>', 'rejected')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** GET /wps/relay/MCSFE_getWithdrawSettings */
export async function getWithdrawSettings(context: WithdrawContext): Promise<WithdrawSettings> {
  const { db, merchant, scope } = context;
  const settings = merchant.config.withdrawals;
  const [member, accounts, used, balance, turnover] = await Promise.all([
    getPaymentDetails(db, scope),
    db
      .selectFrom('member_bank_account')
      .select('id')
      .where('member_id', '=', scope.memberId)
      .where('merchant_id', '=', scope.merchantId)
      .where('removed_at', 'is', null)
      .limit(1)
      .execute(),
    countRecentWithdrawals(db, scope),
    memberBalance(db, merchant.id, merchant.currency, { kind: 'member_main', memberId: scope.memberId }),
    readTurnover(db, turnoverScope(context)),
  ]);
  return {
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    minAmount: formatMinorUnits(parseAmount(settings.minAmount)!),
    maxAmount: formatMinorUnits(parseAmount(settings.maxAmount)!),
    feeAmount: formatMinorUnits(parseAmount(settings.feeAmount)!),
    dailyCountLimit: settings.dailyCountLimit,
    dailyCountUsed: used,
    availableBalance: formatMinorUnits(balance),
    turnover: {
      requiredAmount: formatMinorUnits(turnover.requiredMinor),
      wageredAmount: formatMinorUnits(turnover.wageredMinor),
      remainingAmount: formatMinorUnits(turnover.remainingMinor),
      isMet: turnover.remainingMinor === 0n,
    },
    hasPaymentPassword: member.hasPaymentPassword,
    hasBankAccount: accounts.length > 0,
    confirmMinutes: settings.confirmMinutes,
  };
}

/** The ledger key of a member's withdrawal request: the member's Idempotency-Key, scoped to the member. */
export function holdIdempotencyKey(memberId: bigint, idempotencyKey: string): string {
  return `member:${memberId}:withdraw:${idempotencyKey}`;
}

type Outcome =
  | { kind: 'done'; row: Awaited<ReturnType<typeof findByKey>> & object }
  | { kind: 'unknownAccount' }
  | { kind: 'dailyCount' }
  | { kind: 'turnover'; remainingMinor: bigint }
  | { kind: 'bonusTurnover'; remainingMinor: bigint }
  | Exclude<Awaited<ReturnType<typeof checkSecret>>, { kind: 'ok' }>;

function findByKey(db: Kysely<Database> | Transaction<Database>, scope: MemberScope, idempotencyKey: string) {
  return db
    .selectFrom('withdrawal')
    .select(withdrawalColumns)
    .where('merchant_id', '=', scope.merchantId)
    .where('member_id', '=', scope.memberId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/**
 * POST /wps/v2/transaction/withdraw. The amount against the merchant's min and max first (nothing
 * read, nothing counted); then, under the member's lock: the bank account is the member's own, the
 * payment password (a wrong one is counted and committed), the daily count, the turnover; then the
 * hold (main wallet → held) and the request row in the same transaction. The ledger's conditional
 * update refuses an amount above the balance, so parallel requests can never overdraw.
 *
 * Idempotent twice over: the idempotency layer replays a finished request, and a rerun after a
 * crash finds the row (unique per member and key) instead of holding again.
 */
export async function requestWithdrawal(
  context: WithdrawContext,
  idempotencyKey: string,
  request: WithdrawRequest,
): Promise<Withdrawal> {
  const { db, merchant, scope } = context;
  const settings = merchant.config.withdrawals;
  // The schema let only a positive decimal with at most two places through.
  const amount = parseAmount(request.amount)!;
  const minAmount = parseAmount(settings.minAmount)!;
  const maxAmount = parseAmount(settings.maxAmount)!;
  const fee = parseAmount(settings.feeAmount)!;
  if (amount < minAmount)
    throw new AppError(400, withdrawalErrorCodes.amountBelowMin, {
      field: 'amount',
      params: { min: formatMinorUnits(minAmount) },
    });
  if (amount > maxAmount)
    throw new AppError(400, withdrawalErrorCodes.amountAboveMax, {
      field: 'amount',
      params: { max: formatMinorUnits(maxAmount) },
    });
  requireText(request.paymentPassword, 'paymentPassword');

  const earlier = await findByKey(db, scope, idempotencyKey);
  if (earlier) return toWithdrawal(earlier, context.language);

  let outcome: Outcome;
  try {
    outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
      const member = await lockMember(trx, scope);
      const account = await findMemberBankAccount(trx, scope, request.bankAccountId);
      if (!account) return { kind: 'unknownAccount' };
      const check = await checkSecret(
        trx,
        scope,
        member.paymentPasswordHash,
        request.paymentPassword,
        'paymentPassword',
      );
      if (check.kind !== 'ok') return check;
      if ((await countRecentWithdrawals(trx, scope)) >= settings.dailyCountLimit) return { kind: 'dailyCount' };
      const turnover = await syncTurnover(trx, turnoverScope(context));
      if (turnover.remainingMinor > 0n) return { kind: 'turnover', remainingMinor: turnover.remainingMinor };
      if (context.bonusGate) {
        const gate = await context.bonusGate(trx, scope);
        if (gate.blocked) return { kind: 'bonusTurnover', remainingMinor: gate.remainingMinor };
      }

      // The id first, so that the hold's reference names the withdrawal it belongs to.
      const { rows } = await sql<{
        id: bigint;
      }>`SELECT nextval(pg_get_serial_sequence('withdrawal', 'id')) AS id`.execute(trx);
      const withdrawalId = rows[0]!.id;
      const posting = await postTransfers(trx, {
        merchantId: merchant.id,
        currency: merchant.currency,
        idempotency: { source: 'member-api', key: holdIdempotencyKey(scope.memberId, idempotencyKey) },
        transfers: [
          {
            debit: { kind: 'member_main', memberId: scope.memberId },
            credit: { kind: 'member_held', memberId: scope.memberId },
            amount,
            kind: 'withdrawal.hold',
            reference: `withdrawal:${withdrawalId}`,
          },
        ],
        nowMs: scope.nowMs,
      });
      const row = await trx
        .insertInto('withdrawal')
        .values({
          id: withdrawalId,
          merchant_id: merchant.id,
          member_id: scope.memberId,
          bank_account_id: account.id,
          currency: merchant.currency,
          amount,
          fee,
          status: 'pending',
          bank_code: account.bank_code,
          account_number: account.account_number,
          account_name: account.account_name,
          idempotency_key: idempotencyKey,
          hold_posting_id: posting.postingId,
          payout_posting_id: null,
          release_posting_id: null,
          created_at: new Date(scope.nowMs),
          reviewed_at: null,
          reviewed_by: null,
          reject_reason: null,
          confirm_deadline: null,
          received_at: null,
          received_by: null,
          received_by_operator: null,
          received_remark: null,
          not_received_at: null,
          not_received_remark: null,
        })
        .returning(withdrawalColumns)
        .executeTakeFirstOrThrow();
      return { kind: 'done', row };
    });
  } catch (error) {
    if (error instanceof LedgerError && error.code === 'ledger.insufficient.funds') {
      const available = typeof error.details.available === 'bigint' ? error.details.available : 0n;
      throw new AppError(400, withdrawalErrorCodes.balanceNotEnough, {
        field: 'amount',
        params: { available: formatMinorUnits(available) },
        value: { availableBalance: formatMinorUnits(available) },
      });
    }
    throw error;
  }

  switch (outcome.kind) {
    case 'done':
      return toWithdrawal(outcome.row, context.language);
    case 'unknownAccount':
      throw new AppError(400, withdrawalErrorCodes.bankAccountUnknown, { field: 'bankAccountId' });
    case 'dailyCount':
      throw new AppError(400, withdrawalErrorCodes.dailyCountExceeded, { params: { limit: settings.dailyCountLimit } });
    case 'turnover': {
      const remaining = formatMinorUnits(outcome.remainingMinor);
      throw new AppError(400, withdrawalErrorCodes.turnoverNotEnough, {
        params: { remaining },
        value: { remainingTurnover: remaining },
      });
    }
    case 'bonusTurnover': {
      const remaining = formatMinorUnits(outcome.remainingMinor);
      throw new AppError(400, withdrawalErrorCodes.promotionTurnoverNotEnough, {
        params: { remaining },
        value: { remainingTurnover: remaining },
      });
    }
    default:
      throw secretCheckError(outcome);
  }
}
