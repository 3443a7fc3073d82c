/// <reference lib="webworker" />
import type { PushPayload } from '@lotus/contract';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';

/**
 * The member site's service worker (issue 19 "Installable app"), built by vite-plugin-pwa
 * (injectManifest): Workbox precaches the shell (the hashed scripts and styles index.html loads, the
 * fonts) and the offline page and serves them from the cache, and caches the pages' other hashed
 * chunks when first used; pages are always asked of the network (the server's
 * index.html, so a release shows at once) and, when the network fails, answered with the offline
 * page (TH and EN). Nothing else is handled here: API calls (/wps, /lgw, /api, balances, wallets,
 * anything about a member's money) go straight to the network and are never cached, so money never
 * shows stale. It also shows the Web Push notices (modules/push) and opens their page when clicked.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const offlinePage = '/offline.html';

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// The pages' other hashed chunks and styles, cached when first used: a hashed name never changes its
// content, so the cached copy is always right. Bounded, and old releases' files age out.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/assets/') &&
    (request.destination === 'script' || request.destination === 'style' || request.destination === 'font'),
  new CacheFirst({
    cacheName: 'lotus-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

/** Site pages only: not the back-office, the API's documents, images or the demo gateway's pages. */
const notSitePages = [/^\/admin(\/|$)/, /^\/api\//, /^\/media\//, /^\/demopay(\/|$)/, /^\/wps\//, /^\/lgw\//];
const pages = new NetworkOnly({ networkTimeoutSeconds: 15 });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return (await matchPrecache(offlinePage)) ?? Response.error();
      }
    },
    { denylist: notSitePages },
  ),
);

// A new release takes over at once: its pages are the network's anyway.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function parsePayload(event: PushEvent): PushPayload | null {
  try {
    const payload = event.data?.json() as Partial<PushPayload> | undefined;
    if (!payload || typeof payload.title !== 'string' || typeof payload.body !== 'string') return null;
    return {
      kind: payload.kind ?? 'depositApproved',
      title: payload.title,
      body: payload.body,
      url: payload.url ?? '/',
    };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = parsePayload(event);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/app-icon/192.png',
      badge: '/app-icon/192.png',
      tag: payload.kind,
      // Only a path of this site is opened on click.
      data: { url: payload.url.startsWith('/') && !payload.url.startsWith('//') ? payload.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    }),
  );
});
