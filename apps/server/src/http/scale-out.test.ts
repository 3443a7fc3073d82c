import { randomBytes, randomUUID } from 'node:crypto';
import { apiPaths, chatPaths } from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { developmentHouseVendorSecret } from '../config.ts';
import { startJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import { createLogger } from '../logger.ts';
import { createGameSession, houseVendorCode, signBody } from '../modules/seamless-wallet/index.ts';
import { openStream } from '../modules/wallet/wallet.testing.ts';
import { isMessage, openChatSocket } from '../modules/chat/chat.testing.ts';
import { insertTestOperator } from '../modules/backoffice/backoffice.testing.ts';
import { fundedTestMember } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Scale-out: two API instances (two apps, two ports) on one database and one Redis behave as one
 * platform. A throttle counted on one is enforced by the other, a balance change made through one
 * reaches a stream opened on the other, and a job both ask for runs once.
 *
 * Runs only with REDIS_URL (CI exports it when the machine's Redis answers, see .ci/run): shared
 * throttles are Redis's job, and without it each instance counts alone by design.
 */
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('two API instances behind one load balancer', () => {
  let first: TestApp;
  let second: TestApp;
  let firstUrl: string;
  let secondUrl: string;

  beforeAll(async () => {
    // One prefix for both instances (they are one deployment), new for each run (runs share the Redis).
    const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `lotus-scale-out:${randomBytes(6).toString('hex')}:` };
    first = await createTestApp(env);
    second = await createTestApp(env, { database: first.database });
    firstUrl = await first.app.listen({ host: '127.0.0.1', port: 0 });
    secondUrl = await second.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** Asks for a password-reset e-mail for an account that does not exist: cheap, and throttled at 5 a minute per client IP. */
  const askResetEmail = (baseUrl: string) =>
    fetch(`${baseUrl}${apiPaths.passwordEmail}`, {
      method: 'POST',
      headers: { Merchant: 'demo', Language: 'EN', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody-here', email: 'nobody@example.com' }),
    });

  test('a throttle counted on one instance is enforced by the other', async () => {
    // Both instances see the same client IP (127.0.0.1); the throttle's window is a minute from the first call.
    const limit = 5;
    for (let attempt = 1; attempt <= limit; attempt++) {
      const response = await askResetEmail(firstUrl);
      expect(response.status, `attempt ${attempt}`).toBe(200);
    }
    // The second instance has not served this client once, and still refuses it.
    const refused = await askResetEmail(secondUrl);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ success: false, errorCode: 'TOO_MANY_REQUESTS' });
    expect((await askResetEmail(firstUrl)).status).toBe(429);
  });

  test('a balance change made through one instance reaches a stream opened on the other', async () => {
    const member = await fundedTestMember(
      first.db,
      first.demoMerchantId,
      `scaleout${randomBytes(3).toString('hex')}`,
      10_000n,
    );
    const stream = await openStream(secondUrl, member.token);
    expect(stream.response.status).toBe(200);
    try {
      expect((await stream.next()).sumBalance).toBe('100.00');

      // A bet of 1.00 through the first instance, as the house vendor sends it.
      const { token: sessionToken } = await createGameSession(first.db, {
        merchantId: first.demoMerchantId,
        memberId: member.memberId,
        vendorCode: houseVendorCode,
        gameId: 'lucky-lotus',
        nowMs: Date.now(),
      });
      const bet = JSON.stringify({
        requestId: randomUUID(),
        timestamp: Date.now(),
        sessionToken,
        playerId: member.memberId.toString(),
        currency: 'THB',
        gameId: 'lucky-lotus',
        roundId: randomUUID(),
        transactionId: randomUUID(),
        amount: '1.00',
      });
      const response = await fetch(`${firstUrl}/vendor-api/${houseVendorCode}/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signBody(developmentHouseVendorSecret, bet) },
        body: bet,
      });
      expect(response.status, await response.clone().text()).toBe(200);

      expect((await stream.next()).sumBalance).toBe('99.00');
    } finally {
      stream.close();
    }
  });

  test('a chat message written through one instance reaches a socket opened on the other, both ways', async () => {
    const member = await fundedTestMember(
      first.db,
      first.demoMerchantId,
      `scalechat${randomBytes(3).toString('hex')}`,
      0n,
    );
    const operator = await insertTestOperator(first.db, { merchantId: first.demoMerchantId, role: 'support' });
    const opened = await first.app.inject({
      method: 'POST',
      url: chatPaths.memberConversation,
      headers: { merchant: 'demo', authorization: member.token },
    });
    const conversationId = opened.json<{ value: { id: string } }>().value.id;
    const memberSide = await openChatSocket(`${secondUrl.replace('http', 'ws')}${chatPaths.memberSocket}`, {
      token: member.token,
      headerMerchant: 'demo',
    });
    const operatorSide = await openChatSocket(
      `${firstUrl.replace('http', 'ws')}${chatPaths.adminSocket}?conversationId=${conversationId}`,
      { token: operator.token, merchant: 'demo' },
    );
    if (!('socket' in memberSide) || !('socket' in operatorSide)) throw new Error('a socket was refused');
    try {
      memberSide.socket.send({ type: 'send', clientId: randomUUID(), text: 'from the second instance' });
      expect((await operatorSide.socket.next(isMessage)).message.text).toBe('from the second instance');
      operatorSide.socket.send({ type: 'send', clientId: randomUUID(), text: 'from the first instance' });
      const answer = await memberSide.socket.next(
        (frame): frame is Extract<typeof frame, { type: 'message' }> =>
          isMessage(frame) && frame.message.sender === 'operator',
      );
      expect(answer.message.text).toBe('from the first instance');
    } finally {
      await Promise.all([memberSide.socket.close(), operatorSide.socket.close()]);
    }
  });

  test('a job both instances queue for the same run runs once', async () => {
    const runs: string[] = [];
    const logger = createLogger({ LOG_LEVEL: 'silent' });
    const queue = `scale-out.counted.${randomBytes(4).toString('hex')}`;
    const runners: JobRunner[] = [];
    try {
      // Each instance's runner, as server.ts starts it, with a job that records who ran it.
      for (const instance of ['first', 'second']) {
        const job = { name: queue, cron: '0 0 1 1 *', run: async () => ({ runs: runs.push(instance) }) };
        runners.push(
          await startJobRunner({
            connectionString: first.database.connectionString,
            logger,
            jobs: [job],
            pollingIntervalSeconds: 0.5,
          }),
        );
      }
      // Both instances react to the same event (here: the same run key) and queue its run.
      const queued = await Promise.all(runners.map((runner) => runner.runNow(queue, 'settle:2026-11-26')));
      expect(queued.filter((id) => id !== null)).toHaveLength(1);
      const id = queued.find((value) => value !== null)!;

      // A later run of another key goes through both workers' hands too; once it is done, every
      // worker has polled past the first run, so a second run of it could not still be coming.
      const later = await runners[1]!.runNow(queue, 'settle:2026-11-27');
      expect(later).toEqual(expect.any(String));
      await vi.waitFor(
        async () => {
          for (const jobId of [id, later!])
            expect((await runners[0]!.boss.getJobById(queue, jobId))?.state).toBe('completed');
        },
        { timeout: 20_000, interval: 200 },
      );
      expect(runs).toHaveLength(2);
      // One row per run in pg-boss's table: the second instance's request added nothing to run later.
      const rows = await sql<{
        count: string;
      }>`SELECT count(*)::text AS count FROM pgboss.job WHERE name = ${queue}`.execute(first.db);
      expect(rows.rows[0]!.count).toBe('2');
    } finally {
      await Promise.all(runners.map((runner) => runner.stop(5000)));
    }
  });
});
