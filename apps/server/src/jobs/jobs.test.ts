import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createLogger } from '../logger.ts';
import { insertTestMember } from '../testing/members.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { startJobRunner, type JobRunner } from './job-runner.ts';
import { pruneExpired } from './scheduled-jobs.ts';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
const nowMs = Date.UTC(2026, 10, 22, 12, 0, 0);
const at = (offsetMs: number) => new Date(nowMs + offsetMs);
const deadChallengeId = randomUUID();
const liveChallengeId = randomUUID();

let database: TestDatabase;
let merchantId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (
    await database.db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => database.drop());

describe('pruneExpired', () => {
  test('deletes what can never be used again and keeps everything that still can', async () => {
    const { db } = database;
    const challenge = (id: string, expiresInMs: number) => ({
      id,
      merchant_id: merchantId,
      kind: 'captcha' as const,
      answer_hash: 'x',
      answer_salt: 'y',
      gap_x: null,
      client_ip: '127.0.0.1',
      created_at: at(expiresInMs - 60_000),
      expires_at: at(expiresInMs),
    });
    await db
      .insertInto('challenge')
      .values([challenge(deadChallengeId, -1000), challenge(liveChallengeId, 60_000)])
      .execute();
    await db
      .insertInto('challenge_token')
      .values([
        {
          token_hash: 'prune-dead-token',
          merchant_id: merchantId,
          purpose: null,
          created_at: at(-3 * 60_000),
          expires_at: at(-60_000),
        },
        {
          token_hash: 'prune-live-token',
          merchant_id: merchantId,
          purpose: null,
          created_at: at(0),
          expires_at: at(120_000),
        },
      ])
      .execute();
    await db
      .insertInto('sealed_nonce')
      .values([
        { merchant_id: merchantId, nonce: 'prune-dead-nonce', expires_at: at(-1000) },
        { merchant_id: merchantId, nonce: 'prune-live-nonce', expires_at: at(60_000) },
      ])
      .execute();
    const code = (destination: string, expiresInMs: number) => ({
      merchant_id: merchantId,
      channel: 'sms' as const,
      destination,
      purpose: 'login' as const,
      code_hash: 'h',
      code_salt: 's',
      created_at: at(expiresInMs - 5 * 60_000),
      expires_at: at(expiresInMs),
    });
    // A day after expiry a code is gone; within the day it still counts towards the hourly cap's look-back.
    await db
      .insertInto('verification_code')
      .values([code('+66800000001', -dayMs - 1000), code('+66800000002', -hourMs)])
      .execute();

    const memberId = await insertTestMember(database.db, merchantId, 'prunejob', at(-40 * dayMs));
    const session = (tokenHash: string, expiresAtMs: number, revokedAtMs: number | null) => ({
      merchant_id: merchantId,
      member_id: memberId,
      token_hash: tokenHash,
      created_at: at(-60 * dayMs),
      last_seen_at: at(-60 * dayMs),
      expires_at: at(expiresAtMs),
      revoked_at: revokedAtMs === null ? null : at(revokedAtMs),
      ip: '127.0.0.1',
      country: 'TH',
      device: 'web',
      login_device_id: null,
    });
    await db
      .insertInto('member_session')
      .values([
        session('expired-long-ago', -31 * dayMs, null),
        session('revoked-long-ago', 10 * dayMs, -31 * dayMs),
        session('expired-recently', -dayMs, null),
        session('revoked-recently', 10 * dayMs, -dayMs),
        session('live', dayMs, null),
      ])
      .execute();

    // A social login flow (modules/identity/social) is gone a day after it and its registration token expired.
    const flow = (token: string, expiresInMs: number, registrationExpiresInMs: number | null) => ({
      merchant_id: merchantId,
      provider: 'line' as const,
      intent: 'login' as const,
      flow_token_hash: token,
      state: 's',
      nonce: 'n',
      code_verifier: 'v',
      redirect_uri: 'https://example.test/social/callback',
      ip: '127.0.0.1',
      created_at: at(expiresInMs - 10 * 60_000),
      expires_at: at(expiresInMs),
      ...(registrationExpiresInMs === null
        ? {}
        : {
            subject: 'U1',
            registration_token_hash: `${token}-registration`,
            registration_expires_at: at(registrationExpiresInMs),
          }),
    });
    await db
      .insertInto('social_login_flow')
      .values([
        flow('prune-dead-flow', -dayMs - 1000, null),
        flow('prune-registering-flow', -dayMs - 1000, 10 * 60_000),
        flow('prune-live-flow', 60_000, null),
      ])
      .execute();

    const outcome = await pruneExpired(db, nowMs);

    expect(outcome).toMatchObject({ challenges: 1, sliderTokens: 1, sealedNonces: 1, codes: 1, sessions: 2 });
    expect(
      (
        await db.selectFrom('challenge').select('id').where('id', 'in', [deadChallengeId, liveChallengeId]).execute()
      ).map((row) => row.id),
    ).toEqual([liveChallengeId]);
    expect(
      (
        await db.selectFrom('challenge_token').select('token_hash').where('token_hash', 'like', 'prune-%').execute()
      ).map((row) => row.token_hash),
    ).toEqual(['prune-live-token']);
    expect(
      (await db.selectFrom('sealed_nonce').select('nonce').where('nonce', 'like', 'prune-%').execute()).map(
        (row) => row.nonce,
      ),
    ).toEqual(['prune-live-nonce']);
    expect(
      (await db.selectFrom('verification_code').select('destination').execute()).map((row) => row.destination),
    ).toEqual(['+66800000002']);
    const sessions = await db
      .selectFrom('member_session')
      .select('token_hash')
      .where('member_id', '=', memberId)
      .orderBy('token_hash')
      .execute();
    expect(sessions.map((row) => row.token_hash)).toEqual(['expired-recently', 'live', 'revoked-recently']);
    const flows = await db
      .selectFrom('social_login_flow')
      .select('flow_token_hash')
      .where('flow_token_hash', 'like', 'prune-%')
      .orderBy('flow_token_hash')
      .execute();
    expect(flows.map((row) => row.flow_token_hash)).toEqual(['prune-live-flow', 'prune-registering-flow']);

    // A second run finds nothing more to do.
    expect(await pruneExpired(db, nowMs)).toEqual({
      challenges: 0,
      sliderTokens: 0,
      sealedNonces: 0,
      codes: 0,
      sessions: 0,
      idempotencyKeys: 0,
      rememberTokens: 0,
      loginVerifications: 0,
      passwordChangeFailures: 0,
      passwordResetLinks: 0,
      socialLoginFlows: 0,
    });
  });
});

describe('job runner (pg-boss on the same database)', () => {
  test('a job queued once runs once, though two instances are working', async () => {
    const runs: string[] = [];
    const logger = createLogger({ LOG_LEVEL: 'silent' });
    const job = (instance: string) => ({
      name: 'test.counted',
      cron: '0 0 1 1 *',
      run: async () => {
        runs.push(instance);
        return { runs: runs.length };
      },
    });
    const runners: JobRunner[] = [];
    try {
      for (const instance of ['a', 'b']) {
        runners.push(
          await startJobRunner({
            connectionString: database.connectionString,
            logger,
            jobs: [job(instance)],
            pollingIntervalSeconds: 0.5,
          }),
        );
      }
      const id = await runners[0]!.runNow('test.counted');
      expect(id).toEqual(expect.any(String));
      await vi.waitFor(
        async () => {
          const done = await runners[0]!.boss.getJobById('test.counted', id!);
          expect(done?.state).toBe('completed');
        },
        { timeout: 15_000, interval: 200 },
      );
      // Both workers polled through the run; still exactly one of them ran it.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(runs).toHaveLength(1);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop(5000)));
    }
  });
});
