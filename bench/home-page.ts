// The member site's JavaScript as a browser loads it, for npm run bench: the scripts a page had fetched
// by the time its first screen was drawn (issue 19's target for the home page: under 100 KB gzip) and
// every script it fetched until the network was idle. Sizes are gzip level 9 of the bodies. "Drawn" is
// the largest contentful paint (the home page's first banner), not the first paint: the server puts
// the site's splash in the page (apps/server/src/http/static-site.ts), which draws before any script,
// so the first paint alone would say nothing about the JavaScript the page itself waits for.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { LighthouseScores } from './lighthouse.ts';

export interface PageJavaScript {
  /** Scripts whose download had ended when the first screen was drawn (largest contentful paint). */
  beforeFirstDrawGzipBytes: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  /** Every script fetched until the network was idle. */
  totalGzipBytes: number;
  files: { file: string; gzipBytes: number; beforeFirstDraw: boolean }[];
}

export async function pageJavaScript(url: string, viewport = { width: 1280, height: 800 }): Promise<PageJavaScript> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ viewport });
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The browser's own clock: when it first drew content, when it drew the largest (the first screen),
    // and when each script's download ended.
    const timing = await page.evaluate(async () => ({
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      largestContentfulPaint: await new Promise<number | null>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? null)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
        setTimeout(() => resolve(null), 2000);
      }),
      resources: performance.getEntriesByType('resource').map((entry) => ({
        path: new URL(entry.name).pathname,
        responseEnd: (entry as PerformanceResourceTiming).responseEnd,
      })),
    }));
    if (timing.firstContentfulPaint === null || timing.largestContentfulPaint === null)
      throw new Error(`${url}: the page drew nothing`);
    const drawn = timing.largestContentfulPaint;
    const endOf = new Map(timing.resources.map((resource) => [resource.path, resource.responseEnd]));
    const files = [...scripts.entries()]
      .map(([file, gzipBytes]) => ({ file, gzipBytes, beforeFirstDraw: (endOf.get(file) ?? Infinity) <= drawn }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const sum = (list: typeof files) => list.reduce((total, file) => total + file.gzipBytes, 0);
    return {
      beforeFirstDrawGzipBytes: sum(files.filter((file) => file.beforeFirstDraw)),
      firstContentfulPaintMs: Math.round(timing.firstContentfulPaint),
      largestContentfulPaintMs: Math.round(drawn),
      totalGzipBytes: sum(files),
      files,
    };
  } finally {
    await browser.close();
  }
}

export const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * The member site's rows (issue 19): each figure against its target, `ratio` the figure over the
 * target (at most 1 meets a ceiling, at least 1 meets a floor). FCP and LCP are Lighthouse's
 * simulated slow-4G figures, shown for what the performance score is made of.
 */
export function memberSiteRows(
  lobbyPath: string,
  homePage: PageJavaScript,
  lobbyPage: PageJavaScript,
  home: LighthouseScores,
  lobby: LighthouseScores,
) {
  const row = (target: string, value: number | string, reference: string, ratio: number | string) => ({
    target,
    'per s': '',
    'p50 ms': '',
    'p99 ms': '',
    value,
    reference,
    ratio,
  });
  const ratio = (value: number, target: number) => Number((value / target).toFixed(3));
  const pages = [
    { name: 'home page', scripts: homePage, scores: home },
    { name: `lobby ${lobbyPath}`, scripts: lobbyPage, scores: lobby },
  ];
  return pages.flatMap(({ name, scripts, scores }) => [
    row(
      `${name}: JavaScript until its first screen is drawn (KB gzip)`,
      Number(kilobytes(scripts.beforeFirstDrawGzipBytes)),
      name === 'home page' ? 'target at most 100' : '(home page target 100)',
      ratio(scripts.beforeFirstDrawGzipBytes / 1024, 100),
    ),
    row(
      `${name}: Lighthouse performance (mobile)`,
      scores.performance,
      'target at least 95',
      ratio(scores.performance, 95),
    ),
    row(
      `${name}: Lighthouse accessibility (mobile)`,
      scores.accessibility,
      'target at least 98',
      ratio(scores.accessibility, 98),
    ),
    row(
      `${name}: Lighthouse FCP / LCP / TBT ms (simulated slow 4G, 4x CPU)`,
      `${scores.firstContentfulPaintMs} / ${scores.largestContentfulPaintMs} / ${scores.totalBlockingTimeMs}`,
      '',
      '',
    ),
  ]);
}
