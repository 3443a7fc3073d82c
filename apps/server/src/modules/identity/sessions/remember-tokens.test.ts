import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  dayMs,
  freshIp,
  loginResultValueSchema,
  minuteMs,
  useLoginTestKit,
  type LoginTestKit,
  type TestMember,
} from '../login-security.testing.ts';
import { deleteExpiredLoginSecurityRows } from './delete-expired-login-security.ts';
import { hashToken } from './sessions.ts';
import { setMemberStatus } from '../members/set-member-status.ts';

/** "Remember me": a one-day, single-use, revocable token in place of the password (never the password itself). */
const kit = useLoginTestKit();

async function rememberedMember(): Promise<TestMember & { rememberToken: string }> {
  const member = await kit.registerMember();
  const response = await kit.passwordLogin(member, { remember: true });
  expect(response.statusCode, response.body).toBe(200);
  const value = loginResultValueSchema.parse(response.json().value);
  return { ...member, rememberToken: value.rememberToken! };
}

function expectRememberInvalid(response: Awaited<ReturnType<LoginTestKit['rememberLogin']>>, captchaRequired = false) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({
    success: false,
    value: { captchaRequired },
    errorCode: 'login.remember.invalid',
    field: 'password',
    message: 'Your remembered login has expired, please enter your password',
  });
}

