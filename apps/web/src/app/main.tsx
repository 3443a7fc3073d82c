// First: turns off zod's schema compilation before any schema exists (packages/contract/src/jitless.ts).
import '@lotus/contract/jitless';
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/500.css';
import '@fontsource/noto-sans-thai/700.css';
import '../styles/index.css';
import '../styles/shell.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { announcementsQuery } from '../api/announcements';
import { gameMenusQuery } from '../api/game-menus';
import { hotGamesQuery } from '../api/hot-games';
import { memberInfoQuery } from '../api/member';
import { queryClient } from '../api/query-client';
import { systemStatusQuery } from '../api/system-status';
import { whitelabelQuery } from '../api/whitelabel';
import { defaultLanguage, initI18n } from '../lib/i18n';
import { session } from '../lib/session';
import { startHydrating } from '../lib/use-is-hydrated';
import { fillFirstScreen } from './first-screen';
import { AppProviders } from './providers';
import { createAppRouter, loadRouteModules } from './router';

// The catalogue of the member's language is fetched in parallel with the first page's data.
const i18nReady = initI18n();
const language = session.getLanguage() ?? defaultLanguage;

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

/**
 * The server drew a visitor's first screen in its language (issue 19, app/server-entry.tsx): the same
 * visitor in the same language hydrates it. A member (their header is not the visitor's) or another
 * language draws afresh over it.
 */
const isServerDrawn = rootElement.dataset.renderedLanguage === language && !session.hasToken();
// Tabs share the language cookie but not session storage: this tab's language is what its next reload
// should be drawn in.
session.tellServerLanguage();
window.addEventListener('pagehide', session.tellServerLanguage);

if (isServerDrawn) {
  // The cache gets what the server's had (the page's answers, nothing from the network) and the
  // page's route module is loaded, so the first render matches the HTML.
  await fillFirstScreen(queryClient, language);
  await loadRouteModules(window.location.pathname);
} else {
  // Ask for everything the first page needs at once, while the route chunk is still loading.
  void queryClient.prefetchQuery(systemStatusQuery(language));
  void queryClient.prefetchQuery(whitelabelQuery(language));
  void queryClient.prefetchQuery(gameMenusQuery(language));
  void queryClient.prefetchQuery(announcementsQuery(language));
  void queryClient.prefetchQuery(hotGamesQuery(language));
  // Member info loads at start only when a token exists (spec §4).
  if (session.hasToken()) void queryClient.prefetchQuery(memberInfoQuery(session.getToken()));
}

// The service worker (offline page, push notices) registers after the page has loaded, from a chunk
// of its own: nothing of it is on the home page's critical path.
if (import.meta.env.PROD) {
  const registerLater = () => void import('../lib/service-worker').then((module) => module.registerServiceWorker());
  if (document.readyState === 'complete') registerLater();
  else window.addEventListener('load', registerLater, { once: true });
}

const i18n = await i18nReady;
const app = (
  <StrictMode>
    <AppProviders i18n={i18n}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>
);
// createRoot replaces whatever the server put in #root (its splash, or a first screen not for us).
if (isServerDrawn) {
  startHydrating();
  hydrateRoot(rootElement, app);
} else createRoot(rootElement).render(app);
