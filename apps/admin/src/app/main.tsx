// First: turns off zod's schema compilation before any schema exists (packages/contract/src/jitless.ts).
import '@lotus/contract/jitless';
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/500.css';
import '@fontsource/noto-sans-thai/600.css';
import '../styles/admin.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { initI18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { session } from '../lib/session';
import { createAppRouter } from './router';

// `/admin?merchant=code` picks the merchant when the back-office is not on the merchant's own domain.
const merchantParam = new URLSearchParams(window.location.search).get('merchant');
if (merchantParam !== null) session.setMerchant(/^[A-Za-z0-9_-]{1,32}$/.test(merchantParam) ? merchantParam : null);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const i18n = await initI18n();
/** Exported for the component tests, which unmount the app after each test (testing/back-office.ts). */
export const root = createRoot(rootElement);
root.render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={createAppRouter()} />
      </I18nextProvider>
    </QueryClientProvider>
  </StrictMode>,
);
