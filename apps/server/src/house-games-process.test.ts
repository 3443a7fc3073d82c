import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from './free-port.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';

/**
 * The house games process dies with the API that started it, even when the API is SIGKILLed: else
 * it would live on as an orphan holding the port the API's next start needs. A stand-in parent starts
 * it as house-games-process.ts does (with an IPC channel), then is killed.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

const houseGamesMain = path.resolve(import.meta.dirname, '../../house-games/src/main.ts');

async function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    (response) => response.ok,
    () => false,
  );
}

test('the house games process stops when the API that started it is killed with SIGKILL', async () => {
  const port = await freePort();
  const parentScript = `
    const { spawn } = require('node:child_process');
    spawn(process.execPath, ['--import', 'tsx', ${JSON.stringify(houseGamesMain)}], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: process.env });
    setInterval(() => {}, 1000);`;
  const parent = spawn(process.execPath, ['-e', parentScript], {
    env: {
      ...process.env,
      HOUSE_GAMES_PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.connectionString,
      HOUSE_VENDOR_SECRET: 'test-secret-0123456789',
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  const health = `http://127.0.0.1:${port}/health`;
  try {
    for (let attempt = 0; attempt < 300 && !(await answers(health)); attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await answers(health)).toBe(true);

    parent.kill('SIGKILL');
    let stillAnswering = true;
    for (let attempt = 0; attempt < 100 && stillAnswering; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stillAnswering = await answers(health);
    }
    expect(stillAnswering).toBe(false);
  } finally {
    parent.kill('SIGKILL');
  }
}, 60_000);

test('a second house games process on the same database waits until the first is gone, then takes over', async () => {
  const start = (port: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', houseGamesMain], {
      env: {
        ...process.env,
        HOUSE_GAMES_PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.connectionString,
        HOUSE_VENDOR_SECRET: 'test-secret-0123456789',
        // The process logs with pino (JSON lines on stdout), as the API does; the wait is a warning.
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    return { child, output: () => output, health: `http://127.0.0.1:${port}/health` };
  };
  const until = async (check: () => boolean | Promise<boolean>, tries = 300) => {
    for (let attempt = 0; attempt < tries && !(await check()); attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    return check();
  };
  const first = start(await freePort());
  let second: ReturnType<typeof start> | null = null;
  try {
    expect(await until(() => answers(first.health))).toBe(true);
    second = start(await freePort());
    const waiting = second;
    expect(await until(() => waiting.output().includes('waiting to take over'))).toBe(true);
    expect(await answers(waiting.health)).toBe(false);

    first.child.kill('SIGTERM');
    expect(await until(() => answers(waiting.health))).toBe(true);
    expect(await answers(first.health)).toBe(false);
  } finally {
    first.child.kill('SIGKILL');
    second?.child.kill('SIGKILL');
  }
}, 90_000);
