import { configDefaults, defineConfig } from 'vitest/config';

/** Unit and integration tests. Browser journeys are Playwright's (e2e/). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/**/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'packages/fair/**', 'apps/server/src/testing/chaos/chaos.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Crash safety (docs/testing.md): processes of its own on a database of its own, killed on
        // purpose; run once, not again against DATABASE_URL with the server project.
        test: {
          name: 'chaos',
          include: ['apps/server/src/testing/chaos/chaos.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
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
