import { trialMemberType } from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import {
  dayMs,
  loginResultValueSchema,
  minuteMs,
  useLoginTestKit,
  type RequestOptions,
  type TestMember,
} from '../login-security.testing.ts';
import { verifyPassword } from './passwords.ts';

/** POST /wps/member/password, and the forced change of spec §4 that restricts a session until it is done. */
const kit = useLoginTestKit();

const newPassword = 'newsecret456';

function changePassword(token: string, body: Record<string, unknown>, options: RequestOptions = {}) {
  return kit.sendSealed('POST', '/wps/member/password', body, { ...options, token });
}

function validChange(member: TestMember, overrides: Record<string, unknown> = {}) {
  return { oldPassword: member.password, newPassword, confirmNewPassword: newPassword, ...overrides };
}

async function storedHash(member: TestMember): Promise<string> {
  const row = await kit.db
    .selectFrom('member')
    .select('password_hash')
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

/** A call outside the few a restricted session may make. */
function otherCall(token: string) {
  return kit.send('GET', '/wps/v2/member/securityConfig/totp', undefined, { token });
}

describe('POST /wps/member/password', () => {
  test('changes it: new argon2id hash, age restarted, other sessions and remember tokens ended, this session goes on', async () => {
    const member = await kit.registerMember();
    const other = loginResultValueSchema.parse((await kit.passwordLogin(member, { remember: true })).json().value);
    kit.clock.nowMs += minuteMs;
    const response = await changePassword(member.token, validChange(member));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, value: null });

    const row = await kit.db.selectFrom('member').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row.password_hash, newPassword)).toBe(true);
    expect(row).toMatchObject({ must_change_password: false, password_changed_at: new Date(kit.clock.nowMs) });

    expect((await kit.memberInfo(member.token)).statusCode).toBe(200);
    expect((await kit.memberInfo(other.token)).statusCode).toBe(401);
    expect((await kit.rememberLogin(member.username, other.rememberToken!)).json()).toMatchObject({
      errorCode: 'login.remember.invalid',
    });
    expect((await kit.passwordLogin(member)).json()).toMatchObject({ errorCode: 'login.failed' });
    expect((await kit.passwordLogin({ username: member.username, password: newPassword })).statusCode).toBe(200);
  });

  test.each([
    ['the old password empty', { oldPassword: '' }, 'validation.failed', 'oldPassword', /oldPassword/],
    [
      'the new password under the rule',
      { newPassword: 'abc12', confirmNewPassword: 'abc12' },
      'validation.failed',
      'newPassword',
      /newPassword/,
    ],
    [
      'the new password over the rule',
      { newPassword: 'a'.repeat(21), confirmNewPassword: 'a'.repeat(21) },
      'validation.failed',
      'newPassword',
      /newPassword/,
    ],
    [
      'the new password off the pattern',
      { newPassword: 'secret 456', confirmNewPassword: 'secret 456' },
      'validation.failed',
      'newPassword',
      /newPassword/,
    ],
    [
      'the new password empty',
      { newPassword: '', confirmNewPassword: '' },
      'validation.failed',
      'newPassword',
      /newPassword/,
    ],
    [
      'the new password with a control character',
      { newPassword: 'secret\u0000456', confirmNewPassword: 'secret\u0000456' },
      'validation.failed',
      'newPassword',
      /newPassword/,
    ],
    [
      'a confirmation that differs',
      { confirmNewPassword: 'newsecret457' },
      'validation.failed',
      'confirmNewPassword',
      /^Incorrect confirmation input$/,
    ],
    [
      'the new password equal to the old',
      { newPassword: 'secret123', confirmNewPassword: 'secret123' },
      'password.unchanged',
      'newPassword',
      /different/,
    ],
    [
      'the old password wrong',
      { oldPassword: 'secret124' },
      'password.old.invalid',
      'oldPassword',
      /^The old password is wrong$/,
    ],
    ['a field of the wrong type', { newPassword: 123456 }, 'validation.failed', 'newPassword', /newPassword/],
    [
      'a field missing',
      { confirmNewPassword: undefined },
      'validation.failed',
      'confirmNewPassword',
      /confirmNewPassword/,
    ],
  ])('%s: 400 naming the field, nothing changed', async (_name, overrides, errorCode, field, message) => {
    const member = await kit.registerMember();
    const before = await storedHash(member);
    const response = await changePassword(member.token, validChange(member, overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, value: null, errorCode, field });
    expect(response.json().message).toMatch(message);
    expect(await storedHash(member)).toBe(before);
    expect((await kit.memberInfo(member.token)).statusCode).toBe(200);
  });

  test('errors come in Thai too', async () => {
    const member = await kit.registerMember();
    const mismatch = await changePassword(member.token, validChange(member, { confirmNewPassword: 'x1234567' }), {
      language: 'TH',
    });
    expect(mismatch.json()).toMatchObject({ field: 'confirmNewPassword', message: 'การยืนยันรหัสผ่านไม่ถูกต้อง' });
    const wrongOld = await changePassword(member.token, validChange(member, { oldPassword: 'nope12345' }), {
      language: 'TH',
    });
    expect(wrongOld.json()).toMatchObject({ errorCode: 'password.old.invalid', message: 'รหัสผ่านเดิมไม่ถูกต้อง' });
  });

  test('5 wrong old passwords in 15 minutes: the 6th attempt is 429 with Retry-After, even with the right one; later it passes', async () => {
    const member = await kit.registerMember();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await changePassword(member.token, validChange(member, { oldPassword: `wrong${attempt}xx` }));
      expect(wrong.json()).toMatchObject({ errorCode: 'password.old.invalid' });
      kit.clock.nowMs += minuteMs;
    }
    const throttled = await changePassword(member.token, validChange(member));
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ success: false, errorCode: 'TOO_MANY_REQUESTS' });
    // The oldest failure leaves the window 15 minutes after it: 10 minutes from now.
    expect(throttled.headers['retry-after']).toBe(String(10 * 60));

    kit.clock.nowMs += 10 * minuteMs;
    const allowed = await changePassword(member.token, validChange(member));
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  test('needs a token (401), refuses a trial account (403), and must be sealed', async () => {
    const anonymous = await kit.sendSealed('POST', '/wps/member/password', {
      oldPassword: 'a',
      newPassword: 'b',
      confirmNewPassword: 'b',
    });
    expect(anonymous.statusCode).toBe(401);
    const trial = await kit.registerMember();
    await kit.db.updateTable('member').set({ is_agent: trialMemberType }).where('id', '=', trial.id).execute();
    const refused = await changePassword(trial.token, validChange(trial));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'member.trial.forbidden' });

    const member = await kit.registerMember();
    const plain = await kit.send('POST', '/wps/member/password', validChange(member), { token: member.token });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ errorCode: 'payload.encryption.invalid' });
  });
});

