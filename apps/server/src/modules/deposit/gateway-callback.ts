import {
  depositErrorCodes,
  depositMethodCodeSchema,
  errorCodes,
  type DepositStatus,
  type GatewayCallbackResult,
} from '@lotus/contract';
import type { IncomingHttpHeaders } from 'node:http';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findMerchant } from '../merchant/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { DepositRow } from './deposit-view.ts';
import type { GatewayCallbackOutcome } from './deposit.tables.ts';
import type { PaymentGateways, VerifiedCallback } from './gateways/payment-gateway.ts';
import { gatewayMerchantOf } from './gateway-merchant.ts';
import { approveLockedDeposit, gatewayFailedReason, lockDeposit, rejectLockedDeposit } from './settle-deposit.ts';

/** The journal keeps this much of a body: enough to investigate, bounded against floods. */
const journalBodyLimit = 4096;

export interface CallbackInput {
  gatewayCode: string;
  merchantCode: string;
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  remoteIp: string;
  nowMs: number;
}

interface JournalEntry {
  merchantId: number | null;
  gatewayCode: string;
  paymentId: string | null;
  depositId: bigint | null;
  outcome: GatewayCallbackOutcome;
  statusAfter: DepositStatus | null;
}

async function journal(
  db: Kysely<Database> | Transaction<Database>,
  input: CallbackInput,
  entry: JournalEntry,
): Promise<void> {
  const signature = input.headers['x-demopay-signature'] ?? input.headers['x-signature'];
  await db
    .insertInto('deposit_gateway_callback')
    .values({
      merchant_id: entry.merchantId,
      gateway_code: entry.gatewayCode.slice(0, 32),
      payment_id: entry.paymentId?.slice(0, 64) ?? null,
      deposit_id: entry.depositId,
      body: input.rawBody.subarray(0, journalBodyLimit).toString('utf8'),
      signature: typeof signature === 'string' ? signature.slice(0, 200) : null,
      remote_ip: input.remoteIp,
      outcome: entry.outcome,
      status_after: entry.statusAfter,
      received_at: new Date(input.nowMs),
    })
    .execute();
}

/**
 * What a verified callback does to its deposit (locked), by the deposit's status now:
 *
 * | callback | pending | approved | rejected (gateway failure) | expired |
 * |---|---|---|---|---|
 * | paid | approve (credit) | nothing (replay) | approve: the later truth is that the money came | approve: late payment, the money came |
 * | failed | reject `gateway.failed` | nothing (ignored: money never leaves by a callback) | nothing (replay) | nothing (stays expired) |
 *
 * So success twice credits once, a failure after a success is ignored, and order does not matter.
 */
async function apply(
  trx: Transaction<Database>,
  deposit: DepositRow,
  callback: VerifiedCallback,
  nowMs: number,
): Promise<{ deposit: DepositRow; outcome: GatewayCallbackOutcome }> {
  if (callback.status === 'paid') {
    if (deposit.status === 'approved') return { deposit, outcome: 'replayed' };
    return { deposit: await approveLockedDeposit(trx, deposit, nowMs, null), outcome: 'applied' };
  }
  if (deposit.status === 'pending')
    return { deposit: await rejectLockedDeposit(trx, deposit, nowMs, gatewayFailedReason, null), outcome: 'applied' };
  if (deposit.status === 'rejected') return { deposit, outcome: 'replayed' };
  return { deposit, outcome: 'ignored' };
}

/**
 * POST /payment-callback/:gatewayCode/:merchantCode. The signature is checked on the raw bytes
 * before anything in the body is believed; every callback, refused or not, is journaled. A verified
 * callback is applied under the deposit's row lock, so parallel copies queue and see each other's
 * effect; the answer is the deposit's state after it, the same for every replay.
 */
export async function handleGatewayCallback(
  db: Kysely<Database>,
  gateways: PaymentGateways,
  input: CallbackInput,
): Promise<GatewayCallbackResult> {
  const code = depositMethodCodeSchema.safeParse(input.gatewayCode);
  const gateway = code.success ? gateways.get(code.data) : undefined;
  const merchant = await findMerchant(db, { code: input.merchantCode });
  const base = {
    merchantId: merchant?.id ?? null,
    gatewayCode: input.gatewayCode,
    paymentId: null,
    depositId: null,
    statusAfter: null,
  };
  if (!gateway || !merchant || merchant.status !== 'active') {
    await journal(db, input, { ...base, outcome: 'refused.unknown' });
    throw AppError.notFound();
  }

  const verification = gateway.verifyCallback({
    merchant: gatewayMerchantOf(merchant),
    rawBody: input.rawBody,
    headers: input.headers,
    nowMs: input.nowMs,
  });
  if (!verification.ok) {
    await journal(db, input, { ...base, outcome: `refused.${verification.reason}` });
    if (verification.reason === 'malformed') throw new AppError(400, errorCodes.malformedBody);
    throw new AppError(401, depositErrorCodes.callbackSignatureInvalid);
  }
  const { callback } = verification;
  const depositId = /^[1-9]\d{0,15}$/.test(callback.merchantReference) ? BigInt(callback.merchantReference) : null;

  const result = await db.transaction().execute(async (trx) => {
    const deposit = depositId === null ? null : await lockDeposit(trx, merchant.id, depositId);
    const entry = { ...base, paymentId: callback.paymentId, depositId: deposit?.id ?? null };
    if (
      !deposit ||
      deposit.method_code !== gateway.code ||
      (deposit.gateway_payment_id !== null && deposit.gateway_payment_id !== callback.paymentId)
    ) {
      return { refused: 'refused.unknown' as const, entry };
    }
    if (deposit.amount !== callback.amountMinor || deposit.currency !== callback.currency) {
      return { refused: 'refused.mismatch' as const, entry };
    }
    if (deposit.gateway_payment_id === null) {
      // A crash between opening the payment and storing its id: the signed callback tells it.
      await trx
        .updateTable('deposit')
        .set({ gateway_payment_id: callback.paymentId })
        .where('id', '=', deposit.id)
        .execute();
    }
    const applied = await apply(trx, deposit, callback, input.nowMs);
    await journal(trx, input, { ...entry, outcome: applied.outcome, statusAfter: applied.deposit.status });
    return { refused: null, deposit: applied.deposit };
  });
  if (result.refused !== null) {
    // Journaled outside the (rolled back) transaction: a refusal must leave its trace.
    await journal(db, input, { ...result.entry, outcome: result.refused });
    if (result.refused === 'refused.unknown') throw new AppError(404, depositErrorCodes.callbackUnknownPayment);
    throw new AppError(409, depositErrorCodes.callbackMismatch);
  }
  return { depositId: Number(result.deposit!.id), status: result.deposit!.status };
}
