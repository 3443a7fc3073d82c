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
    setHeaders: (res, filePath) => {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  const indexHtml = readFileSync(indexFile, 'utf8');
  return () => indexHtml;
}
