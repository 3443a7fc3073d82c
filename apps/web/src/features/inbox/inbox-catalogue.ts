import { registerFeatureCatalogue } from '../../lib/i18n';

/** The inbox page's texts (locales/inbox): they come with its chunk, never the home page's. */
const inboxCatalogue = {
  TH: () => import('../../locales/inbox/th.json'),
  EN: () => import('../../locales/inbox/en.json'),
};

export const loadInboxCatalogue = (): Promise<void> => registerFeatureCatalogue(inboxCatalogue);
