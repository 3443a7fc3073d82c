import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

/**
 * The real process: `main.ts` as `npm start` runs it (from source here), on its own embedded
 * database in a temporary DATA_DIR, stopped by a signal.
 */
const mainFile = path.join(import.meta.dirname, 'main.ts');
const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const line = stdout.split('\n').find((entry) => entry.includes('site and API listening'));
      if (line) resolve(JSON.parse(line).url as string);
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before listening:\n${stdout}\n${stderr}`)));
  });
  // A run that is expected to fail never listens; that rejection is not an error of the test.
  listening.catch(() => {});
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

describe('the server process', () => {
  test('a bad setting lists every problem and exits 1', async () => {
    const server = run({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr).toContain('PORT');
    expect(stderr).toContain('LOG_LEVEL');
  });

  test('starts the embedded database, seeds the demo merchant, serves, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lotus-main-'));
    dataDirs.push(dataDir);
    const server = run({ DATA_DIR: dataDir });
    const url = await server.listening;

    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toEqual({ success: true, value: { status: 'ready' } });
    const whitelabel = await fetch(`${url}/wps/system/whitelabel`, { headers: { Merchant: 'demo' } });
    expect(((await whitelabel.json()) as { value: { merchantCode: string } }).value.merchantCode).toBe('demo');
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // PostgreSQL removes its pid file only on a clean shutdown.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(server.output().stdout).toContain('shutting down');
  }, 90_000);
});
