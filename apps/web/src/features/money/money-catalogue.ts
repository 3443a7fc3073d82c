import { registerFeatureCatalogue } from '../../lib/i18n';

/** The money pages' texts (locales/money): they come with the pages' chunk, never the home page's. */
const moneyCatalogue = {
  TH: () => import('../../locales/money/th.json'),
  EN: () => import('../../locales/money/en.json'),
};

export const loadMoneyCatalogue = (): Promise<void> => registerFeatureCatalogue(moneyCatalogue);
