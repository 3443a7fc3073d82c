import type { IncomingHttpHeaders } from 'node:http';
import type { DepositMethodCode, DepositsConfig } from '@lotus/contract';

/**
 * A payment gateway as the deposit module sees it. Every gateway (the bundled DEMOPAY, a real one
 * later) plugs in through this interface; the module never knows more about a gateway than this.
 */
export interface PaymentGateway {
  readonly code: DepositMethodCode;
  /**
   * Opens a payment for a deposit and answers where the member pays. Must be idempotent by
   * `merchantReference` (a retry after a crash asks again and must get the same payment).
   */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Checks a callback's authenticity from its raw bytes (before anything in it is believed) and
   * reads it. Pure: the caller journals the outcome and applies it.
   */
  verifyCallback(input: VerifyCallbackInput): CallbackVerification;
  /** Asks the gateway what became of a payment (for deposits whose callback never came). */
  queryStatus(input: { merchant: GatewayMerchant; paymentId: string }): Promise<GatewayPaymentStatus>;
}

/** What a gateway needs to know of the merchant. */
export interface GatewayMerchant {
  id: number;
  code: string;
  deposits: DepositsConfig;
}

export interface CreatePaymentInput {
  merchant: GatewayMerchant;
  /** Our reference of the payment: the deposit id. */
  merchantReference: string;
  amountMinor: bigint;
  currency: string;
  /** Our route the gateway must call back (`/payment-callback/<gateway>/<merchant>`). */
  callbackPath: string;
  /** The origin the member reached us on, for a pay page we serve ourselves. */
  origin: string;
  nowMs: number;
}

export interface CreatedPayment {
  paymentId: string;
  payUrl: string;
}

export interface VerifyCallbackInput {
  merchant: GatewayMerchant;
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  nowMs: number;
}

export interface VerifiedCallback {
  paymentId: string;
  merchantReference: string;
  amountMinor: bigint;
  currency: string;
  status: 'paid' | 'failed';
}

export type CallbackVerification =
  | { ok: true; callback: VerifiedCallback }
  /** `signature`: missing or wrong; `stale`: signed but too old (a replay); `malformed`: signed but unreadable. */
  | { ok: false; reason: 'signature' | 'stale' | 'malformed' };

export type GatewayPaymentStatus = 'pending' | 'paid' | 'failed' | 'unknown';

/** The gateways this server runs, by channel code. */
export type PaymentGateways = ReadonlyMap<DepositMethodCode, PaymentGateway>;

/** Our callback route for a gateway and merchant. */
export function callbackPathOf(gatewayCode: DepositMethodCode, merchantCode: string): string {
  return `/payment-callback/${gatewayCode}/${encodeURIComponent(merchantCode)}`;
}