describe('remember tokens', () => {
  test('a password login with remember: true answers a token stored only as its SHA-256, valid one day', async () => {
    const member = await kit.registerMember();
    const plain = loginResultValueSchema.parse((await kit.passwordLogin(member)).json().value);
    expect(plain.rememberToken).toBeUndefined();

    const response = await kit.passwordLogin(member, { remember: true });
    const value = loginResultValueSchema.parse(response.json().value);
    expect(value.rememberToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await kit.db
      .selectFrom('member_remember_token')
      .selectAll()
      .where('member_id', '=', member.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(value.rememberToken!));
    expect(rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime()).toBe(dayMs);
    expect(
      JSON.stringify(rows, (_key, field: unknown) => (typeof field === 'bigint' ? String(field) : field)),
    ).not.toContain(value.rememberToken);
  });

  test('a remember login opens a session and spends the token; remember: true again rotates it', async () => {
    const member = await rememberedMember();
    const first = await kit.rememberLogin(member.username, member.rememberToken, { remember: true });
    expect(first.statusCode, first.body).toBe(200);
    const firstValue = loginResultValueSchema.parse(first.json().value);
    expect(firstValue).toMatchObject({ firstTimeLogin: false, passwordExpired: false });
    expect((await kit.memberInfo(firstValue.token)).statusCode).toBe(200);
    const rotated = firstValue.rememberToken!;
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated).not.toBe(member.rememberToken);

    // The used token is revoked ...
    expectRememberInvalid(await kit.rememberLogin(member.username, member.rememberToken));
    // ... the new one works once, and without remember: true no new one comes.
    const second = await kit.rememberLogin(member.username.toUpperCase(), rotated);
    expect(second.statusCode, second.body).toBe(200);
    expect(loginResultValueSchema.parse(second.json().value).rememberToken).toBeUndefined();
    expectRememberInvalid(await kit.rememberLogin(member.username, rotated));
  });

  test('the mobile number works as the username, as for a password login', async () => {
    const member = await rememberedMember();
    const response = await kit.rememberLogin(member.mobileNum, member.rememberToken);
    expect(response.statusCode, response.body).toBe(200);
  });

  test('expires one day after it was issued (the clock moves)', async () => {
    const member = await rememberedMember();
    kit.clock.nowMs += dayMs - minuteMs;
    const other = await rememberedMember();
    kit.clock.nowMs += minuteMs;
    expectRememberInvalid(await kit.rememberLogin(member.username, member.rememberToken));
    expect((await kit.rememberLogin(other.username, other.rememberToken)).statusCode).toBe(200);
  });

  test("another member's token, an unknown token or an unknown name: the same answer, byte for byte", async () => {
    const member = await rememberedMember();
    const other = await rememberedMember();
    const ip = freshIp();
    const wrongOwner = await kit.rememberLogin(other.username, member.rememberToken, { ip });
    const unknownToken = await kit.rememberLogin(member.username, randomBytes(32).toString('base64url'), {
      ip: freshIp(),
    });
    const unknownName = await kit.rememberLogin(`nobody${randomBytes(3).toString('hex')}`, member.rememberToken, {
      ip: freshIp(),
    });
    const malformed = await kit.rememberLogin(member.username, 'short', { ip: freshIp() });
    expectRememberInvalid(wrongOwner);
    for (const response of [unknownToken, unknownName, malformed]) expect(response.body).toBe(wrongOwner.body);
    // None of them spent the real token.
    expect((await kit.rememberLogin(member.username, member.rememberToken)).statusCode).toBe(200);
  });

  test('an invalid token counts as a wrong password: captcha from the 3rd, lock at the 10th', async () => {
    const member = await rememberedMember();
    const bogus = () => randomBytes(32).toString('base64url');
    for (let attempt = 1; attempt <= 3; attempt++)
      expectRememberInvalid(await kit.rememberLogin(member.username, bogus()), attempt >= 3);
    const noCaptcha = await kit.rememberLogin(member.username, member.rememberToken);
    expect(noCaptcha.json()).toMatchObject({ errorCode: 'captcha.required', value: { captchaRequired: true } });
    // Mixed with wrong passwords, they add up to the lock.
    for (let attempt = 4; attempt <= 8; attempt++)
      expectRememberInvalid(await kit.rememberLogin(member.username, bogus(), { captcha: 'bypass' }), true);
    expect(
      (await kit.passwordLogin({ username: member.username, password: 'wrong-password' }, { captcha: 'bypass' }))
        .statusCode,
    ).toBe(400);
    const tenth = await kit.rememberLogin(member.username, bogus(), { captcha: 'bypass' });
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json()).toMatchObject({ errorCode: 'login.locked' });
    const locked = await kit.rememberLogin(member.username, member.rememberToken, { captcha: 'bypass' });
    expect(locked.statusCode).toBe(429);
  });

  test('DELETE /wps/session/remember revokes it, and answers the same for a token that does not exist', async () => {
    const member = await rememberedMember();
    const forget = await kit.send('DELETE', '/wps/session/remember', {
      username: member.username,
      rememberToken: member.rememberToken,
    });
    expect(forget.statusCode, forget.body).toBe(200);
    expect(forget.json()).toEqual({ success: true, value: null });
    expectRememberInvalid(await kit.rememberLogin(member.username, member.rememberToken));

    const unknown = await kit.send('DELETE', '/wps/session/remember', {
      username: member.username,
      rememberToken: randomBytes(32).toString('base64url'),
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(forget.body);
    const malformed = await kit.send('DELETE', '/wps/session/remember', { username: 'x', rememberToken: 7 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errorCode: 'validation.failed', field: 'rememberToken' });
  });

  test('a password change revokes every remember token of the member', async () => {
    const member = await rememberedMember();
    const second = loginResultValueSchema.parse((await kit.passwordLogin(member, { remember: true })).json().value);
    const change = await kit.sendSealed(
      'POST',
      '/wps/member/password',
      { oldPassword: member.password, newPassword: 'newsecret456', confirmNewPassword: 'newsecret456' },
      { token: second.token },
    );
    expect(change.statusCode, change.body).toBe(200);
    expectRememberInvalid(await kit.rememberLogin(member.username, member.rememberToken));
    expectRememberInvalid(await kit.rememberLogin(member.username, second.rememberToken!));
  });

  test('locking the account revokes them; reopening it does not bring them back', async () => {
    const member = await rememberedMember();
    await setMemberStatus(kit.db, member.id, 'locked', kit.clock.nowMs);
    const whileLocked = await kit.rememberLogin(member.username, member.rememberToken);
    expectRememberInvalid(whileLocked);
    await setMemberStatus(kit.db, member.id, 'active', kit.clock.nowMs);
    expectRememberInvalid(await kit.rememberLogin(member.username, member.rememberToken));
    const live = await kit.db
      .selectFrom('member_remember_token')
      .select('id')
      .where('member_id', '=', member.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  test('a remember login is refused without a solved slider', async () => {
    const member = await rememberedMember();
    const response = await kit.sendSealed('POST', '/wps/session/login', {
      type: 'remember',
      username: member.username,
      rememberToken: member.rememberToken,
      sliderToken: 'x'.repeat(43),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'slider.token.invalid', field: 'sliderToken' });
    expect((await kit.rememberLogin(member.username, member.rememberToken)).statusCode).toBe(200);
  });
});

describe('deleteExpiredLoginSecurityRows', () => {
  test('deletes remember tokens a day after their expiry, and nothing live', async () => {
    const old = await rememberedMember();
    kit.clock.nowMs += 2 * dayMs + minuteMs;
    const fresh = await rememberedMember();
    const deleted = await deleteExpiredLoginSecurityRows(kit.db, kit.clock.nowMs);
    expect(deleted.rememberTokens).toBeGreaterThanOrEqual(1);
    expect(
      await kit.db.selectFrom('member_remember_token').select('id').where('member_id', '=', old.id).execute(),
    ).toEqual([]);
    expect((await kit.rememberLogin(fresh.username, fresh.rememberToken)).statusCode).toBe(200);
  });
});
