import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/500.css';
import '@fontsource/noto-sans-thai/700.css';
import '../styles/index.css';
import '../styles/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { announcementsQuery } from '../api/announcements';
import { gameMenusQuery } from '../api/game-menus';
import { hotGamesQuery } from '../api/hot-games';
import { queryClient } from '../api/query-client';
import { systemStatusQuery } from '../api/system-status';
import { whitelabelQuery } from '../api/whitelabel';
import { currentLanguage, initI18n } from '../lib/i18n';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const i18n = initI18n();
const language = currentLanguage();

// Ask for everything the first page needs at once, while the route chunk is still loading.
void queryClient.prefetchQuery(systemStatusQuery(language));
void queryClient.prefetchQuery(whitelabelQuery(language));
void queryClient.prefetchQuery(gameMenusQuery(language));
void queryClient.prefetchQuery(announcementsQuery(language));
void queryClient.prefetchQuery(hotGamesQuery(language));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders i18n={i18n}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
