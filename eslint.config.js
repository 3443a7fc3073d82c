import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      // The member site's server render (apps/web: vite build --ssr).
      '**/dist-ssr/**',
      '**/.chaos-build/**',
      '**/node_modules/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'apps/web/public/**',
      'apps/admin/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Math'][property.name='random']",
          message: 'Use node:crypto (games and tokens need a CSPRNG).',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/testing/**'],
    rules: {
      // Configuration is parsed once in config.ts; nothing else reads the environment.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings from AppConfig (config.ts).' },
      ],
    },
  },
  {
    // Game code draws only from the provably fair stream or the CSPRNG helpers of @lotus/fair.
    files: ['packages/fair/**/*.ts', 'apps/house-games/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Use the fair stream (uniformInt) or newServerSeed/newClientSeed from @lotus/fair (CSPRNG).',
        },
      ],
    },
  },
  {
    // The house vendor, like the server, parses its settings once (src/config.ts). A later block
    // replaces a rule's options, so this one repeats the fair-randomness restriction above.
    files: ['apps/house-games/src/**/*.ts'],
    ignores: ['apps/house-games/src/config.ts', 'apps/house-games/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Use the fair stream (uniformInt) or newServerSeed/newClientSeed from @lotus/fair (CSPRNG).',
        },
        { object: 'process', property: 'env', message: 'Read settings from HouseConfig (src/config.ts).' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The site draws from the server only through its api layer.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/server/**', '@lotus/server'], message: 'The site talks to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    // Pages and components read and change data only through their feature's api/ functions and
    // hooks (apps/web/README.md, apps/admin/README.md): never the API client or fetch themselves.
    files: [
      'apps/web/src/app/**/*.{ts,tsx}',
      'apps/web/src/components/**/*.{ts,tsx}',
      'apps/web/src/features/*/components/**/*.{ts,tsx}',
      'apps/admin/src/app/**/*.{ts,tsx}',
      'apps/admin/src/components/**/*.{ts,tsx}',
      'apps/admin/src/features/**/*.tsx',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/testing.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/server/**', '@lotus/server'], message: 'The site talks to the server over HTTP only.' },
            {
              group: ['**/lib/api-client', '**/lib/sealed-request'],
              importNames: ['apiRequest', 'apiHeaders', 'fetchImageDataUrl', 'sealedRequest'],
              message:
                "Call the API from the feature's api/ folder (a query or a request function), not from a component.",
            },
            {
              group: ['@lotus/client'],
              importNames: ['createApiClient'],
              message: "Call the API from the feature's api/ folder, not from a component.",
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: "Call the API from the feature's api/ folder, not from a component." },
        { name: 'XMLHttpRequest', message: "Call the API from the feature's api/ folder, not from a component." },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: "Call the API from the feature's api/ folder." },
        { object: 'globalThis', property: 'fetch', message: "Call the API from the feature's api/ folder." },
      ],
    },
  },
);
