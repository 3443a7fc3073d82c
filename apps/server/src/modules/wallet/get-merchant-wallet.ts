import type { MerchantWallet } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** GET /wps/relay/GCS_merchantWallet: the wallet mode of each enabled vendor of the merchant. */
export async function getMerchantWallet(db: Kysely<Database>, merchantId: number): Promise<MerchantWallet> {
  const vendors = await db
    .selectFrom('game_vendor')
    .select(['id', 'vassalage', 'account_type_name', 'wallet_mode'])
    .where('merchant_id', '=', merchantId)
    .where('is_enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const list = vendors.map((vendor) => ({
    vassalage: vendor.vassalage,
    accountTypeId: vendor.id,
    accountTypeName: vendor.account_type_name,
    isSingle: vendor.wallet_mode === 'seamless',
  }));
  return { isSingle: list.every((vendor) => vendor.isSingle), vendors: list };
}
