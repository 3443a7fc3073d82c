import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built member site. Hashed assets are cached for a year; index.html never, so a new
 * release is picked up at once. Any other GET path that is not an API path gets index.html
 * (history-mode routing happens in the browser).
 */
export async function registerStaticSite(app: FastifyInstance, webDistDir: string): Promise<(() => string) | null> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'the member site is not built; run `npm run build` (npm start does it)');
    return null;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    index: false,
    // One route per built file, found at start: every other path falls through to index.html.
    wildcard: false,
    // Off, or `send`'s own `max-age=0` would overwrite what setHeaders decides.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  const indexHtml = readFileSync(indexFile, 'utf8');
  return () => indexHtml;
}

/**
 * Serves the built back-office (apps/admin) under /admin, beside the member site: same caching, the
 * site's security headers (CSP included). Its history fallback (any other GET under /admin gets its
 * index.html) is in app.ts's not-found handler, before the member site's.
 */
export async function registerAdminSite(app: FastifyInstance, adminDistDir: string): Promise<(() => string) | null> {
  const indexFile = path.join(adminDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ adminDistDir }, 'the back-office is not built; run `npm run build` (npm start does it)');
    return null;
  }
  await app.register(fastifyStatic, {
    root: adminDistDir,
    prefix: '/admin/',
    index: false,
    wildcard: false,
    // The member site's registration decorated the reply already.
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  const indexHtml = readFileSync(indexFile, 'utf8');
  return () => indexHtml;
}

/** `/admin` and everything under `/admin/` belong to the back-office (not `/admin-api/`). */
export function isAdminSitePath(urlPath: string): boolean {
  return urlPath === '/admin' || urlPath.startsWith('/admin/');
}
