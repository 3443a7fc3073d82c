// Bundles the house vendor's process into dist/main.js (workspace packages from source, npm
// dependencies external) and its game pages' browser code into dist/public/.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Workspace packages are TypeScript source that Node cannot load: they are bundled in.
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@lotus/')),
  logLevel: 'warning',
});
// Each game page is a script and a stylesheet (the page's CSP allows no inline styles). The Thai
// font comes from @fontsource and is copied next to them: no CDN at run time.
const pages = [
  'src/pages/slot.ts',
  'src/pages/slot.css',
  'src/pages/baccarat.ts',
  'src/pages/baccarat.css',
  'src/pages/error.ts',
  'src/pages/error.css',
].filter((entry) => existsSync(new URL(entry, import.meta.url)));
if (pages.length > 0) {
  await build({
    entryPoints: pages,
    outdir: 'dist/public',
    bundle: true,
    platform: 'browser',
    target: ['es2022', 'chrome100', 'safari15'],
    format: 'esm',
    minify: true,
    sourcemap: true,
    loader: { '.woff2': 'file', '.woff': 'file' },
    assetNames: 'fonts/[name]-[hash]',
    logLevel: 'warning',
  });
}
