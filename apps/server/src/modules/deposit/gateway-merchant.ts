import type { MerchantContext } from '../merchant/index.ts';

/** What a payment gateway needs of the merchant: who it is and its deposit channels' settings. */
export function gatewayMerchantOf(merchant: MerchantContext) {
  return { id: merchant.id, code: merchant.code, deposits: merchant.config.deposits };
}
