// Lighthouse's performance and accessibility scores of a page in Debian's Chromium (headless), as a
// row of npm run bench. Playwright starts the browser with a debugging port; Lighthouse drives it.
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../apps/server/src/free-port.ts';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  /** What the performance score weighs most (30 %) besides LCP: main-thread tasks past 50 ms. */
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  /** Where the main thread's time went (Lighthouse's breakdown, ms, largest first). */
  mainThread: { group: string; ms: number }[];
  /** The scripts that cost the most main-thread time (evaluation and parsing, ms). */
  scripts: { url: string; ms: number }[];
}

interface BreakdownItem {
  group?: string;
  groupLabel?: string;
  duration?: number;
}
interface BootupItem {
  url?: string;
  total?: number;
}

export async function lighthouseScores(url: string): Promise<LighthouseScores> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const { categories, audits } = result.lhr;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      firstContentfulPaintMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      largestContentfulPaintMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      totalBlockingTimeMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      cumulativeLayoutShift: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      mainThread: itemsOf<BreakdownItem>(audits['mainthread-work-breakdown']?.details).map((item) => ({
        group: item.groupLabel ?? item.group ?? '?',
        ms: Math.round(item.duration ?? 0),
      })),
      scripts: itemsOf<BootupItem>(audits['bootup-time']?.details)
        .map((item) => ({ url: item.url ?? '?', ms: Math.round(item.total ?? 0) }))
        .slice(0, 5),
    };
  } finally {
    await browser.close();
  }
}

/** An audit's table rows (its `details.items`), or none. */
function itemsOf<T>(details: unknown): T[] {
  const items = (details as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? (items as T[]) : [];
}
