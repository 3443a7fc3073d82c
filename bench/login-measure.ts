// The login benchmark (a row of npm run bench): sealed password logins over HTTP from a few workers,
// each login a fresh seal (a sealed body is good once) from a different client address, so neither
// replay protection nor the per-address throttle is what gets measured. Most of a login's time is the
// argon2id verification, by design: the figure is a capacity reading, not a target.
import { randomInt } from 'node:crypto';
import { apiPaths, publicKeySchema } from '@lotus/contract';
import { connect } from '../apps/server/src/db/database.ts';
import { hashPassword } from '../apps/server/src/modules/identity/index.ts';
import { insertTestMember } from '../apps/server/src/testing/members.ts';
import { sealForTest } from '../apps/server/src/testing/seal-payload.ts';
import { percentile } from './percentile.ts';

const password = 'bench-login-1';

export interface LoginResult {
  workers: number;
  loginsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
}

export async function measureLogin(
  baseUrl: string,
  connectionString: string,
  workers: number,
  seconds: number,
): Promise<LoginResult> {
  const db = connect(connectionString, 2);
  const usernames: string[] = [];
  try {
    const merchant = await db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    const passwordHash = await hashPassword(password);
    for (let index = 0; index < workers; index += 1) {
      const username = `benchlogin${Date.now().toString(36)}${index}`;
      const memberId = await insertTestMember(db, merchant.id, username);
      await db.updateTable('member').set({ password_hash: passwordHash }).where('id', '=', memberId).execute();
      usernames.push(username);
    }
  } finally {
    await db.destroy();
  }
  const keyResponse = await fetch(`${baseUrl}${apiPaths.publicKey}`, { headers: { Merchant: 'demo' } });
  const publicKey = publicKeySchema.parse(((await keyResponse.json()) as { value: unknown }).value);

  const latencies: number[] = [];
  let failed = 0;
  const deadline = performance.now() + seconds * 1_000;
  const started = performance.now();
  await Promise.all(
    usernames.map(async (username) => {
      while (performance.now() < deadline) {
        const sealed = sealForTest({ type: 'username', username, password, sliderToken: 'bypass' }, publicKey);
        const begin = performance.now();
        const response = await fetch(`${baseUrl}${apiPaths.login}`, {
          method: 'POST',
          headers: {
            Merchant: 'demo',
            Language: 'EN',
            'content-type': 'application/json',
            Encryption: sealed.encryptionHeader,
            // A documentation address per login (TEST-NET-2), believed because the API trusts this proxy.
            'X-Forwarded-For': `198.51.100.${randomInt(1, 255)}`,
          },
          body: JSON.stringify(sealed.body),
        });
        const envelope = (await response.json()) as { success: boolean };
        if (envelope.success) latencies.push(performance.now() - begin);
        else failed += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1_000;
  latencies.sort((a, b) => a - b);
  return {
    workers,
    loginsPerSecond: Number((latencies.length / elapsed).toFixed(1)),
    p50Ms: Number(percentile(latencies, 0.5).toFixed(1)),
    p99Ms: Number(percentile(latencies, 0.99).toFixed(1)),
    failed,
  };
}
