import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server (apps/server) that serves /wps, /lgw and the built site in production. */
const apiOrigin = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
