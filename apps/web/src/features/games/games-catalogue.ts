import { registerFeatureCatalogue } from '../../lib/i18n';

/**
 * The game pages' texts (locales/games): the lobbies, the category pages and the game frame. One
 * loader object for the three chunks, so they register and load once. The home page's games (hot
 * games, category tiles) keep theirs in the core catalogue.
 */
const gamesCatalogue = {
  TH: () => import('../../locales/games/th.json'),
  EN: () => import('../../locales/games/en.json'),
};

export const loadGamesCatalogue = (): Promise<void> => registerFeatureCatalogue(gamesCatalogue);
