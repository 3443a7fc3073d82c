import { registerFeatureCatalogue } from '../../lib/i18n';

/** The chat panel's texts (locales/chat): they come with its chunk, never the home page's. */
const chatCatalogue = {
  TH: () => import('../../locales/chat/th.json'),
  EN: () => import('../../locales/chat/en.json'),
};

export const loadChatCatalogue = (): Promise<void> => registerFeatureCatalogue(chatCatalogue);
