import type { MerchantWallet } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { listEnabledVendorWallets } from '../games/index.ts';

/** GET /wps/relay/GCS_merchantWallet: the wallet mode of each enabled vendor of the merchant. */
export async function getMerchantWallet(db: Kysely<Database>, merchantId: number): Promise<MerchantWallet> {
  const list = (await listEnabledVendorWallets(db, merchantId)).map((vendor) => ({
    vassalage: vendor.vassalage,
    accountTypeId: vendor.accountTypeId,
    accountTypeName: vendor.accountTypeName,
    isSingle: vendor.walletMode === 'seamless',
  }));
  return { isSingle: list.every((vendor) => vendor.isSingle), vendors: list };
}
