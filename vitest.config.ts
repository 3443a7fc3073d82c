import { defineConfig } from 'vitest/config';

/** Unit and integration tests. Browser journeys are Playwright's (e2e/). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/**/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
    ],
  },
});
