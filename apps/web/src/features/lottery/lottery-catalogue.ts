import { registerFeatureCatalogue } from '../../lib/i18n';

/** The lottery pages' texts (locales/lottery): they come with the /lottery route's chunk only. */
const lotteryCatalogue = {
  TH: () => import('../../locales/lottery/th.json'),
  EN: () => import('../../locales/lottery/en.json'),
};

export const loadLotteryCatalogue = (): Promise<void> => registerFeatureCatalogue(lotteryCatalogue);
