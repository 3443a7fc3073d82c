// The member site's first screen rendered on the server (issue 19): built by `vite build --ssr` into
// apps/web/dist-ssr/ (npm run build) and loaded by the API server at start (apps/server/src/http/
// static-site.ts). A visitor's home page or lobby arrives drawn in the HTML; main.tsx hydrates it.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startI18n, toI18nCode } from '@lotus/client';
import enCatalogue from '../locales/en.json';
import thCatalogue from '../locales/th.json';
import { loadCatalogue } from '../lib/i18n';
import { setRenderingHost } from '../lib/page-host';
import type { Language } from '../lib/session';
import { fillFirstScreen } from './first-screen';
import { routes } from './router';

export interface FirstScreenRequest {
  /** The path and query asked for (`/`, `/live?page=...`). */
  url: string;
  /** The request's host: the merchant whose site this is. */
  host: string;
  /** The language the answers were made in and the page is drawn in. */
  language: Language;
  /** The first screen's answers by address, as the page's data block carries them. */
  answers: Record<string, unknown>;
}

/** The languages the server draws in: the site's default, and English for a visitor who chose it. */
const renderedLanguages: Partial<Record<Language, Record<string, string>>> = { TH: thCatalogue, EN: enCatalogue };

const handler = createStaticHandler(routes);
const i18nReady = startI18n('TH', { th: { translation: thCatalogue }, en: { translation: enCatalogue } });

/**
 * One render at a time: the first-screen answers and the rendering host are the site's module state
 * (lib/api-client.ts, lib/page-host.ts), set for the render in progress. A render takes milliseconds.
 */
let previous: Promise<unknown> = Promise.resolve();

/**
 * The first screen of `request.url` for a visitor, as the markup to put inside #root, or null when it
 * cannot be drawn here (a language without a catalogue on the server, a redirect, an error page).
 * Throws what the render throws; the caller logs it and sends the plain page.
 */
export function renderFirstScreen(request: FirstScreenRequest): Promise<string | null> {
  const render = previous.then(
    () => renderNow(request),
    () => renderNow(request),
  );
  previous = render.catch(() => undefined);
  return render;
}

async function renderNow({ url, host, language, answers }: FirstScreenRequest): Promise<string | null> {
  if (!renderedLanguages[language]) return null;
  const i18n = await i18nReady;
  if (i18n.language !== toI18nCode(language)) await i18n.changeLanguage(toI18nCode(language));
  setRenderingHost(host);
  // Queries never run on the server: the cache holds the answers or nothing (the page draws their
  // loading state, as the browser's first render does before they arrive).
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  await fillFirstScreen(queryClient, language, answers);
  const context = await handler.query(new Request(new URL(url, `http://${host || 'localhost'}`)));
  if (context instanceof Response || context.statusCode !== 200 || context.errors) return null;
  // The page's lazy modules (loaded by the query) registered their texts in whichever language was
  // current when they first loaded: this request's language must be there too.
  await loadCatalogue(language);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          {/* hydrate={false}: no inline script of router state (the CSP forbids it; there is none). */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </I18nextProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
