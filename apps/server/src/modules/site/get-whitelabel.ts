import { copyrightRange, type Whitelabel } from '@lotus/contract';
import { countVisiblePromotions } from './list-announcements.ts';
import type { PublicReadContext } from '../../cache/public-read.ts';
import { listCustomerService, listPartners, listSiteResources } from './site-directory.ts';

const bangkokOffsetMs = 7 * 3_600_000;

/** The years the footer's copyright covers (`copyrightRange`), the current year read in Bangkok. */
export function copyrightYears(startYear: number | null, nowMs: number): string {
  return copyrightRange(startYear, new Date(nowMs + bangkokOffsetMs).getUTCFullYear());
}

/** GET /wps/system/whitelabel ("menu"): the merchant's brand, switches and the lists the layout draws. */
export async function getWhitelabel(context: PublicReadContext, nowMs: number): Promise<Whitelabel> {
  const { merchant, language } = context;
  const { config } = merchant;
  const [customerService, resources, partners, promotionCount] = await Promise.all([
    listCustomerService(context),
    listSiteResources(context),
    listPartners(context),
    countVisiblePromotions(context, nowMs),
  ]);
  const years = copyrightYears(config.brand.copyrightStartYear, nowMs);
  return {
    merchantCode: merchant.code,
    platform: config.platform,
    lotteryType: config.lotteryType,
    device: config.device,
    defaultLanguage: merchant.defaultLanguage,
    languages: config.languages,
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    brand: {
      name: config.brand.name,
      logoUrl: config.brand.logoUrl,
      faviconUrl: config.brand.faviconUrl,
      colors: config.brand.colors,
      footerDescription: config.brand.footerDescription[language],
      copyright:
        language === 'TH'
          ? `© ${years} ${config.brand.name} สงวนลิขสิทธิ์`
          : `© ${years} ${config.brand.name}. All rights reserved.`,
      copyrightStartYear: config.brand.copyrightStartYear,
    },
    switches: config.switches,
    loginedToHomePage: config.loginedToHomePage,
    esportsVendors: config.esportsVendors,
    cockfightVendors: config.cockfightVendors,
    customerService,
    resources,
    partners,
    promotionCount,
  };
}
