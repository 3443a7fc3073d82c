import { registerFeatureCatalogue } from '../../lib/i18n';

/** The rebate page's texts (locales/rebates): they come with its chunk, never the home page's. */
const rebatesCatalogue = {
  TH: () => import('../../locales/rebates/th.json'),
  EN: () => import('../../locales/rebates/en.json'),
};

export const loadRebatesCatalogue = (): Promise<void> => registerFeatureCatalogue(rebatesCatalogue);
