import { createHmac, randomBytes } from 'node:crypto';
import { formatMinorUnits, type DemoPayCallback } from '@lotus/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { findMerchant } from '../../merchant/index.ts';
import type { DemoPayPaymentTable } from '../deposit.tables.ts';

/**
 * DEMOPAY, the bundled demo payment gateway. It plays the part of an outside company: it keeps its
 * own book of payments (`demopay_payment`), shows the member a pay page, and tells the merchant the
 * outcome only through an HMAC-signed HTTP callback to the merchant's callback route, exactly as a
 * real gateway would; the deposit module reaches it only through its adapter (gateways/demopay.ts).
 * It credits money out of thin air, so the server never runs it with NODE_ENV=production.
 */

export type DemoPayPayment = Selectable<DemoPayPaymentTable>;

/** The header of the callback's signature: hex HMAC-SHA256 of the raw body with the merchant's DEMOPAY secret. */
export const demoPaySignatureHeader = 'x-demopay-signature';

export function signDemoPayBody(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export interface DemoPayGatewayOptions {
  db: Kysely<Database>;
  now: () => number;
  /** Where this server listens (`http://127.0.0.1:8080`), for the callback; null while it does not listen. */
  callbackOrigin: () => string | null;
  /** Attempts at delivering one callback before giving up (the merchant can still query the status). */
  deliveryAttempts?: number;
  retryDelayMs?: number;
}

export type PayOutcome =
  | { kind: 'done'; payment: DemoPayPayment; callbackDelivered: boolean }
  | { kind: 'unknown' }
  /** Already paid or failed the other way: a payment's result never changes. */
  | { kind: 'closed'; payment: DemoPayPayment };

export class DemoPayGateway {
  constructor(private readonly options: DemoPayGatewayOptions) {}

  /** Opens a payment, or finds the one already opened for this merchant reference (a retry). */
  async open(input: {
    merchantId: number;
    merchantReference: string;
    amountMinor: bigint;
    currency: string;
    callbackPath: string;
  }): Promise<DemoPayPayment> {
    const { db } = this.options;
    await db
      .insertInto('demopay_payment')
      .values({
        id: randomBytes(16).toString('hex'),
        merchant_id: input.merchantId,
        merchant_reference: input.merchantReference,
        amount: input.amountMinor,
        currency: input.currency,
        callback_path: input.callbackPath,
        status: 'pending',
        created_at: new Date(this.options.now()),
        completed_at: null,
      })
      .onConflict((oc) => oc.constraint('demopay_payment_reference_key').doNothing())
      .execute();
    return db
      .selectFrom('demopay_payment')
      .selectAll()
      .where('merchant_id', '=', input.merchantId)
      .where('merchant_reference', '=', input.merchantReference)
      .executeTakeFirstOrThrow();
  }

  async find(paymentId: string): Promise<DemoPayPayment | null> {
    if (!/^[0-9a-f]{32}$/.test(paymentId)) return null;
    return (
      (await this.options.db
        .selectFrom('demopay_payment')
        .selectAll()
        .where('id', '=', paymentId)
        .executeTakeFirst()) ?? null
    );
  }

  async status(merchantId: number, paymentId: string): Promise<DemoPayPayment['status'] | 'unknown'> {
    const payment = await this.find(paymentId);
    return payment && payment.merchant_id === merchantId ? payment.status : 'unknown';
  }

  /**
   * What the Pay (`success`) or Fail (`fail`) button does: closes the payment once (a conditional
   * update decides between racing clicks), then calls the merchant back. The same button again
   * only sends the callback again (harmless: callbacks are idempotent); the other button is refused.
   */
  async pay(paymentId: string, result: 'success' | 'fail'): Promise<PayOutcome> {
    const status = result === 'success' ? 'paid' : 'failed';
    const existing = await this.find(paymentId);
    if (!existing) return { kind: 'unknown' };
    const closed = await this.options.db
      .updateTable('demopay_payment')
      .set({ status, completed_at: new Date(this.options.now()) })
      .where('id', '=', paymentId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    const payment = closed ?? (await this.find(paymentId))!;
    if (payment.status !== status) return { kind: 'closed', payment };
    return { kind: 'done', payment, callbackDelivered: await this.deliver(payment) };
  }

  /** Posts the signed callback to the merchant; true once the merchant answered 2xx. */
  private async deliver(payment: DemoPayPayment): Promise<boolean> {
    const origin = this.options.callbackOrigin();
    const secret = await this.secretOf(payment.merchant_id);
    if (origin === null || secret === null || payment.status === 'pending') return false;
    const attempts = this.options.deliveryAttempts ?? 3;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      // Signed afresh each time: the merchant refuses callbacks sent more than 10 minutes ago.
      const callback: DemoPayCallback = {
        paymentId: payment.id,
        merchantReference: payment.merchant_reference,
        amount: formatMinorUnits(payment.amount),
        currency: payment.currency,
        status: payment.status,
        sentAt: this.options.now(),
      };
      const body = JSON.stringify(callback);
      try {
        const response = await fetch(`${origin}${payment.callback_path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [demoPaySignatureHeader]: signDemoPayBody(secret, body) },
          body,
          signal: AbortSignal.timeout(5000),
        });
        await response.arrayBuffer();
        if (response.ok) return true;
        // A 4xx will not get better by repeating it.
        if (response.status < 500) return false;
      } catch {
        // Network trouble: try again.
      }
      if (attempt < attempts)
        await new Promise((resolve) => setTimeout(resolve, (this.options.retryDelayMs ?? 200) * attempt));
    }
    return false;
  }

  /** The merchant's DEMOPAY secret: the key both sides hold (a real gateway keeps it in its merchant portal). */
  private async secretOf(merchantId: number): Promise<string | null> {
    const merchant = await findMerchant(this.options.db, { id: merchantId });
    return merchant?.config.deposits.channels.DEMOPAY.secret ?? null;
  }
}
