import { hash } from '@node-rs/argon2';
import { describe, expect, test } from 'vitest';
import { findLockedUntilMs, lockDurationMs } from './log-in.ts';
import { progressiveDelayMs } from './login-throttle.ts';
import { useLoginTestKit } from '../login-security.testing.ts';
import { hashPassword, needsRehash, verifyPassword } from '../passwords/passwords.ts';

const minute = 60_000;
const nowMs = Date.UTC(2026, 10, 22, 12, 0, 0);
/** `count` failures, newest first, the newest `newestAgoMs` before now and `spacingMs` apart. */
function failures(count: number, newestAgoMs: number, spacingMs: number): number[] {
  return Array.from({ length: count }, (_, index) => nowMs - newestAgoMs - index * spacingMs);
}

describe('findLockedUntilMs', () => {
  test.each([
    ['no failures', [], null],
    ['9 failures in a minute', failures(9, 0, 1000), null],
    ['10 failures spread over more than 15 minutes', failures(10, 0, 2 * minute), null],
    ['10 failures whose lock has run out', failures(10, 15 * minute, 1000), null],
    ['10 failures in a minute, just now', failures(10, 0, 1000), nowMs + lockDurationMs],
    [
      '10 failures in 14 minutes, the last 5 minutes ago',
      failures(10, 5 * minute, (14 * minute) / 9),
      nowMs + 10 * minute,
    ],
  ])('%s', (_name, list, expected) => {
    expect(findLockedUntilMs(list, nowMs)).toBe(expected);
  });
});

describe('rehash on login', () => {
  const kit = useLoginTestKit();

  test.each([
    ['weaker parameters', { memoryCost: 4096, timeCost: 1, parallelism: 1 }],
    ['stronger parameters', { memoryCost: 19_456, timeCost: 3, parallelism: 1 }],
  ])(
    'a hash made with %s is replaced by one with today’s at the next right login; its age stays',
    async (_name, options) => {
      const oldHash = await hash('secret123', options);
      expect(needsRehash(oldHash)).toBe(true);
      const member = await kit.registerMember({ passwordHash: oldHash, loggedIn: false });
      const stored = () =>
        kit.db
          .selectFrom('member')
          .select(['password_hash', 'password_changed_at'])
          .where('id', '=', member.id)
          .executeTakeFirstOrThrow();
      const before = await stored();

      expect((await kit.passwordLogin({ username: member.username, password: 'wrong-password' })).statusCode).toBe(400);
      expect((await stored()).password_hash).toBe(oldHash);

      expect((await kit.passwordLogin(member)).statusCode).toBe(200);
      const after = await stored();
      expect(after.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(needsRehash(after.password_hash)).toBe(false);
      expect(await verifyPassword(after.password_hash, 'secret123')).toBe(true);
      expect(after.password_changed_at).toEqual(before.password_changed_at);
      expect((await kit.passwordLogin(member)).statusCode).toBe(200);
      expect((await stored()).password_hash).toBe(after.password_hash);
    },
  );

  test('needsRehash: only today’s argon2id parameters pass', async () => {
    expect(needsRehash(await hashPassword('secret123'))).toBe(false);
    expect(needsRehash('$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g')).toBe(true);
    expect(needsRehash('$argon2id$v=16$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g')).toBe(true);
    expect(needsRehash('not-a-hash')).toBe(true);
  });
});

describe('progressive delay of wrong answers', () => {
  const pauses: number[] = [];
  const kit = useLoginTestKit({
    pause: async (ms) => {
      pauses.push(ms);
    },
  });

  test.each([
    [1, 0],
    [2, 0],
    [3, 500],
    [4, 1000],
    [9, 3500],
    [10, 4000],
    [30, 4000],
  ])('the failure that makes %i waits %i ms', (failures, delayMs) => {
    expect(progressiveDelayMs(failures)).toBe(delayMs);
  });

  test('each wrong password waits longer than the one before, for a real account and an unknown name alike; a right one never waits', async () => {
    const member = await kit.registerMember({ loggedIn: false });
    const sequences: number[][] = [];
    for (const [username, ip] of [
      [member.username, '10.20.0.1'],
      ['nobodyhere', '10.20.0.2'],
    ] as const) {
      pauses.length = 0;
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await kit.passwordLogin({ username, password: 'wrong-password' }, { ip, captcha: 'bypass' });
        expect(response.statusCode).toBe(400);
      }
      sequences.push([...pauses]);
    }
    expect(sequences).toEqual([
      [0, 0, 500, 1000, 1500],
      [0, 0, 500, 1000, 1500],
    ]);
    pauses.length = 0;
    expect((await kit.passwordLogin(member, { ip: '10.20.0.3', captcha: 'bypass' })).statusCode).toBe(200);
    expect(pauses).toEqual([]);
  });
});
