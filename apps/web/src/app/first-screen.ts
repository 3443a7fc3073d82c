import type { QueryClient } from '@tanstack/react-query';
import { announcementsQuery } from '../api/announcements';
import { gameMenusQuery } from '../api/game-menus';
import { homeLanesQuery } from '../api/home-lanes';
import { hotGamesQuery } from '../api/hot-games';
import { systemStatusQuery } from '../api/system-status';
import { whitelabelQuery } from '../api/whitelabel';
import { withFirstScreenAnswersOnly } from '../lib/api-client';
import type { Language } from '../lib/session';

/**
 * Fills `client` with the first screen's data from the first-screen answers alone (issue 19): the
 * server before it renders the first screen, the browser before it hydrates that render. Both then
 * hold the same queries with the same data, so the first client render draws what the server drew.
 * A call without an answer is left out of the cache (it loads after hydration, as it would have).
 */
export async function fillFirstScreen(
  client: QueryClient,
  language: Language,
  answers?: Record<string, unknown>,
): Promise<void> {
  await withFirstScreenAnswersOnly(
    // The first screen's public reads, the six whose answers the server puts in the page.
    () =>
      Promise.all([
        client.prefetchQuery({ ...systemStatusQuery(language), retry: false }),
        client.prefetchQuery({ ...whitelabelQuery(language), retry: false }),
        client.prefetchQuery({ ...gameMenusQuery(language), retry: false }),
        client.prefetchQuery({ ...announcementsQuery(language), retry: false }),
        client.prefetchQuery({ ...hotGamesQuery(language), retry: false }),
        client.prefetchQuery({ ...homeLanesQuery(language), retry: false }),
      ]),
    answers,
  );
  for (const query of client.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }))
    client.removeQueries({ queryKey: query.queryKey, exact: true });
}
