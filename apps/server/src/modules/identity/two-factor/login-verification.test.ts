import { loginVerifyRequiredValueSchema } from '@lotus/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  freshIp,
  loginResultValueSchema,
  minuteMs,
  useLoginTestKit,
  type RequestOptions,
  type TestMember,
} from '../login-security.testing.ts';
import { hashToken } from '../sessions/sessions.ts';
import { setMemberStatus } from '../members/set-member-status.ts';

/**
 * New-IP verification (spec §4 last line): the merchant turns it on; a login with the right
 * password from an IP the member never logged in from gets `login_verify_required` and no session,
 * until it answers one of the offered methods.
 */
const kit = useLoginTestKit();
beforeAll(async () => {
  await kit.updateMerchantConfig((config) => {
    config.loginSecurity.newIpVerification = true;
  });
});

function verify(payload: Record<string, unknown>, options: RequestOptions) {
  return kit.sendSealed('POST', '/wps/session/login/verification', payload, options);
}

function sendVerificationCode(payload: Record<string, unknown>, options: RequestOptions) {
  return kit.send('POST', '/wps/session/login/verification/code', payload, options);
}

/** A password login from a new IP that must be verified: its verifyToken, offered methods and the IP. */
async function loginFromNewIp(member: TestMember, options: { remember?: boolean } = {}) {
  const ip = freshIp();
  const sessionsBefore = await countSessions(member);
  const response = await kit.passwordLogin(member, { ip, ...options });
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toMatchObject({
    success: false,
    errorCode: 'login_verify_required',
    message: 'Please verify it is you to log in from this device or network',
  });
  expect(await countSessions(member)).toBe(sessionsBefore);
  return { ip, value: loginVerifyRequiredValueSchema.parse(response.json().value) };
}

async function countSessions(member: TestMember): Promise<number> {
  const rows = await kit.db.selectFrom('member_session').select('id').where('member_id', '=', member.id).execute();
  return rows.length;
}

