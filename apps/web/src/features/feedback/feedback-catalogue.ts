import { registerFeatureCatalogue } from '../../lib/i18n';

/** The feedback page's texts (locales/feedback): they come with its chunk, never the home page's. */
const feedbackCatalogue = {
  TH: () => import('../../locales/feedback/th.json'),
  EN: () => import('../../locales/feedback/en.json'),
};

export const loadFeedbackCatalogue = (): Promise<void> => registerFeatureCatalogue(feedbackCatalogue);
