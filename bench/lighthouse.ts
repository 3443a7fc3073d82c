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
    };
  } finally {
    await browser.close();
  }
}
