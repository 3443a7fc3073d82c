import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger } from '../logger.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { connect, migrateToLatest } from './database.ts';
import { applyRepeatableFunctions, readFunctionFiles, type FunctionFile } from './repeatable-functions.ts';

const logger = createLogger({ LOG_LEVEL: 'silent' });
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

const files = readFunctionFiles();
const batchFile = files.find((file) => file.name === 'vendor_wallet_play_batch')!;

async function sourceOf(name: string): Promise<string> {
  const { rows } = await sql<{ prosrc: string }>`SELECT prosrc FROM pg_proc WHERE proname = ${name}`.execute(testDb.db);
  return rows[0]!.prosrc;
}

/** The database as one that applied an older file: the old body in place and its checksum recorded. */
async function installOlderBody(): Promise<FunctionFile> {
  const older = { ...batchFile, body: batchFile.body.replace('AS $fn$', 'AS $fn$\n-- the older body\n') };
  older.checksum = `older-${batchFile.checksum}`;
  expect(older.body).not.toBe(batchFile.body);
  await applyRepeatableFunctions(testDb.db, logger, [older]);
  expect(await sourceOf('vendor_wallet_play_batch')).toContain('-- the older body');
  return older;
}

describe('repeatable database functions (db/functions)', () => {
  test('every function of the database has its file, and a migrated database records every file as applied', async () => {
    const { rows } = await sql<{ proname: string }>`
      SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' ORDER BY 1`.execute(testDb.db);
    expect(rows.map((row) => row.proname)).toEqual(files.map((file) => file.name));
    const recorded = await sql<{
      name: string;
      checksum: string;
    }>`SELECT name, checksum FROM db_function ORDER BY name`.execute(testDb.db);
    expect(recorded.rows).toEqual(files.map(({ name, checksum }) => ({ name, checksum })));
  });

  test('a database migrated with an older body of a function gets the current body on the next start', async () => {
    await installOlderBody();
    const applied = await applyRepeatableFunctions(testDb.db, logger);
    expect(applied).toEqual(['vendor_wallet_play_batch']);
    expect(await sourceOf('vendor_wallet_play_batch')).not.toContain('-- the older body');
    expect(batchFile.body).toContain((await sourceOf('vendor_wallet_play_batch')).trim());
    // Nothing left to do: the next start applies nothing.
    expect(await applyRepeatableFunctions(testDb.db, logger)).toEqual([]);
  });

  test('two instances starting at once apply a changed function once', async () => {
    await installOlderBody();
    // Two servers' start-ups: each its own pool and the whole migrator (numbered migrations, then the
    // repeatable step), counted by the lines they log.
    const lines: string[] = [];
    const destination = { write: (line: string) => void lines.push(line) };
    const first = connect(testDb.connectionString, 2);
    const second = connect(testDb.connectionString, 2);
    try {
      await Promise.all([
        migrateToLatest(first, createLogger({ LOG_LEVEL: 'info' }, destination)),
        migrateToLatest(second, createLogger({ LOG_LEVEL: 'info' }, destination)),
      ]);
    } finally {
      await first.destroy();
      await second.destroy();
    }
    const applied = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'database function applied');
    expect(applied.map((entry) => entry.function)).toEqual(['vendor_wallet_play_batch']);
    expect(await sourceOf('vendor_wallet_play_batch')).not.toContain('-- the older body');
  });

  test('a function a numbered migration dropped (to change its result type) is created again', async () => {
    await sql`DROP FUNCTION vendor_wallet_play_batch(jsonb, boolean)`.execute(testDb.db);
    expect(await applyRepeatableFunctions(testDb.db, logger)).toEqual(['vendor_wallet_play_batch']);
    expect(batchFile.body).toContain((await sourceOf('vendor_wallet_play_batch')).trim());
  });

  test.each(files)('$name catches no error it does not name (no WHEN OTHERS)', ({ body }) => {
    expect(body).not.toMatch(/WHEN\s+OTHERS/i);
  });

  test.each(files)('$name names a member type instead of comparing is_agent with a bare number', ({ body }) => {
    expect(body).not.toMatch(/is_agent\s*(=|<>|!=|IN\b)\s*\(?\s*\d/i);
  });

  test('a file that fails changes nothing: the transaction is undone and the error reaches the caller', async () => {
    const broken = { name: 'vendor_wallet_play_batch', body: 'CREATE OR REPLACE FUNCTION', checksum: 'broken' };
    await expect(applyRepeatableFunctions(testDb.db, logger, [broken])).rejects.toThrow();
    const recorded = await sql<{
      checksum: string;
    }>`SELECT checksum FROM db_function WHERE name = 'vendor_wallet_play_batch'`.execute(testDb.db);
    expect(recorded.rows[0]!.checksum).toBe(batchFile.checksum);
  });
});
