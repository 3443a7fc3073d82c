import { defineConfig } from '@playwright/test';
import { e2ePort, e2eSlot, e2eWorkers } from './e2e/support/environment.ts';

/**
 * Browser journeys against the built site served by the real server on a fresh embedded database,
 * driven in Debian's Chromium (scripts/ensure-chromium.mjs installs it; no browser is downloaded).
 * Each worker has a server of its own (e2e/support/environment.ts), so files run side by side even
 * though some journeys switch the merchant into maintenance; the tests of one file run in order.
 * This config is evaluated again in every worker, where `e2ePort` is that worker's server.
 */
const runId = Date.now().toString(36);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: e2eWorkers,
  // One more try in CI only, where the suite runs on a busy machine: a journey that passes on its second
  // try is reported as flaky by name in the list (docs/testing.md), never silently green.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // A lazy page or dialog can take more than Playwright's default 5 s to draw on a busy 2-core machine
  // (the login dialog's chunk behind its loading bar, 2026-11-27); 10 s still fails a missing element.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    launchOptions: {
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
    },
    locale: 'th-TH',
    // The site and back-office honour reduced motion (styles/index.css, admin.css): the marquee, the
    // skeletons' shimmer and the spinners stand still. Left running they kept a renderer at 35-55 % and
    // the compositor at up to 97 % of a core under an open modal's blur (docs/testing.md).
    reducedMotion: 'reduce',
    trace: 'off',
  },
  webServer: Array.from({ length: e2eWorkers }, (_, slot) => {
    const { port, dataDir } = e2eSlot(slot);
    return {
      command: `rm -rf ${dataDir} && node apps/server/dist/main.js`,
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        CHALLENGE_BYPASS: '1',
        // CI gives the servers the machine's Redis: each its own keys (rate limits, caches, events), and
        // none left over from an earlier run.
        REDIS_KEY_PREFIX: `lotus-e2e:${runId}:${slot}:`,
      },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    };
  }),
});
