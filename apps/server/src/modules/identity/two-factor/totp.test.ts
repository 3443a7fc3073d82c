import { loginVerifyRequiredValueSchema, totpEnrolmentSchema, trialMemberType } from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import {
  loginResultValueSchema,
  useLoginTestKit,
  type RequestOptions,
  type TestMember,
} from '../login-security.testing.ts';
import { findTotpStep, totpCodeAt } from './totp.ts';

/** Two-factor login with an authenticator app: enrolment, login, step reuse, switching off. */
const stepMs = 30_000;
const totpPath = '/wps/v2/member/securityConfig/totp';

const kit = useLoginTestKit();

function totpCall(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  token: string,
  body?: Record<string, unknown>,
  options: RequestOptions = {},
) {
  return kit.send(method, totpPath, body, { ...options, token });
}

/** A member with two-factor login on; the clock is then moved to the next step, so its confirmation code is history. */
async function enrolledMember(): Promise<TestMember & { secret: string }> {
  const member = await kit.registerMember();
  const enrolment = totpEnrolmentSchema.parse((await totpCall('POST', member.token)).json().value);
  const confirmed = await totpCall('PUT', member.token, {
    verificationCode: totpCodeAt(enrolment.secret, kit.clock.nowMs),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  kit.clock.nowMs += stepMs;
  return { ...member, secret: enrolment.secret };
}

async function pendingLogin(member: TestMember) {
  const response = await kit.passwordLogin(member, { ip: member.ip });
  expect(response.statusCode, response.body).toBe(403);
  return loginVerifyRequiredValueSchema.parse(response.json().value);
}

function verifyTotp(verifyToken: string, code: string, ip: string) {
  return kit.sendSealed(
    'POST',
    '/wps/session/login/verification',
    { verifyToken, method: 'totp', verificationCode: code },
    { ip },
  );
}

describe('findTotpStep', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const nowMs = Date.UTC(2026, 10, 22, 12, 0, 10);
  const step = Math.floor(nowMs / stepMs);
  test.each([
    ['the current step', 0, null, step],
    ['the step before (clock drift)', -1, null, step - 1],
    ['the step after', 1, null, step + 1],
    ['two steps back', -2, null, null],
    ['a step already used', 0, BigInt(step), null],
    ['a step older than the one used', -1, BigInt(step), null],
  ])('%s', (_name, offset, lastUsedStep, expected) => {
    expect(findTotpStep(secret, totpCodeAt(secret, nowMs + offset * stepMs), nowMs, lastUsedStep)).toBe(expected);
  });
  test.each([[''], ['12345'], ['abcdef'], ['1234567']])('%j matches nothing', (typed) => {
    expect(findTotpStep(secret, typed, nowMs, null)).toBeNull();
  });
});

describe('TOTP enrolment', () => {
  test('start, confirm with a right code, and the status follows; the secret is shown once and stored for the server', async () => {
    const member = await kit.registerMember();
    expect((await totpCall('GET', member.token)).json()).toEqual({ success: true, value: { enabled: false } });

    const started = await totpCall('POST', member.token);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const enrolment = totpEnrolmentSchema.parse(started.json().value);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUrl).toBe(
      `otpauth://totp/Lotus88:${member.username}?issuer=Lotus88&secret=${enrolment.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qrCode.split(',')[1]!, 'base64').toString('utf8')).toMatch(
      /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    );
    expect((await totpCall('GET', member.token)).json().value).toEqual({ enabled: false });

    const wrong = await totpCall('PUT', member.token, {
      verificationCode: '000000' === totpCodeAt(enrolment.secret, kit.clock.nowMs) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      success: false,
      errorCode: 'totp.invalid',
      field: 'verificationCode',
      message: 'The authenticator code is wrong, please try again',
    });

    const confirmed = await totpCall('PUT', member.token, {
      verificationCode: totpCodeAt(enrolment.secret, kit.clock.nowMs),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, value: null });
    expect((await totpCall('GET', member.token)).json().value).toEqual({ enabled: true });
    const row = await kit.db
      .selectFrom('member_totp')
      .selectAll()
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ secret: enrolment.secret, pending_secret: null });

    const again = await totpCall('POST', member.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'totp.already.enabled' });
  });

  test('a restarted enrolment replaces the first secret; confirming without one is totp.invalid', async () => {
    const member = await kit.registerMember();
    const none = await totpCall('PUT', member.token, { verificationCode: '123456' });
    expect(none.json()).toMatchObject({ errorCode: 'totp.invalid' });
    const first = totpEnrolmentSchema.parse((await totpCall('POST', member.token)).json().value);
    const second = totpEnrolmentSchema.parse((await totpCall('POST', member.token)).json().value);
    expect(second.secret).not.toBe(first.secret);
    const firstCode = totpCodeAt(first.secret, kit.clock.nowMs);
    if (firstCode !== totpCodeAt(second.secret, kit.clock.nowMs)) {
      expect((await totpCall('PUT', member.token, { verificationCode: firstCode })).json()).toMatchObject({
        errorCode: 'totp.invalid',
      });
    }
    expect(
      (await totpCall('PUT', member.token, { verificationCode: totpCodeAt(second.secret, kit.clock.nowMs) }))
        .statusCode,
    ).toBe(200);
  });

  test('a token is needed (401), and a trial account is refused (403 member.trial.forbidden)', async () => {
    const anonymous = await kit.send('GET', totpPath, undefined);
    expect(anonymous.statusCode).toBe(401);
    const member = await kit.registerMember();
    await kit.db.updateTable('member').set({ is_agent: trialMemberType }).where('id', '=', member.id).execute();
    for (const response of [
      await totpCall('GET', member.token),
      await totpCall('POST', member.token),
      await totpCall('PUT', member.token, { verificationCode: '123456' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        success: false,
        value: null,
        errorCode: 'member.trial.forbidden',
        message: 'Please Register An Account First',
      });
    }
  });

  test('codes typed with one token are limited to 5 a minute', async () => {
    const member = await kit.registerMember();
    for (let attempt = 1; attempt <= 5; attempt++)
      expect((await totpCall('PUT', member.token, { verificationCode: '123456' })).statusCode).toBe(400);
    const throttled = await totpCall('PUT', member.token, { verificationCode: '123456' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
  });
});

describe('two-factor login', () => {
  test('always asked, even from a known IP, with the authenticator only; a right code logs in', async () => {
    const member = await enrolledMember();
    const value = await pendingLogin(member);
    expect(value).toMatchObject({ methods: ['totp'], mobile: null, email: null });
    const response = await verifyTotp(value.verifyToken, totpCodeAt(member.secret, kit.clock.nowMs), member.ip);
    expect(response.statusCode, response.body).toBe(200);
    const result = loginResultValueSchema.parse(response.json().value);
    expect((await kit.memberInfo(result.token)).statusCode).toBe(200);
  });

  test('each step passes once: the code of a step already used is refused, the next step’s passes', async () => {
    const member = await enrolledMember();
    const first = await pendingLogin(member);
    const code = totpCodeAt(member.secret, kit.clock.nowMs);
    expect((await verifyTotp(first.verifyToken, code, member.ip)).statusCode).toBe(200);

    const second = await pendingLogin(member);
    const reused = await verifyTotp(second.verifyToken, code, member.ip);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ errorCode: 'login.verify.failed', field: 'verificationCode' });
    // The step of the enrolment's confirmation, just before, is used too.
    const confirmationStepCode = totpCodeAt(member.secret, kit.clock.nowMs - stepMs);
    if (confirmationStepCode !== code)
      expect((await verifyTotp(second.verifyToken, confirmationStepCode, member.ip)).statusCode).toBe(400);

    kit.clock.nowMs += stepMs;
    const next = await verifyTotp(second.verifyToken, totpCodeAt(member.secret, kit.clock.nowMs), member.ip);
    expect(next.statusCode, next.body).toBe(200);
  });

  test('switching off takes a right code; then logins need no second step', async () => {
    const member = await enrolledMember();
    const wrong = await totpCall('DELETE', member.token, {
      verificationCode: totpCodeAt(member.secret, kit.clock.nowMs - 5 * stepMs),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: 'totp.invalid', field: 'verificationCode' });
    expect((await totpCall('GET', member.token)).json().value).toEqual({ enabled: true });

    const off = await totpCall('DELETE', member.token, {
      verificationCode: totpCodeAt(member.secret, kit.clock.nowMs),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await totpCall('GET', member.token)).json().value).toEqual({ enabled: false });
    expect((await kit.passwordLogin(member, { ip: member.ip })).statusCode).toBe(200);
    expect(
      await kit.db.selectFrom('member_totp').select('member_id').where('member_id', '=', member.id).execute(),
    ).toEqual([]);
  });

  test('switching off with no authenticator is totp.invalid', async () => {
    const member = await kit.registerMember();
    const response = await totpCall('DELETE', member.token, { verificationCode: '123456' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'totp.invalid' });
  });

  test('SMS login skips the second step: the code already proved the phone', async () => {
    const member = await enrolledMember();
    await kit.send('POST', '/wps/verification/sms/noLogin', {
      sliderToken: 'bypass',
      countryDialingCode: '66',
      mobileNum: member.mobileNum,
    });
    const code = await kit.newestCode(member.mobileDestination);
    const response = await kit.sendSealed('POST', '/wps/session/login', {
      type: 'sms',
      countryDialingCode: '66',
      mobileNum: member.mobileNum,
      verificationCode: code,
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
