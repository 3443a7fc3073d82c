import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { readSchemaSnapshot, schemaSnapshotFile } from './schema-snapshot.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  // A copy of the test run's template: a fresh database, migrated (and seeded, which adds no schema).
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

test('the migrated schema is the committed snapshot (npm run db:snapshot updates it)', async () => {
  const committed = readFileSync(schemaSnapshotFile, 'utf8');
  const migrated = await readSchemaSnapshot(testDb.db);
  expect(
    migrated,
    'The schema of a freshly migrated database differs from apps/server/src/db/schema.snapshot.txt (diff below). ' +
      'If the change is meant, run `npm run db:snapshot` and commit the file with the migration.',
  ).toBe(committed);
});
