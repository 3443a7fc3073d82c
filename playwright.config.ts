import { defineConfig } from '@playwright/test';
import { e2eDataDir, e2ePort } from './e2e/support/environment.ts';

/**
 * Browser journeys against the built site served by the real server on a fresh embedded database,
 * driven in Debian's Chromium (scripts/ensure-chromium.mjs installs it; no browser is downloaded).
 * One worker: some journeys switch the merchant into maintenance, which every page would see.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
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
    trace: 'off',
  },
  webServer: {
    command: `rm -rf ${e2eDataDir} && node apps/server/dist/main.js`,
    url: `http://127.0.0.1:${e2ePort}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(e2ePort),
      DATA_DIR: e2eDataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      CHALLENGE_BYPASS: '1',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