describe('new-IP verification', () => {
  test('asked only from an IP the member never logged in from; the first login ever is not asked', async () => {
    const member = await kit.registerMember();
    const sameIp = await kit.passwordLogin(member, { ip: member.ip });
    expect(sameIp.statusCode, sameIp.body).toBe(200);

    const { value } = await loginFromNewIp(member);
    expect(value.verifyToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value.methods).toEqual(['mobile', 'email', 'bankName']);
    expect(value.mobile).toBe(`+66 ${member.mobileNum.slice(1, 3)}****${member.mobileNum.slice(-3)}`);
    expect(value.email).toBe(`${member.username.slice(0, 2)}****@example.com`);
    // Only the token's hash is stored, bound to the member.
    const row = await kit.db
      .selectFrom('login_verification')
      .selectAll()
      .where('token_hash', '=', hashToken(value.verifyToken))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ member_id: member.id, attempts: 0, consumed_at: null, login_type: 'username' });

    const newcomer = await kit.registerMember({ loggedIn: false });
    expect((await kit.passwordLogin(newcomer, { ip: freshIp() })).statusCode).toBe(200);
  });

  test('a wrong password from a new IP is still just login.failed (nothing about verification)', async () => {
    const member = await kit.registerMember();
    const response = await kit.passwordLogin(
      { username: member.username, password: 'wrong-password' },
      { ip: freshIp() },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'login.failed' });
  });

  test('by mobile code: the code goes to the account’s phone; the answer is the login’s; the IP is then known', async () => {
    const member = await kit.registerMember();
    const { ip, value } = await loginFromNewIp(member);
    const sent = await sendVerificationCode({ verifyToken: value.verifyToken, method: 'mobile' }, { ip });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const code = await kit.newestCode(member.mobileDestination);

    const response = await verify({ verifyToken: value.verifyToken, method: 'mobile', verificationCode: code }, { ip });
    expect(response.statusCode, response.body).toBe(200);
    const result = loginResultValueSchema.parse(response.json().value);
    expect(result).toMatchObject({ firstTimeLogin: false, passwordExpired: false });
    expect((await kit.memberInfo(result.token)).statusCode).toBe(200);
    const event = await kit.db
      .selectFrom('login_event')
      .selectAll()
      .where('member_id', '=', member.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ succeeded: true, ip });

    expect((await kit.passwordLogin(member, { ip })).statusCode).toBe(200);
  });

  test('by e-mail code', async () => {
    const member = await kit.registerMember();
    const { ip, value } = await loginFromNewIp(member);
    expect((await sendVerificationCode({ verifyToken: value.verifyToken, method: 'email' }, { ip })).statusCode).toBe(
      200,
    );
    const [message] = await kit.readOutbox(member.email);
    expect(message).toMatchObject({ channel: 'email' });
    const response = await verify(
      { verifyToken: value.verifyToken, method: 'email', verificationCode: message!.code },
      { ip },
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  test('a wrong mobile code is the code’s own error, and counts against the verification', async () => {
    const member = await kit.registerMember();
    const { ip, value } = await loginFromNewIp(member);
    await sendVerificationCode({ verifyToken: value.verifyToken, method: 'mobile' }, { ip });
    const code = await kit.newestCode(member.mobileDestination);
    const wrong = await verify(
      { verifyToken: value.verifyToken, method: 'mobile', verificationCode: code === '000000' ? '000001' : '000000' },
      { ip },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: 'sms.code.invalid', field: 'verificationCode' });
    const row = await kit.db
      .selectFrom('login_verification')
      .select('attempts')
      .where('token_hash', '=', hashToken(value.verifyToken))
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    expect(
      (await verify({ verifyToken: value.verifyToken, method: 'mobile', verificationCode: code }, { ip })).statusCode,
    ).toBe(200);
  });

  test('by bank account name, whatever the case and spacing', async () => {
    const member = await kit.registerMember();
    const { ip, value } = await loginFromNewIp(member);
    const response = await verify(
      { verifyToken: value.verifyToken, method: 'bankName', payeeName: '  somchai   JAIDEE ' },
      { ip },
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  test('5 wrong answers are each counted (and journaled as failed logins); then the token is dead, even for the right answer', async () => {
    const member = await kit.registerMember();
    const { ip, value } = await loginFromNewIp(member);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await verify(
        { verifyToken: value.verifyToken, method: 'bankName', payeeName: 'Somchai Jaide' },
        { ip, language: attempt === 1 ? 'TH' : 'EN' },
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        success: false,
        value: null,
        errorCode: 'login.verify.failed',
        field: 'payeeName',
      });
      if (attempt === 1) expect(wrong.json().message).toBe('ข้อมูลยืนยันตัวตนไม่ถูกต้อง (payeeName)');
    }
    const dead = await verify(
      { verifyToken: value.verifyToken, method: 'bankName', payeeName: member.payeeName },
      { ip },
    );
    expect(dead.statusCode).toBe(400);
    expect(dead.json()).toMatchObject({ errorCode: 'login.verify.expired', field: 'verifyToken' });
    const failures = await kit.db
      .selectFrom('login_event')
      .select('id')
      .where('member_id', '=', member.id)
      .where('failure_reason', '=', 'credentials')
      .execute();
    expect(failures).toHaveLength(5);
    // The captcha now guards the account's next login, as after 5 wrong passwords.
    expect((await kit.passwordLogin(member, { ip })).json()).toMatchObject({ errorCode: 'captcha.required' });
  });

  test('an empty answer is a 400 naming the field and is not counted', async () => {
    const member = await kit.registerMember();
    const { ip, value } = await loginFromNewIp(member);
    const empty = await verify({ verifyToken: value.verifyToken, method: 'bankName', payeeName: ' ' }, { ip });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errorCode: 'validation.failed', field: 'payeeName' });
    const row = await kit.db
      .selectFrom('login_verification')
      .select('attempts')
      .where('token_hash', '=', hashToken(value.verifyToken))
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
  });

  test('single use: the token that finished a login does not finish another', async () => {
    const member = await kit.registerMember();
    const { ip, value } = await loginFromNewIp(member);
    const payload = { verifyToken: value.verifyToken, method: 'bankName', payeeName: member.payeeName };
    expect((await verify(payload, { ip })).statusCode).toBe(200);
    const again = await verify(payload, { ip });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ errorCode: 'login.verify.expired' });
  });

  test('bound to the IP of the login, and to 10 minutes', async () => {
    const member = await kit.registerMember();
    const { ip, value } = await loginFromNewIp(member);
    const payload = { verifyToken: value.verifyToken, method: 'bankName', payeeName: member.payeeName };
    const elsewhere = await verify(payload, { ip: freshIp() });
    expect(elsewhere.json()).toMatchObject({ errorCode: 'login.verify.expired' });
    const codeElsewhere = await sendVerificationCode(
      { verifyToken: value.verifyToken, method: 'mobile' },
      { ip: freshIp() },
    );
    expect(codeElsewhere.json()).toMatchObject({ errorCode: 'login.verify.expired' });

    kit.clock.nowMs += 10 * minuteMs;
    expect((await verify(payload, { ip })).json()).toMatchObject({ errorCode: 'login.verify.expired' });
  });

  test('a method not offered is refused naming `method`, and not counted', async () => {
    const member = await kit.registerMember({ email: null });
    const { ip, value } = await loginFromNewIp(member);
    expect(value.methods).toEqual(['mobile', 'bankName']);
    expect(value.email).toBeNull();
    for (const response of [
      await verify({ verifyToken: value.verifyToken, method: 'totp', verificationCode: '123456' }, { ip }),
      await sendVerificationCode({ verifyToken: value.verifyToken, method: 'email' }, { ip }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field: 'method' });
    }
  });

  test("only the merchant's methods that the account can answer are offered; none: the login goes through", async () => {
    await kit.updateMerchantConfig((config) => {
      config.loginSecurity.methods = ['email', 'bankName'];
    });
    try {
      const member = await kit.registerMember();
      const { value } = await loginFromNewIp(member);
      expect(value).toMatchObject({ methods: ['email', 'bankName'], mobile: null });
      const bare = await kit.registerMember({ email: null, payeeName: null });
      expect((await kit.passwordLogin(bare, { ip: freshIp() })).statusCode).toBe(200);
    } finally {
      await kit.updateMerchantConfig((config) => {
        config.loginSecurity.methods = ['mobile', 'email', 'bankName', 'totp'];
      });
    }
  });

  test('switched off (the default), a new IP logs in at once', async () => {
    await kit.updateMerchantConfig((config) => {
      config.loginSecurity.newIpVerification = false;
    });
    try {
      const member = await kit.registerMember();
      expect((await kit.passwordLogin(member, { ip: freshIp() })).statusCode).toBe(200);
    } finally {
      await kit.updateMerchantConfig((config) => {
        config.loginSecurity.newIpVerification = true;
      });
    }
  });

  test('remember: the verified login answers a new remember token; a remember login from a new IP is verified, then its token rotates', async () => {
    const member = await kit.registerMember();
    const first = await loginFromNewIp(member, { remember: true });
    const verified = await verify(
      { verifyToken: first.value.verifyToken, method: 'bankName', payeeName: member.payeeName },
      { ip: first.ip },
    );
    const rememberToken = loginResultValueSchema.parse(verified.json().value).rememberToken!;
    expect(rememberToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const ip = freshIp();
    const pending = await kit.rememberLogin(member.username, rememberToken, { ip });
    expect(pending.statusCode).toBe(403);
    const value = loginVerifyRequiredValueSchema.parse(pending.json().value);
    const done = await verify(
      { verifyToken: value.verifyToken, method: 'bankName', payeeName: member.payeeName },
      { ip },
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(loginResultValueSchema.parse(done.json().value).rememberToken).toBeUndefined();
    expect((await kit.rememberLogin(member.username, rememberToken, { ip })).json()).toMatchObject({
      errorCode: 'login.remember.invalid',
    });
  });

  test('the answer carries passwordExpired and the session is restricted, as the login would have been', async () => {
    const member = await kit.registerMember();
    await kit.db.updateTable('member').set({ must_change_password: true }).where('id', '=', member.id).execute();
    const { ip, value } = await loginFromNewIp(member);
    const response = await verify(
      { verifyToken: value.verifyToken, method: 'bankName', payeeName: member.payeeName },
      { ip },
    );
    const result = loginResultValueSchema.parse(response.json().value);
    expect(result.passwordExpired).toBe(true);
    const refused = await kit.send('GET', '/wps/v2/member/securityConfig/totp', undefined, { token: result.token });
    expect(refused.json()).toMatchObject({ errorCode: 'password.change.required' });
  });

  test('an account locked by an operator, or a password changed, while the verification waits: no session', async () => {
    const locked = await kit.registerMember();
    const lockedLogin = await loginFromNewIp(locked);
    await setMemberStatus(kit.db, locked.id, 'locked', kit.clock.nowMs);
    const refused = await verify(
      { verifyToken: lockedLogin.value.verifyToken, method: 'bankName', payeeName: locked.payeeName },
      { ip: lockedLogin.ip },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'member.locked' });

    const changed = await kit.registerMember();
    const changedLogin = await loginFromNewIp(changed);
    kit.clock.nowMs += 1000;
    const change = await kit.sendSealed(
      'POST',
      '/wps/member/password',
      { oldPassword: changed.password, newPassword: 'another789', confirmNewPassword: 'another789' },
      { token: changed.token },
    );
    expect(change.statusCode, change.body).toBe(200);
    const stale = await verify(
      { verifyToken: changedLogin.value.verifyToken, method: 'bankName', payeeName: changed.payeeName },
      { ip: changedLogin.ip },
    );
    expect(stale.json()).toMatchObject({ errorCode: 'login.verify.expired' });
  });

  test('malformed requests: 400 naming the field', async () => {
    const response = await verify({ verifyToken: 'x', method: 'fingerprint' }, { ip: freshIp() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field: 'method' });
    const unknown = await verify(
      { verifyToken: 'x'.repeat(43), method: 'bankName', payeeName: 'A B' },
      { ip: freshIp() },
    );
    expect(unknown.json()).toMatchObject({ errorCode: 'login.verify.expired', field: 'verifyToken' });
  });
});
