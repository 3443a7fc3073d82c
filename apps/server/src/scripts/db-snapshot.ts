// npm run db:snapshot: migrates a new, empty database (on the server of DATABASE_URL, else an embedded
// one in a temporary directory) and writes its schema to apps/server/src/db/schema.snapshot.txt, the
// text db/schema-snapshot.test.ts compares every test run's migrated schema with.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { connect, migrateToLatest } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { readSchemaSnapshot, schemaSnapshotFile } from '../db/schema-snapshot.ts';
import { createLogger } from '../logger.ts';

const config = loadConfig();
const logger = createLogger({ LOG_LEVEL: 'warn' });
const dataDir = config.DATABASE_URL ? null : await mkdtemp(path.join(os.tmpdir(), 'lotus-snapshot-'));
const embedded = dataDir ? await startEmbeddedPostgres(dataDir, logger) : null;
const server = new URL(config.DATABASE_URL ?? embedded!.connectionString);
const name = `lotus_snapshot_${randomBytes(5).toString('hex')}`;
const adminUrl = new URL(server);
adminUrl.pathname = '/postgres';
const databaseUrl = new URL(server);
databaseUrl.pathname = `/${name}`;

const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
try {
  const db = connect(databaseUrl.toString(), 2);
  try {
    await migrateToLatest(db, logger);
    await writeFile(schemaSnapshotFile, await readSchemaSnapshot(db));
  } finally {
    await db.destroy();
  }
  console.log(`wrote ${path.relative(process.cwd(), fileURLToPath(schemaSnapshotFile))}`);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  await embedded?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
