import { registerFeatureCatalogue } from '../../lib/i18n';

/** The wallet page's texts (locales/wallet): they come with its chunk, never the home page's. */
const walletCatalogue = {
  TH: () => import('../../locales/wallet/th.json'),
  EN: () => import('../../locales/wallet/en.json'),
};

export const loadWalletCatalogue = (): Promise<void> => registerFeatureCatalogue(walletCatalogue);
