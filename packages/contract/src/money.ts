import { z } from 'zod';
import { moneySchema } from './envelope.ts';

/* ------------------------------------------------------------------------------------------------
 * Money on the wire (ARCHITECTURE.md "Money"): decimal strings with two places, integers of minor
 * units (bigint) everywhere else. These helpers are the only conversions, shared by server and site.
 * ---------------------------------------------------------------------------------------------- */

/** Minor units to `"1234.50"` (negative as `"-0.05"`). */
export function formatMinorUnits(minor: bigint): string {
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const whole = absolute / 100n;
  const cents = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${cents}`;
}

/** The largest amount a member may type: 13 digits before the point. */
const amountPattern = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * A typed amount (`"100"`, `"100.5"`, `"100.50"`) to minor units, or null when it is not a plain
 * positive-or-zero decimal with at most two places (no sign, exponent, spaces or thousands separators).
 */
export function parseAmount(text: string): bigint | null {
  const match = amountPattern.exec(text);
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** A request's amount: a decimal string with at most two places, more than zero. */
export const amountInputSchema = z
  .string()
  .max(32)
  .refine((text) => {
    const minor = parseAmount(text);
    return minor !== null && minor > 0n;
  }, 'must be a positive amount with at most two decimal places');

/** One wallet of GET /wps/v2/wallets/balance (protocol notes: `accountTypeId`, `availBalance`). */
export const walletSchema = z.object({
  /** 0 the main wallet; a transfer-mode vendor's sub-wallet carries that vendor's account type id. */
  accountTypeId: z.number().int(),
  accountTypeName: z.string(),
  availBalance: moneySchema,
  currency: z.string(),
  currencySymbol: z.string(),
});
export type Wallet = z.infer<typeof walletSchema>;

/** GET /wps/v2/wallets/balance (token). */
export const walletBalanceSchema = z.object({
  /** What the member can play with: the main wallet plus every vendor sub-wallet. */
  sumBalance: moneySchema,
  currency: z.string(),
  currencySymbol: z.string(),
  balance: z.array(walletSchema),
  /** Withdrawals in review: no longer available, not yet paid. */
  heldBalance: moneySchema,
  /** Bonus money, kept apart from cash until its turnover is met. */
  bonusBalance: moneySchema,
  /** A trial account (isAgent 4): the balances are play money, never cash. */
  isTrial: z.boolean(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/**
 * GET /wps/relay/GCS_merchantWallet (token): how the merchant's vendors keep the member's money
 * (protocol notes: `isSingle`). A seamless vendor plays from the main wallet; a transfer-mode vendor
 * has its own sub-wallet, filled and emptied with GCS_walletTransfer.
 */
export const merchantWalletSchema = z.object({
  /** True when every enabled vendor is seamless: one wallet for everything. */
  isSingle: z.boolean(),
  vendors: z.array(
    z.object({
      vassalage: z.string(),
      /** The sub-wallet's accountTypeId in GET /wps/v2/wallets/balance. */
      accountTypeId: z.number().int(),
      accountTypeName: z.string(),
      isSingle: z.boolean(),
    }),
  ),
});
export type MerchantWallet = z.infer<typeof merchantWalletSchema>;
