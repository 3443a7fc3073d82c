import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server (apps/server) that serves /admin-api and, in production, this app at /admin. */
const apiOrigin = 'http://localhost:8080';

export default defineConfig({
  // Served under /admin by the API server (ADMIN_DIST_DIR), beside the member site at /.
  base: '/admin/',
  plugins: [react()],
  server: {
    port: 5174,
    proxy: {
      '/admin-api': apiOrigin,
      '/healthz': apiOrigin,
    },
  },
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
