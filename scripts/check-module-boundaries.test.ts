import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkModuleBoundaries, type BoundaryViolation } from './check-module-boundaries.ts';

/**
 * The rules of .dependency-cruiser.cjs against a small tree that breaks each once, beside imports they
 * allow. (`npm run lint` runs them on the real tree, where they must find nothing.)
 */
const files: Record<string, string> = {
  'apps/server/src/db/schema.ts':
    "import type { ATables } from '../modules/a/a.tables.ts';\nimport type { b } from '../modules/b/service.ts';\nexport type Database = ATables & typeof b;\n",
  'apps/server/src/modules/a/a.tables.ts': 'export interface ATables { a: number }\n',
  'apps/server/src/modules/a/a.testing.ts': 'export const aFixture = 1;\n',
  'apps/server/src/modules/a/index.ts': "export { a } from './internal.ts';\n",
  'apps/server/src/modules/a/internal.ts': "import { b } from '../b/service.ts';\nexport const a = b + 1;\n",
  'apps/server/src/modules/b/index.ts': "export { b } from './service.ts';\n",
  'apps/server/src/modules/b/service.ts':
    "import { a } from '../a/index.ts';\nexport const b = 1;\nexport const c = () => a;\n",
  'apps/server/src/modules/b/service.test.ts':
    "import { aFixture } from '../a/a.testing.ts';\nimport { a } from '../a/index.ts';\nimport { b } from './service.ts';\nexport const x = aFixture + a + b;\n",
  'apps/server/src/modules/b/deep.test.ts': "import { a } from '../a/internal.ts';\nexport const y = a;\n",
  'apps/server/src/app.ts':
    "import { a } from './modules/a/index.ts';\nimport { c } from './modules/b/service.ts';\nexport const z = a + c();\n",
  // c and d import each other through their index.ts files, from files no import leads back to.
  'apps/server/src/modules/c/index.ts': "export { w } from './w.ts';\n",
  'apps/server/src/modules/c/w.ts': 'export const w = 1;\n',
  'apps/server/src/modules/c/x.ts': "import { y } from '../d/index.ts';\nexport const x = y;\n",
  'apps/server/src/modules/d/index.ts': "export { y } from './y.ts';\n",
  'apps/server/src/modules/d/y.ts': 'export const y = 2;\n',
  'apps/server/src/modules/d/z.ts': "import { w } from '../c/index.ts';\nexport const z = w;\n",
  'apps/web/src/page.ts': "import { a } from '../../server/src/modules/a/index.ts';\nexport const page = a;\n",
  'packages/p/src/x.ts': "import { page } from '../../../apps/web/src/page.ts';\nexport const p = page;\n",
};

let root: string;
let violations: BoundaryViolation[];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  ({ violations } = await checkModuleBoundaries(root, path.resolve('.dependency-cruiser.cjs')));
}, 60_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const server = 'apps/server/src';

describe('module boundary rules', () => {
  test.each([
    ['no-deep-import-between-modules', `${server}/modules/a/internal.ts`, `${server}/modules/b/service.ts`],
    ['no-deep-import-into-modules', `${server}/app.ts`, `${server}/modules/b/service.ts`],
    ['schema-reads-only-tables-files', `${server}/db/schema.ts`, `${server}/modules/b/service.ts`],
    [
      'tests-use-public-entries-of-other-modules',
      `${server}/modules/b/deep.test.ts`,
      `${server}/modules/a/internal.ts`,
    ],
    ['sites-never-import-server', 'apps/web/src/page.ts', `${server}/modules/a/index.ts`],
    ['packages-never-import-apps', 'packages/p/src/x.ts', 'apps/web/src/page.ts'],
    ['no-circular', `${server}/modules/a/index.ts`, `${server}/modules/a/internal.ts`],
  ])('%s: %s -> %s', (rule, from, to) => {
    expect(violations).toContainEqual({ rule, from, to });
  });

  test('a cycle between modules is found, also where no cycle between files closes it', () => {
    expect(violations.filter((v) => v.rule === 'no-cycle-between-modules').map((v) => v.from)).toEqual([
      'a -> b -> a',
      'c -> d -> c',
    ]);
    expect(violations.filter((v) => v.rule === 'no-circular' && v.from.includes('/modules/c/'))).toEqual([]);
  });

  test('imports through index.ts, a test entry from a test, tables files from the schema are allowed', () => {
    const allowed = [
      [`${server}/modules/b/service.test.ts`, `${server}/modules/a/a.testing.ts`],
      [`${server}/modules/b/service.test.ts`, `${server}/modules/a/index.ts`],
      [`${server}/modules/b/service.test.ts`, `${server}/modules/b/service.ts`],
      [`${server}/db/schema.ts`, `${server}/modules/a/a.tables.ts`],
      [`${server}/app.ts`, `${server}/modules/a/index.ts`],
    ];
    for (const [from, to] of allowed)
      expect(violations.filter((v) => v.from === from && v.to === to && v.rule !== 'no-circular')).toEqual([]);
  });
});
