import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { connect, migrateToLatest } from '../db/database.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { seedDemo } from '../db/seed.ts';
import { createLogger } from '../logger.ts';

/**
 * Runs once per test run: a PostgreSQL server (DATABASE_URL when set, else an embedded one in a
 * temporary DATA_DIR), and a template database migrated and seeded once. Each test file then gets
 * its own copy (CREATE DATABASE ... TEMPLATE), which takes milliseconds and keeps files independent.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the maintenance database (`postgres`) on the test server. */
    adminConnectionString: string;
    templateDatabase: string;
  }
}

const templateDatabase = `lotus_test_template_${process.pid}`;

export default async function setup(project: TestProject) {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
  const logger = createLogger({ LOG_LEVEL: 'warn' });
  let embedded: EmbeddedDatabase | null = null;
  let dataDir: string | null = null;
  let serverUrl: string;
  if (config.DATABASE_URL) {
    serverUrl = config.DATABASE_URL;
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lotus-test-'));
    embedded = await startEmbeddedPostgres(dataDir, logger);
    serverUrl = embedded.connectionString;
  }
  const adminConnectionString = withDatabase(serverUrl, 'postgres');

  const admin = new pg.Client({ connectionString: adminConnectionString });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase}`);
  await admin.query(`CREATE DATABASE ${templateDatabase}`);
  await admin.end();

  const db = connect(withDatabase(serverUrl, templateDatabase), 2);
  await migrateToLatest(db, logger);
  await seedDemo(db);
  await db.destroy();

  project.provide('adminConnectionString', adminConnectionString);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    const cleanup = new pg.Client({ connectionString: adminConnectionString });
    await cleanup.connect();
    const leftovers = await cleanup.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [templateDatabase, `lotus_test_${process.pid}_%`],
    );
    for (const { datname } of leftovers.rows) await cleanup.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await cleanup.end();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}
