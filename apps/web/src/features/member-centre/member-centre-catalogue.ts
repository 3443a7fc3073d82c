import { registerFeatureCatalogue } from '../../lib/i18n';

/**
 * The member centre's texts (locales/member-centre), one loader object for every chunk that needs
 * them (the panel, the last-login notice), so they register and load once.
 */
const memberCentreCatalogue = {
  TH: () => import('../../locales/member-centre/th.json'),
  EN: () => import('../../locales/member-centre/en.json'),
};

export const loadMemberCentreCatalogue = (): Promise<void> => registerFeatureCatalogue(memberCentreCatalogue);
