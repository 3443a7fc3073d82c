import { configDefaults, defineConfig } from 'vitest/config';

/** Unit and integration tests. Browser journeys are Playwright's (e2e/). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/**/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'packages/fair/**'],
          environment: 'node',
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Pure game maths, also run in the browser: no database to start.
        test: {
          name: 'fair',
          include: ['packages/fair/src/**/*.test.ts', 'apps/house-games/src/pages/**/*.test.ts'],
          environment: 'node',
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
