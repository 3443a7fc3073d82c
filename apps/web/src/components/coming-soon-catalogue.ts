import { registerFeatureCatalogue } from '../lib/i18n';

/**
 * The "coming soon" texts (locales/coming-soon): the coming-soon pages and the logged-in strip's
 * notices for what is not there yet. One loader object, so they register and load once.
 */
const comingSoonCatalogue = {
  TH: () => import('../locales/coming-soon/th.json'),
  EN: () => import('../locales/coming-soon/en.json'),
};

export const loadComingSoonCatalogue = (): Promise<void> => registerFeatureCatalogue(comingSoonCatalogue);
