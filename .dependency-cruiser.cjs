// Import rules of the monorepo, checked by `npm run lint` (npm run lint:deps: scripts/check-module-boundaries.ts
// runs dependency-cruiser with this file and adds the check for cycles between server modules). Each
// rule's comment says why.
//
// A server module is a folder apps/server/src/modules/<name>/. Its public entry is index.ts; tests may
// also use its testing.ts (or <name>.testing.ts). db/schema.ts may read a module's <name>.tables.ts (the table types it
// assembles into the Database type). Everything else in a module is private to it.
// A test file is *.test.ts(x), testing.ts, <name>.testing.ts, or a file under apps/server/src/testing/.
const MODULE = '^apps/server/src/modules/([^/]+)/';
const TEST_FILE = ['[.]test[.]tsx?$', '(^|/|[.])testing[.]ts$', '^apps/server/src/testing/'];
const PUBLIC_ENTRY = '^apps/server/src/modules/[^/]+/index[.]ts$';
// testing.ts, or <module>.testing.ts as most modules name it.
const TEST_ENTRY = '^apps/server/src/modules/([^/]+)/(\\1[.])?testing[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-deep-import-between-modules',
      severity: 'error',
      comment:
        "Production code of one server module imports another module only through its index.ts (the module's public service).",
      from: { path: MODULE, pathNot: TEST_FILE },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: ['^apps/server/src/modules/$1/', PUBLIC_ENTRY] },
    },
    {
      name: 'no-deep-import-into-modules',
      severity: 'error',
      comment:
        'Code outside the modules (app.ts, routes.ts, http/, jobs/, scripts/, db/) imports a module only through its index.ts.',
      from: { path: '^apps/server/src/', pathNot: [MODULE, '^apps/server/src/db/schema[.]ts$', ...TEST_FILE] },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: PUBLIC_ENTRY },
    },
    {
      name: 'schema-reads-only-tables-files',
      severity: 'error',
      comment: "db/schema.ts assembles the modules' table types: it imports <module>.tables.ts files and nothing else.",
      from: { path: '^apps/server/src/db/schema[.]ts$' },
      to: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/([^/]+)/\\1[.]tables[.]ts$' },
    },
    {
      name: 'tests-use-public-entries-of-other-modules',
      severity: 'error',
      comment:
        "A test may import its own module's internals; another module it reaches through index.ts or that module's testing.ts.",
      from: { path: `${MODULE}.*(${TEST_FILE.join('|')})` },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', PUBLIC_ENTRY, TEST_ENTRY],
      },
    },
    {
      name: 'shared-tests-use-public-entries',
      severity: 'error',
      comment:
        'Tests and helpers outside the modules (http/, testing/, app.test.ts) reach a module through index.ts or testing.ts.',
      from: { path: TEST_FILE, pathNot: MODULE },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: [PUBLIC_ENTRY, TEST_ENTRY] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles between files (type-only imports count: they couple the same way).',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      comment: 'packages/* are shared by the apps; they never depend on one.',
      from: { path: '^packages/' },
      to: { path: ['^apps/', '^node_modules/@lotus/(server|web|admin|house-games)(/|$)'] },
    },
    {
      name: 'sites-never-import-server',
      severity: 'error',
      comment: 'The member site and the back-office talk to the server over HTTP only.',
      from: { path: '^apps/(web|admin)/' },
      to: { path: ['^apps/(server|house-games)/', '^node_modules/@lotus/(server|house-games)(/|$)'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '^apps/[^/]+/public/', '[.]d[.]ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Workspace packages resolve through node_modules/@lotus/* symlinks; keep their real path so the
    // rules see packages/* and apps/*.
    preserveSymlinks: false,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
