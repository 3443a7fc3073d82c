import { registerFeatureCatalogue } from '../../lib/i18n';

/** The bonus details page's texts (locales/bonus): they come with its chunk, never the home page's. */
const bonusCatalogue = {
  TH: () => import('../../locales/bonus/th.json'),
  EN: () => import('../../locales/bonus/en.json'),
};

export const loadBonusCatalogue = (): Promise<void> => registerFeatureCatalogue(bonusCatalogue);
