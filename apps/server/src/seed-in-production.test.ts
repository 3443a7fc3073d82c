// With NODE_ENV=production nothing of the demo (its merchant, its content, the demo agent whose
// password is public) is seeded unless asked for: not by `npm start` on an empty database, not by
// `npm run db:seed`. Asked for (SEED_DEMO=1, or `db:seed -- --demo`), it is. Beside main.test.ts, not
// in db/: it tests process start-up and settings, so it stays out of the DATABASE_URL pass.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startServer } from './server.ts';
import { demoAgent } from './modules/merchant/index.ts';
import { withDatabase } from './testing/global-setup.ts';

const adminConnectionString = inject('adminConnectionString');
const seedScript = path.join(import.meta.dirname, 'scripts/seed.ts');
const vendorSecret = 'production-vendor-secret-0123456789';
const vendorSecretKey = 'production-vendor-secret-key-0123456789';
const created: string[] = [];

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminConnectionString });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** An empty database (not the seeded test template): what a first production start meets. */
async function emptyDatabase(): Promise<string> {
  const name = `lotus_seedprod_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminConnectionString });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  return withDatabase(adminConnectionString, name);
}

/** What the demo left in a database: merchants, members (the demo agent is one), and the agent by name. */
async function demoRows(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const migrated = await client.query(`SELECT to_regclass('public.merchant') IS NOT NULL AS migrated`);
    if (!migrated.rows[0].migrated) return { migrated: false, merchants: 0, members: 0, demoAgent: 0 };
    const count = async (query: string, values: unknown[] = []) =>
      Number((await client.query(query, values)).rows[0].count);
    return {
      migrated: true,
      merchants: await count('SELECT count(*) FROM merchant'),
      members: await count('SELECT count(*) FROM member'),
      demoAgent: await count('SELECT count(*) FROM member WHERE username = $1', [demoAgent.username]),
    };
  } finally {
    await client.end();
  }
}

/** `npm run db:seed` as a process (from source), with the given settings and arguments. */
function runSeed(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', seedScript, ...args], {
      env: { ...process.env, REDIS_URL: '', SEED_DEMO: '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const production = {
  NODE_ENV: 'production',
  HOUSE_VENDOR_SECRET: vendorSecret,
  VENDOR_SECRET_KEY: vendorSecretKey,
} as const;

describe('SEED_DEMO', () => {
  test.each([
    [{}, true],
    [{ NODE_ENV: 'development' }, true],
    [production, false],
    [{ ...production, SEED_DEMO: '' }, false],
    [{ ...production, SEED_DEMO: '1' }, true],
    [{ NODE_ENV: 'development', SEED_DEMO: 'false' }, false],
  ])('%o reads as %s', (env, expected) => {
    expect(loadConfig(env).SEED_DEMO).toBe(expected);
  });
});

describe('with NODE_ENV=production', () => {
  const startOn = async (connectionString: string, env: Record<string, string> = {}) => {
    const config = loadConfig({
      ...production,
      DATABASE_URL: connectionString,
      HOST: '127.0.0.1',
      PORT: '0',
      HOUSE_GAMES_ENABLED: '0',
      JOBS_ENABLED: '0',
      LOG_LEVEL: 'silent',
      ...env,
    });
    const server = await startServer(config, createLogger(config));
    await server.close();
  };

  test('the first start on an empty database migrates it and seeds no demo merchant, member or agent', async () => {
    const database = await emptyDatabase();
    await startOn(database);
    expect(await demoRows(database)).toEqual({ migrated: true, merchants: 0, members: 0, demoAgent: 0 });
  }, 60_000);

  test('SEED_DEMO=1 at start seeds the demo', async () => {
    const database = await emptyDatabase();
    await startOn(database, { SEED_DEMO: '1' });
    expect(await demoRows(database)).toMatchObject({ merchants: 1, demoAgent: 1 });
  }, 60_000);

  test('db:seed refuses without being asked, before it touches the database', async () => {
    const database = await emptyDatabase();
    const run = await runSeed({ ...production, DATABASE_URL: database });
    expect(run.code).toBe(1);
    expect(run.output).toContain('--demo');
    expect(await demoRows(database)).toEqual({ migrated: false, merchants: 0, members: 0, demoAgent: 0 });
  }, 60_000);

  test('db:seed asked with --demo seeds the demo merchant and its agent', async () => {
    const database = await emptyDatabase();
    const run = await runSeed({ ...production, DATABASE_URL: database }, ['--demo']);
    expect(run.code, run.output).toBe(0);
    expect(await demoRows(database)).toMatchObject({ migrated: true, merchants: 1, demoAgent: 1 });
  }, 60_000);
});
