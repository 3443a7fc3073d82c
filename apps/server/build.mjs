// Bundles the server into dist/main.js. Workspace packages (@lotus/*) are bundled from source;
// npm dependencies stay external and load from node_modules.
import { build } from 'esbuild';
import { cpSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
});
// The database functions (db/functions/*.sql) are read at start by the repeatable step of the
// migrator (db/repeatable-functions.ts), which looks for them next to the bundle.
cpSync('src/db/functions', 'dist/functions', { recursive: true });
