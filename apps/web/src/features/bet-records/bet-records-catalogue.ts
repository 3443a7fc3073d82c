import { registerFeatureCatalogue } from '../../lib/i18n';

/**
 * The betting record's texts (locales/bet-records), also drawn by the profit page's games part:
 * one loader object, so they register and load once, with the pages' chunks only.
 */
const betRecordsCatalogue = {
  TH: () => import('../../locales/bet-records/th.json'),
  EN: () => import('../../locales/bet-records/en.json'),
};

export const loadBetRecordsCatalogue = (): Promise<void> => registerFeatureCatalogue(betRecordsCatalogue);
