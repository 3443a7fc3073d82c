import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** The API server (apps/server) that serves /wps, /lgw and the built site in production. */
const apiOrigin = 'http://localhost:8080';

/**
 * The first screen's server render (issue 19): `vite build --ssr` (npm run build) bundles
 * src/app/server-entry.tsx with everything it imports into dist-ssr/, which the API server loads.
 */
const serverRenderConfig = defineConfig({
  plugins: [react()],
  // The site's public files are served from dist/; the server render needs none of them.
  publicDir: false,
  // React's production build: nothing sets NODE_ENV in the server that loads this bundle.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  json: { stringify: true },
  // One self-contained file set: the server needs none of the site's packages installed.
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: true,
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: {
      input: path.resolve(import.meta.dirname, 'src/app/server-entry.tsx'),
      treeshake: { manualPureFunctions: ['z'] },
      output: { entryFileNames: 'server-entry.js' },
    },
  },
});

const siteConfig = defineConfig({
  plugins: [
    react(),
    // The service worker (sw/sw.ts, Workbox): precaches the shell's hashed scripts, styles and fonts and
    // the offline page. The manifest is the server's, per merchant (GET /manifest.webmanifest), and the
    // site registers the worker itself after the page has loaded (src/lib/service-worker.ts), so
    // nothing of it is on the home page's critical path.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      devOptions: { enabled: false },
      injectManifest: {
        globPatterns: ['assets/**/*.{js,css,woff2}', 'offline.html', 'art/brand/*.svg'],
        // The shell only: what index.html loads (its scripts, module preloads and styles), the fonts and
        // the offline page (about 700 KB before compression today). The pages' lazy chunks are cached
        // when first used (sw.ts), so a first visit does not download every page of the site.
        manifestTransforms: [
          (entries) => {
            const pages = ['index.html', 'offline.html'].map((page) =>
              readFileSync(path.resolve(import.meta.dirname, 'dist', page), 'utf8'),
            );
            const shell = new Set(
              pages.flatMap((html) => [...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1])),
            );
            const manifest = entries.filter(
              (entry) => !entry.url.startsWith('assets/') || shell.has(entry.url) || entry.url.endsWith('.woff2'),
            );
            return { manifest, warnings: [] };
          },
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/wps': apiOrigin,
      '/lgw': apiOrigin,
      '/api': apiOrigin,
      '/healthz': apiOrigin,
      // The demo gateway's pay page and the gateways' callbacks live on the API server too.
      '/demopay': apiOrigin,
      '/payment-callback': apiOrigin,
      // The web app manifest and its icons are the merchant's, from the API server.
      '/manifest.webmanifest': apiOrigin,
      '/app-icon': apiOrigin,
    },
  },
  // The catalogues (locales/*.json) as JSON.parse of a string: smaller than object literals and
  // parsed faster; about 0.85 KB gzip off the home page.
  json: { stringify: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Vite's module-preload polyfill is an inline script; the strict CSP (script-src 'self') forbids it.
    modulePreload: { polyfill: false },
    // Everything is served as files: an inlined data: font or script would fall foul of the CSP.
    assetsInlineLimit: 0,
    target: 'es2022',
    rollupOptions: {
      // zod's schema builders have no side effects: a schema nothing uses is dropped. Without this the
      // contract's top-level schemas (its modules are on the home page for their paths and constants)
      // kept zod and about 50 KB of schemas in the home page's JavaScript.
      treeshake: { manualPureFunctions: ['z'] },
      // The offline page is a page of its own (sw.ts serves it when the network fails): its styles and
      // the Thai font come through the build, hashed like the site's.
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        offline: path.resolve(import.meta.dirname, 'offline.html'),
      },
      output: {
        // React and the router change rarely; a separate chunk stays cached across releases.
        manualChunks(id: string) {
          // zod's jitless switch in a chunk of its own: the entry imports it first, so it runs before
          // any chunk that builds a schema. Inlined in the entry it would run after them (a chunk's
          // own code runs after its imports) and zod's eval probe would break the CSP.
          if (id.endsWith('/packages/contract/src/jitless.ts')) return 'zod-config';
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor-react';
          if (/node_modules\/(@tanstack|i18next|react-i18next)/.test(id)) return 'vendor-data';
          return undefined;
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderConfig : siteConfig));
