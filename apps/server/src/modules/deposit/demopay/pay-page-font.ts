import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The member site's font (apps/web: @fontsource/noto-sans-thai, `--font` in styles/index.css). */
export const siteFontFamily = 'Noto Sans Thai';

/** The weights the pay page draws: its text (400) and its headings, amount and buttons (700). */
const payPageFontWeights: ReadonlySet<string> = new Set(['400', '700']);

/**
 * The @font-face rules of the site's Thai font as the built member site ships them, for the DEMOPAY
 * pay page: Vite bundles the font files into `/assets/` under hashed names and writes these rules,
 * unicode ranges included, into the site's CSS, so they are read from there at start rather than
 * copied. The member opens the pay page from the site, whose font files are then usually cached.
 *
 * Only rules whose every URL is a file under `/assets/` are kept: the pay page's policy allows fonts
 * from its own origin and nothing else. Without a built site (`npm run build` not run) this is empty
 * and the page falls back to the system's fonts.
 */
export function readSiteFontFaces(webDistDir: string): string {
  const assetsDir = path.join(webDistDir, 'assets');
  let cssFiles: string[];
  try {
    cssFiles = readdirSync(assetsDir).filter((file) => file.endsWith('.css'));
  } catch {
    return '';
  }
  const rules = new Set<string>();
  for (const file of cssFiles.sort()) {
    const css = readFileSync(path.join(assetsDir, file), 'utf8');
    for (const [rule] of css.matchAll(/@font-face\s*\{[^{}]*\}/g)) {
      const family = /font-family:\s*["']?([^;"'}]+)/.exec(rule)?.[1]?.trim();
      const weight = /font-weight:\s*(\d+)/.exec(rule)?.[1];
      const urls = [...rule.matchAll(/url\(\s*["']?([^)"']*)/g)].map((match) => match[1]!);
      const isOwnFile = urls.length > 0 && urls.every((url) => /^\/assets\/[\w.-]+$/.test(url));
      if (family === siteFontFamily && weight !== undefined && payPageFontWeights.has(weight) && isOwnFile)
        rules.add(rule);
    }
  }
  return [...rules].join('');
}