describe('forced password change', () => {
  test('by flag: passwordExpired, a restricted session that only info, language, logout and the change may use, freed by the change', async () => {
    const member = await kit.registerMember();
    await kit.db.updateTable('member').set({ must_change_password: true }).where('id', '=', member.id).execute();
    const login = loginResultValueSchema.parse((await kit.passwordLogin(member)).json().value);
    expect(login.passwordExpired).toBe(true);

    const refused = await otherCall(login.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      value: null,
      errorCode: 'password.change.required',
      message: 'Please change your password before you continue',
    });
    expect((await kit.memberInfo(login.token)).statusCode).toBe(200);
    expect(
      (await kit.send('POST', '/wps/member/language', { language: 'TH' }, { token: login.token })).statusCode,
    ).toBe(200);
    // Sessions opened before the flag was set are not restricted.
    expect((await otherCall(member.token)).statusCode).toBe(200);

    const change = await changePassword(login.token, validChange(member));
    expect(change.statusCode, change.body).toBe(200);
    expect((await otherCall(login.token)).statusCode).toBe(200);
    expect((await otherCall(member.token)).statusCode).toBe(401);
    const next = loginResultValueSchema.parse(
      (await kit.passwordLogin({ username: member.username, password: newPassword })).json().value,
    );
    expect(next.passwordExpired).toBe(false);

    const logout = await kit.send('DELETE', '/wps/session/logout', undefined, { token: login.token });
    expect(logout.statusCode).toBe(200);
  });

  test('a restricted session may log out', async () => {
    const member = await kit.registerMember();
    await kit.db.updateTable('member').set({ must_change_password: true }).where('id', '=', member.id).execute();
    const login = loginResultValueSchema.parse((await kit.passwordLogin(member)).json().value);
    const logout = await kit.send('DELETE', '/wps/session/logout', undefined, { token: login.token });
    expect(logout.statusCode).toBe(200);
    expect((await kit.memberInfo(login.token)).statusCode).toBe(401);
  });

  test('by age: older than passwordMaxAgeDays (90) with forced change on expiry switched on', async () => {
    const member = await kit.registerMember();
    kit.clock.nowMs += 90 * dayMs - minuteMs;
    const young = loginResultValueSchema.parse((await kit.passwordLogin(member)).json().value);
    expect(young.passwordExpired).toBe(false);
    kit.clock.nowMs += minuteMs;
    const old = loginResultValueSchema.parse((await kit.passwordLogin(member)).json().value);
    expect(old.passwordExpired).toBe(true);
    expect((await otherCall(old.token)).json()).toMatchObject({ errorCode: 'password.change.required' });

    await kit.updateMerchantConfig((config) => {
      config.switches.forcedPasswordChangeOnExpiry = false;
    });
    try {
      const unforced = loginResultValueSchema.parse((await kit.passwordLogin(member)).json().value);
      expect(unforced.passwordExpired).toBe(false);
    } finally {
      await kit.updateMerchantConfig((config) => {
        config.switches.forcedPasswordChangeOnExpiry = true;
      });
    }

    await kit.updateMerchantConfig((config) => {
      config.loginSecurity.passwordMaxAgeDays = 365;
    });
    try {
      expect(loginResultValueSchema.parse((await kit.passwordLogin(member)).json().value).passwordExpired).toBe(false);
    } finally {
      await kit.updateMerchantConfig((config) => {
        config.loginSecurity.passwordMaxAgeDays = 90;
      });
    }

    const change = await changePassword(old.token, validChange(member));
    expect(change.statusCode, change.body).toBe(200);
    expect(
      loginResultValueSchema.parse(
        (await kit.passwordLogin({ username: member.username, password: newPassword })).json().value,
      ).passwordExpired,
    ).toBe(false);
  });
});
