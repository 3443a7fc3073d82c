import { timingSafeEqual } from 'node:crypto';
import { demoPayCallbackSchema, depositPath, depositPaths, parseAmount } from '@lotus/contract';
import { demoPaySignatureHeader, signDemoPayBody, type DemoPayGateway } from '../demopay/demopay-gateway.ts';
import type { CallbackVerification, PaymentGateway } from './payment-gateway.ts';

/** A callback signed longer ago than this is refused as a replay, however good its signature. */
export const callbackMaxAgeMs = 10 * 60 * 1000;

/**
 * The adapter between the deposit module and DEMOPAY: what a real gateway's adapter would do over
 * its API (open a payment, check a callback's signature, ask a payment's status), here against the
 * bundled gateway.
 */
export function createDemoPayAdapter(gateway: DemoPayGateway): PaymentGateway {
  return {
    code: 'DEMOPAY',

    async createPayment(input) {
      const payment = await gateway.open({
        merchantId: input.merchant.id,
        merchantReference: input.merchantReference,
        amountMinor: input.amountMinor,
        currency: input.currency,
        callbackPath: input.callbackPath,
      });
      return {
        paymentId: payment.id,
        payUrl: `${input.origin}${depositPath(depositPaths.demoPayPage, { paymentId: payment.id })}`,
      };
    },

    verifyCallback({ merchant, rawBody, headers, nowMs }): CallbackVerification {
      const secret = merchant.deposits.channels.DEMOPAY.secret;
      const header = headers[demoPaySignatureHeader];
      if (secret === null || typeof header !== 'string' || !/^[0-9a-f]{64}$/i.test(header))
        return { ok: false, reason: 'signature' };
      const expected = Buffer.from(signDemoPayBody(secret, rawBody), 'hex');
      // Constant time: the comparison must not tell an attacker how many leading bytes were right.
      if (!timingSafeEqual(expected, Buffer.from(header.toLowerCase(), 'hex')))
        return { ok: false, reason: 'signature' };
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const parsed = demoPayCallbackSchema.safeParse(json);
      if (!parsed.success) return { ok: false, reason: 'malformed' };
      const callback = parsed.data;
      if (Math.abs(nowMs - callback.sentAt) > callbackMaxAgeMs) return { ok: false, reason: 'stale' };
      const amountMinor = parseAmount(callback.amount);
      if (amountMinor === null) return { ok: false, reason: 'malformed' };
      return {
        ok: true,
        callback: {
          paymentId: callback.paymentId,
          merchantReference: callback.merchantReference,
          amountMinor,
          currency: callback.currency,
          status: callback.status,
        },
      };
    },

    async queryStatus({ merchant, paymentId }) {
      return gateway.status(merchant.id, paymentId);
    },
  };
}
