import { registerFeatureCatalogue } from '../../lib/i18n';

/** The verify page's texts (locales/fair): they come with the /fair route's chunk only. */
const fairCatalogue = {
  TH: () => import('../../locales/fair/th.json'),
  EN: () => import('../../locales/fair/en.json'),
};

export const loadFairCatalogue = (): Promise<void> => registerFeatureCatalogue(fairCatalogue);
