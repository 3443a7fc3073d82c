import { loginResultSchema, trialMemberType } from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import { freshIp, useAccountsKit } from '../accounts.testing.ts';
import { hashToken } from '../sessions/sessions.ts';

/** POST /wps/session/login/freeplay: trial accounts. */
const kit = useAccountsKit();

const hourMs = 3_600_000;
const freePlay = (options: { ip?: string; language?: 'TH' | 'EN' } = {}) =>
  kit.sealed('POST', '/wps/session/login/freeplay', { loginDeviceId: 'device-1' }, options);

async function trialOf(token: string) {
  const session = await kit.testApp.db
    .selectFrom('member_session')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  const member = await kit.testApp.db
    .selectFrom('member')
    .selectAll()
    .where('id', '=', session.member_id)
    .executeTakeFirstOrThrow();
  const trial = await kit.testApp.db
    .selectFrom('member_trial')
    .selectAll()
    .where('member_id', '=', member.id)
    .executeTakeFirstOrThrow();
  return { session, member, trial };
}

describe('POST /wps/session/login/freeplay', () => {
  test('a new trial account (isAgent 4, no upline, no usable password) logged in until the trial ends; the login is journaled', async () => {
    const response = await freePlay();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const value = loginResultSchema.parse(response.json().value);
    expect(value).toMatchObject({ firstTimeLogin: true, passwordExpired: false, captchaRequired: false });

    const { session, member, trial } = await trialOf(value.token);
    expect(member).toMatchObject({
      is_agent: trialMemberType,
      upline_id: null,
      register_method: 'FREEPLAY',
      must_change_password: false,
    });
    expect(member.username).toMatch(/^trial[a-z2-9]{10}$/);
    expect(member.password_hash).toMatch(/^\$argon2id\$/);
    expect(trial.trial_expires_at.getTime()).toBe(kit.clock.nowMs + 24 * hourMs);
    expect(session.expires_at.getTime()).toBeLessThanOrEqual(trial.trial_expires_at.getTime());
    expect(session.login_device_id).toBe('device-1');
    const events = await kit.testApp.db
      .selectFrom('login_event')
      .selectAll()
      .where('member_id', '=', member.id)
      .execute();
    expect(events).toEqual([expect.objectContaining({ succeeded: true, username_tried: member.username })]);

    const info = await kit.json('GET', '/wps/member/info', undefined, { token: value.token });
    expect(info.json().value).toMatchObject({ account: member.username, type: trialMemberType });
  });

  test('a trial account starts with the merchant’s play money in its trial wallet, never as cash', async () => {
    const { token } = (await freePlay()).json().value as { token: string };
    const balance = await kit.json('GET', '/wps/v2/wallets/balance', undefined, { token });
    expect(balance.json().value).toMatchObject({
      sumBalance: '10000.00',
      isTrial: true,
      balance: [{ accountTypeId: 0, availBalance: '10000.00' }],
    });
    const { member } = await trialOf(token);
    const accounts = await kit.testApp.db
      .selectFrom('ledger_account')
      .select(['kind', 'balance'])
      .where('member_id', '=', member.id)
      .execute();
    expect(accounts).toEqual([{ kind: 'member_trial', balance: 1_000_000n }]);
  });

  test('two trials are two accounts', async () => {
    const first = await trialOf((await freePlay()).json().value.token);
    const second = await trialOf((await freePlay()).json().value.token);
    expect(first.member.id).not.toBe(second.member.id);
  });

  test('a shorter trial ends its session with it, however active the member is', async () => {
    await kit.changeConfig((config) => {
      config.accounts.trialHours = 1;
    });
    const { token } = (await freePlay()).json().value;
    const { session, trial } = await trialOf(token);
    expect(trial.trial_expires_at.getTime()).toBe(kit.clock.nowMs + hourMs);
    expect(session.expires_at.getTime()).toBe(trial.trial_expires_at.getTime());
    for (let step = 0; step < 2; step++) {
      kit.clock.nowMs += 20 * 60_000;
      expect((await kit.json('GET', '/wps/member/info', undefined, { token })).statusCode).toBe(200);
    }
    kit.clock.nowMs += 20 * 60_000;
    expect((await kit.json('GET', '/wps/member/info', undefined, { token })).statusCode).toBe(401);
  });

  test('switch freePlay off: 403 freeplay.disabled in the request language, nothing stored', async () => {
    await kit.changeConfig((config) => {
      config.switches.freePlay = false;
    });
    const before = await kit.countRows('member');
    const response = await freePlay({ language: 'TH' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      value: null,
      errorCode: 'freeplay.disabled',
      message: 'ขณะนี้ยังไม่เปิดให้ทดลองเล่นฟรี',
    });
    expect(await kit.countRows('member')).toBe(before);
  });

  test('at most 5 trial accounts an hour from one IP', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt++) expect((await freePlay({ ip })).statusCode).toBe(200);
    const before = await kit.countRows('member');
    const throttled = await freePlay({ ip });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
    expect(await kit.countRows('member')).toBe(before);
  });

  test('is sealed: a clear body is refused', async () => {
    const response = await kit.json('POST', '/wps/session/login/freeplay', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'payload.encryption.invalid' });
  });
});
