import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { findForeignTableUses } from './check-table-ownership.ts';

/** The ownership rule against a small modules folder that breaks it in each way once. */
const files: Record<string, string> = {
  'a/a.tables.ts': 'export interface ATables {\n  apple: AppleTable;\n  apricot?: AppleTable;\n}\n',
  'b/b.tables.ts': 'export interface BTables {\n  banana: BananaTable;\n}\n',
  // Its own tables, freely.
  'a/own.ts': "db.selectFrom('apple').innerJoin('apricot', 'x', 'y'); sql`SELECT 1 FROM apple JOIN apricot ON true`;\n",
  // Another module's table in each form the check knows.
  'b/kysely-read.ts': "db.selectFrom('banana').leftJoin('apple as a', 'a.id', 'banana.id');\n",
  'b/kysely-write.ts': "db.updateTable('apricot').set({});\n",
  'b/raw.ts': 'sql`INSERT INTO apple (id) SELECT id FROM banana`;\n',
  // Tests and test kits may set up anything; an unknown name is nobody's.
  'b/raw.test.ts': "db.deleteFrom('apple');\n",
  'b/b.testing.ts': "db.insertInto('apple');\n",
  'b/other.ts': "db.selectFrom('cherry');\n",
};

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'table-ownership-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('reports each use of another module’s table, in Kysely calls and raw SQL, and nothing else', () => {
  expect(findForeignTableUses(dir)).toEqual([
    { file: 'b/kysely-read.ts', table: 'apple', owner: 'a' },
    { file: 'b/kysely-write.ts', table: 'apricot', owner: 'a' },
    { file: 'b/raw.ts', table: 'apple', owner: 'a' },
  ]);
});
