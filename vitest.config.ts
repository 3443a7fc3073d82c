import { configDefaults, defineConfig } from 'vitest/config';

/** Unit and integration tests. Browser journeys are Playwright's (e2e/). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/**/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            'packages/fair/**',
            'packages/client/**',
            'apps/server/src/testing/chaos/chaos.test.ts',
            // The second pass against DATABASE_URL (scripts/test.sh) leaves out field validation
            // messages, whose SQL is the modules' own; the CLI's --exclude does not reach a project.
            ...(process.env.VITEST_SECOND_PASS === '1' ? ['**/*-validation.test.ts'] : []),
          ],
          environment: 'node',
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share their worker's loaded modules: importing the app again for each of 86 files
          // was a third of the project's time (337 s -> 189 s). Safe because server tests keep no
          // state in modules (no vi.mock, stubbed globals, fake timers or env changes; clocks and
          // databases are per test app).
          isolate: false,
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
          include: ['packages/fair/src/**/*.test.ts', 'apps/house-games/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          // The shared client of web and admin (packages/client) runs with the site's tests.
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'packages/client/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        // The back-office: its own rules (node) and the money desk driven through the real app
        // (files that say `// @vitest-environment jsdom`; apps/admin/src/testing/back-office.ts).
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A test loads the whole app and logs in first (seconds on a busy 2-core machine).
          testTimeout: 30_000,
        },
        // react-router and react-router/dom resolve to one build (ESM): otherwise `react-router`
        // resolves to its CommonJS build and `react-router/dom` to its ESM one, two copies of the
        // router's context, and the app's hooks find no router.
        resolve: { conditions: ['module'] },
      },
    ],
  },
});
