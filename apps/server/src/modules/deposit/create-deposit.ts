import {
  depositErrorCodes,
  formatMinorUnits,
  parseAmount,
  type CreateDepositRequest,
  type Deposit,
} from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthenticatedMember } from '../identity/index.ts';
import { maxTransferAmount } from '../ledger/index.ts';
import type { MerchantContext } from '../merchant/index.ts';
import { feeOf, findOpenChannel, type Channel } from './channels.ts';
import { listQuestions } from './deposit-questions.ts';
import { toDepositView, type DepositRow } from './deposit-view.ts';
import { callbackPathOf, type PaymentGateways } from './gateways/payment-gateway.ts';
import { gatewayMerchantOf } from './gateway-merchant.ts';
import { limitPeriods, limitsAt, lockMemberState, periodMs, sumDeposits } from './member-state.ts';
import { promptPayPayload } from './promptpay.ts';
import { claimableProofId } from './proofs.ts';

const dayMs = 24 * 60 * 60 * 1000;

export interface CreateDepositDeps {
  db: Kysely<Database>;
  appConfig: Pick<AppConfig, 'NODE_ENV'>;
  gateways: PaymentGateways;
  nowMs: number;
}

/** `1234567.5` → `1,234,567.50`: amounts in messages read like the site shows them (spec §9). */
export function displayAmount(minor: bigint): string {
  const [whole, cents] = formatMinorUnits(minor).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

function amountError(
  messageKey: string,
  params: Record<string, string | number>,
  errorCode: string = depositErrorCodes.amountInvalid,
): AppError {
  return new AppError(400, errorCode, { field: 'amount', messageKey, params: { field: 'amount', ...params } });
}

/** The amount in minor units, or a 400 naming `amount` with the channel's range in the message. */
function parseDepositAmount(text: string, channel: Channel, currency: string): bigint {
  const minor = parseAmount(text.trim());
  if (
    minor === null ||
    minor <= 0n ||
    minor > maxTransferAmount ||
    minor < channel.minMinor ||
    minor > channel.maxMinor
  ) {
    throw amountError('deposit.amount.invalid', {
      min: displayAmount(channel.minMinor),
      max: displayAmount(channel.maxMinor),
      currency,
    });
  }
  return minor;
}

interface BankDetails {
  bankAccountId: string;
  bankCode: string;
  accountName: string;
  accountNumber: string;
  transferReference: string;
  proofId: bigint;
}

/** BANK's extra fields, checked before anything is written: the account paid into, the reference, the member's own unused proof. */
async function checkBankDetails(
  db: Kysely<Database>,
  merchant: MerchantContext,
  member: AuthenticatedMember,
  request: CreateDepositRequest,
): Promise<BankDetails> {
  if (request.bankAccountId === undefined) throw AppError.badRequest('bankAccountId', 'validation.required');
  const account = merchant.config.deposits.channels.BANK.accounts.find(
    (candidate) => candidate.id === request.bankAccountId && candidate.enabled,
  );
  if (!account) throw new AppError(400, depositErrorCodes.bankAccountUnknown, { field: 'bankAccountId' });
  if (request.transferReference === undefined) throw AppError.badRequest('transferReference', 'validation.required');
  if (request.proofId === undefined) throw AppError.badRequest('proofId', 'validation.required');
  const proofId = await claimableProofId(db, merchant.id, member.id, request.proofId);
  return {
    bankAccountId: account.id,
    bankCode: account.bankCode,
    accountName: account.accountName,
    accountNumber: account.accountNumber,
    transferReference: request.transferReference,
    proofId,
  };
}

/**
 * Under the member's lock: the channel's rolling-24-hour count and amount, and the member's own
 * limits (24 hours, 7 days, 30 days), counting pending and approved deposits. Each refusal names
 * `amount` and says the limit and what is left.
 */
async function checkLimits(
  trx: Transaction<Database>,
  merchant: MerchantContext,
  member: AuthenticatedMember,
  channel: Channel,
  amountMinor: bigint,
  nowMs: number,
): Promise<void> {
  const currency = merchant.currency;
  const state = await lockMemberState(trx, merchant.id, member.id, nowMs);
  const today = await sumDeposits(trx, member.id, nowMs - dayMs, channel.code);
  if (today.count >= channel.dailyCountLimit) {
    throw amountError(
      'deposit.daily.count.exceeded',
      { limit: channel.dailyCountLimit },
      depositErrorCodes.dailyCountExceeded,
    );
  }
  if (today.amountMinor + amountMinor > channel.dailyAmountMinor) {
    const left = channel.dailyAmountMinor > today.amountMinor ? channel.dailyAmountMinor - today.amountMinor : 0n;
    throw amountError(
      'deposit.daily.amount.exceeded',
      { limit: displayAmount(channel.dailyAmountMinor), left: displayAmount(left), currency },
      depositErrorCodes.dailyAmountExceeded,
    );
  }
  const limits = limitsAt(state, nowMs);
  for (const period of limitPeriods) {
    const limitMinor = limits[period].limitMinor;
    if (limitMinor === null) continue;
    const used = await sumDeposits(trx, member.id, nowMs - periodMs[period]);
    if (used.amountMinor + amountMinor > limitMinor) {
      const left = limitMinor > used.amountMinor ? limitMinor - used.amountMinor : 0n;
      throw amountError(
        `deposit.member.limit.exceeded.${period}`,
        { limit: displayAmount(limitMinor), left: displayAmount(left), currency },
        depositErrorCodes.memberLimitExceeded,
      );
    }
  }
}

async function findByKey(
  db: Kysely<Database>,
  merchantId: number,
  memberId: bigint,
  key: string,
): Promise<DepositRow | null> {
  return (
    (await db
      .selectFrom('deposit')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst()) ?? null
  );
}

/**
 * POST MCSFE_createDepositTask. Everything the member sent is checked before anything is written;
 * the limits are checked and the deposit inserted under the member's lock, in one transaction. A
 * gateway payment is opened after that commit (never hold a transaction open across someone else's
 * API): if the gateway fails, the answer is 502 and a retry with the same Idempotency-Key finds the
 * deposit (unique per member and key) and only opens the payment.
 */
export async function createDeposit(
  deps: CreateDepositDeps,
  merchant: MerchantContext,
  member: AuthenticatedMember,
  request: CreateDepositRequest,
  idempotencyKey: string,
  origin: string,
): Promise<Deposit> {
  const { db, nowMs } = deps;
  let deposit = await findByKey(db, merchant.id, member.id, idempotencyKey);
  if (!deposit) {
    const channel = findOpenChannel(merchant, deps.appConfig, request.methodCode);
    if (!channel) throw new AppError(400, depositErrorCodes.methodUnavailable, { field: 'methodCode' });
    const amountMinor = parseDepositAmount(request.amount, channel, merchant.currency);
    const feeMinor = feeOf(channel, amountMinor);
    if (feeMinor >= amountMinor) {
      throw amountError(
        'deposit.amount.below.fee',
        { fee: displayAmount(feeMinor), currency: merchant.currency },
        depositErrorCodes.amountBelowFee,
      );
    }
    const bank = channel.code === 'BANK' ? await checkBankDetails(db, merchant, member, request) : null;
    const promptPay = channel.code === 'PROMPTPAY' ? merchant.config.deposits.channels.PROMPTPAY : null;

    deposit = await db.transaction().execute(async (trx) => {
      await checkLimits(trx, merchant, member, channel, amountMinor, nowMs);
      const inserted = await trx
        .insertInto('deposit')
        .values({
          merchant_id: merchant.id,
          member_id: member.id,
          method_code: channel.code,
          status: 'pending',
          currency: merchant.currency,
          amount: amountMinor,
          fee_amount: feeMinor,
          idempotency_key: idempotencyKey,
          bank_account_id: bank?.bankAccountId ?? null,
          bank_code: bank?.bankCode ?? null,
          bank_account_name: bank?.accountName ?? null,
          bank_account_number: bank?.accountNumber ?? null,
          transfer_reference: bank?.transferReference ?? null,
          proof_id: bank?.proofId ?? null,
          promptpay_payload: promptPay ? promptPayPayload(promptPay.promptPayId!, amountMinor) : null,
          promptpay_target: promptPay?.promptPayId ?? null,
          promptpay_account_name: promptPay?.accountName ?? null,
          gateway_payment_id: null,
          pay_url: null,
          created_at: new Date(nowMs),
          expires_at: new Date(nowMs + merchant.config.deposits.pendingMinutes * 60_000),
          settled_at: null,
          posting_id: null,
          reject_reason: null,
          reviewed_by_operator_id: null,
          reviewed_by_username: null,
          review_remark: null,
          // A bank transfer is made with its slip: the member says it is paid, so it waits for review, never expires.
          paid_at: bank ? new Date(nowMs) : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          // Another deposit took the same proof a moment ago (its unique index), or the clean-up job
          // deleted it as unused meanwhile (its foreign key): either way the proof cannot be used.
          const { code, constraint } = error as { code?: string; constraint?: string };
          if (
            (code === '23505' && constraint === 'deposit_proof_id_key') ||
            (code === '23503' && constraint?.includes('proof') === true)
          ) {
            throw new AppError(400, depositErrorCodes.proofUnknown, { field: 'proofId' });
          }
          throw error;
        });
      return inserted;
    });
  }

  const gateway = deps.gateways.get(deposit.method_code);
  if (gateway && deposit.status === 'pending' && deposit.gateway_payment_id === null) {
    let created;
    try {
      created = await gateway.createPayment({
        merchant: gatewayMerchantOf(merchant),
        merchantReference: String(deposit.id),
        amountMinor: deposit.amount,
        currency: deposit.currency,
        callbackPath: callbackPathOf(deposit.method_code, merchant.code),
        origin,
        nowMs,
      });
    } catch {
      throw new AppError(502, depositErrorCodes.gatewayUnavailable);
    }
    deposit =
      (await db
        .updateTable('deposit')
        .set({ gateway_payment_id: created.paymentId, pay_url: created.payUrl })
        .where('id', '=', deposit.id)
        .where('gateway_payment_id', 'is', null)
        .returningAll()
        .executeTakeFirst()) ??
      (await db.selectFrom('deposit').selectAll().where('id', '=', deposit.id).executeTakeFirstOrThrow());
  }
  // A replayed create (same key) may find a deposit the member has since asked about.
  return toDepositView(deposit, (await listQuestions(db, [deposit.id])).get(deposit.id) ?? []);
}
