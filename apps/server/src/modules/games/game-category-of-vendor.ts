import type { GameCategory } from '@lotus/contract';
import type { MerchantConfig } from '../merchant/index.ts';

/**
 * The navigation category a vendor shows under. Sports vendors are split by the merchant's lists
 * into ESPORTS and COCKFIGHT (spec §3), so an operator moves a vendor by editing a list rather
 * than the catalogue; lottery vendors show under the one lottery page, /elott (spec §2).
 */
export function gameCategoryOfVendor(
  vendor: { vassalage: string; gameCategory: GameCategory },
  config: Pick<MerchantConfig, 'esportsVendors' | 'cockfightVendors'>,
): GameCategory {
  if (vendor.gameCategory === 'LOTT') return 'ELOTT';
  if (vendor.gameCategory !== 'SPORTS') return vendor.gameCategory;
  if (config.esportsVendors.includes(vendor.vassalage)) return 'ESPORTS';
  if (config.cockfightVendors.includes(vendor.vassalage)) return 'COCKFIGHT';
  return 'SPORTS';
}
