import { registerFeatureCatalogue } from '../../lib/i18n';

/** The promotion pages' texts (locales/promotions), one loader object for the list and the detail. */
const promotionsCatalogue = {
  TH: () => import('../../locales/promotions/th.json'),
  EN: () => import('../../locales/promotions/en.json'),
};

export const loadPromotionsCatalogue = (): Promise<void> => registerFeatureCatalogue(promotionsCatalogue);
