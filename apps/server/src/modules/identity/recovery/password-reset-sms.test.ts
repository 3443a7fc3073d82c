import { codeSentSchema } from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import { normaliseMobile } from '../../messaging/index.ts';
import { freshIp, freshMobileNum, useAccountsKit } from '../accounts.testing.ts';

/** Forgot password by phone: the reset code (no enumeration) and the new password with it. */
const kit = useAccountsKit();

function sendCode(payload: Record<string, unknown>, options: { ip?: string; language?: 'TH' | 'EN' } = {}) {
  return kit.sealed(
    'POST',
    '/wps/member/password/sms',
    { countryDialingCode: '+66', sliderToken: 'bypass', ...payload },
    options,
  );
}

function setPassword(payload: Record<string, unknown>, options: { language?: 'TH' | 'EN' } = {}) {
  return kit.sealed(
    'POST',
    '/wps/member/password/verification',
    { countryDialingCode: '+66', newPassword: 'fresh1234', confirmPassword: 'fresh1234', ...payload },
    options,
  );
}

async function smsTo(mobileNum: string) {
  return kit.testApp.db
    .selectFrom('outbox_message')
    .selectAll()
    .where('destination', '=', normaliseMobile('66', mobileNum))
    .orderBy('created_at', 'desc')
    .execute();
}

/** A member asks for a reset code and reads it from the SMS. */
async function memberWithCode() {
  const member = await kit.registerMember();
  const response = await sendCode({ mobileNum: member.mobileNum });
  expect(response.statusCode, response.body).toBe(200);
  const [sms] = await smsTo(member.mobileNum);
  const code = /(\d{6})/.exec(sms!.body)![1]!;
  return { ...member, code };
}

describe('POST /wps/member/password/sms', () => {
  test("a member's number gets a code by SMS in the request language; the answer is the code's lifetime", async () => {
    const member = await kit.registerMember();
    const response = await sendCode({ mobileNum: member.mobileNum }, { language: 'TH' });
    expect(response.statusCode, response.body).toBe(200);
    expect(codeSentSchema.parse(response.json().value)).toEqual({ expiredMinutes: 5 });
    const [sms] = await smsTo(member.mobileNum);
    expect(sms!.body).toMatch(/รหัสยืนยันของคุณคือ \d{6}/);
    const stored = await kit.testApp.db
      .selectFrom('verification_code')
      .selectAll()
      .where('destination', '=', normaliseMobile('66', member.mobileNum))
      .where('purpose', '=', 'password-reset')
      .execute();
    expect(stored).toHaveLength(1);
  });

  test("the same bytes and the same countdown for a number that is no member's; nothing is sent to it", async () => {
    const member = await kit.registerMember();
    const stranger = freshMobileNum();
    const known = await sendCode({ mobileNum: member.mobileNum });
    const unknown = await sendCode({ mobileNum: stranger });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await smsTo(stranger)).toEqual([]);

    const knownAgain = await sendCode({ mobileNum: member.mobileNum });
    const unknownAgain = await sendCode({ mobileNum: stranger });
    expect(knownAgain.statusCode).toBe(429);
    expect(unknownAgain.statusCode).toBe(429);
    expect(unknownAgain.body).toBe(knownAgain.body);
    expect(unknownAgain.headers['retry-after']).toBe(knownAgain.headers['retry-after']);
  });

  test.each([
    ['mobileNum', 'missing', { mobileNum: undefined }, 'sms.phone.missing'],
    ['mobileNum', 'not a number', { mobileNum: '08-abc' }, 'sms.phone.invalid'],
    ['countryDialingCode', 'missing', { mobileNum: '0812345678', countryDialingCode: undefined }, 'sms.phone.missing'],
    ['sliderToken', 'not solved', { mobileNum: '0812345678', sliderToken: 'nope' }, 'slider.token.invalid'],
  ])('%s %s: 400 naming it, no code stored', async (field, _case, overrides, errorCode) => {
    const before = await kit.countRows('verification_code');
    const response = await sendCode(overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, value: null, errorCode, field });
    expect(await kit.countRows('verification_code')).toBe(before);
  });

  test('switch phoneVerification off: 403 sms.operation.disabled', async () => {
    await kit.changeConfig((config) => {
      config.switches.phoneVerification = false;
    });
    const response = await sendCode({ mobileNum: freshMobileNum() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'sms.operation.disabled' });
  });

  test('throttled to one a second per IP', async () => {
    const ip = freshIp();
    expect((await sendCode({ mobileNum: freshMobileNum() }, { ip })).statusCode).toBe(200);
    expect((await sendCode({ mobileNum: freshMobileNum() }, { ip })).statusCode).toBe(429);
  });
});

describe('POST /wps/member/password/verification', () => {
  test('sets the new password and ends every session; the member then logs in with number and new password', async () => {
    const member = await memberWithCode();
    const response = await setPassword({ mobileNum: member.mobileNum, verificationCode: member.code });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, value: null });
    expect((await kit.json('GET', '/wps/member/info', undefined, { token: member.token })).statusCode).toBe(401);
    expect((await kit.login(member.username, member.password)).json()).toMatchObject({ errorCode: 'login.failed' });
    const login = await kit.login(member.mobileNum, 'fresh1234');
    expect(login.statusCode, login.body).toBe(200);
  });

  test('a code passes once: the second use is sms.code.expired', async () => {
    const member = await memberWithCode();
    expect((await setPassword({ mobileNum: member.mobileNum, verificationCode: member.code })).statusCode).toBe(200);
    const reuse = await setPassword({
      mobileNum: member.mobileNum,
      verificationCode: member.code,
      newPassword: 'other1234',
      confirmPassword: 'other1234',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ errorCode: 'sms.code.expired', field: 'verificationCode' });
    expect((await kit.login(member.username, 'fresh1234')).statusCode).toBe(200);
  });

  test('an expired code: sms.code.expired, the password stays', async () => {
    const member = await memberWithCode();
    kit.clock.nowMs += 5 * 60_000;
    const response = await setPassword({ mobileNum: member.mobileNum, verificationCode: member.code });
    expect(response.json()).toMatchObject({ errorCode: 'sms.code.expired', field: 'verificationCode' });
    expect((await kit.login(member.username, member.password)).statusCode).toBe(200);
  });

  test('a wrong code: sms.code.invalid; a missing one: sms.code.missing', async () => {
    const member = await memberWithCode();
    const wrong = await setPassword(
      { mobileNum: member.mobileNum, verificationCode: member.code === '000000' ? '000001' : '000000' },
      { language: 'TH' },
    );
    expect(wrong.json()).toMatchObject({
      errorCode: 'sms.code.invalid',
      field: 'verificationCode',
      message: 'รหัสยืนยันไม่ถูกต้อง',
    });
    expect((await setPassword({ mobileNum: member.mobileNum })).json()).toMatchObject({
      errorCode: 'sms.code.missing',
      field: 'verificationCode',
    });
    expect((await setPassword({ mobileNum: member.mobileNum, verificationCode: member.code })).statusCode).toBe(200);
  });

  test.each([
    ['newPassword', 'against the password rule', { newPassword: 'a b', confirmPassword: 'a b' }, 'validation.failed'],
    ['confirmPassword', 'different', { confirmPassword: 'fresh1235' }, 'validation.failed'],
    ['mobileNum', 'malformed', { mobileNum: '0812x' }, 'sms.phone.invalid'],
  ])('%s %s: 400 naming it, and the code is not spent', async (field, _case, overrides, errorCode) => {
    const member = await memberWithCode();
    const response = await setPassword({ mobileNum: member.mobileNum, verificationCode: member.code, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, value: null, errorCode, field });
    const attempts = await kit.testApp.db
      .selectFrom('verification_code')
      .select(['attempts', 'consumed_at'])
      .where('destination', '=', normaliseMobile('66', member.mobileNum))
      .where('purpose', '=', 'password-reset')
      .executeTakeFirstOrThrow();
    expect(attempts).toEqual({ attempts: 0, consumed_at: null });
    expect((await setPassword({ mobileNum: member.mobileNum, verificationCode: member.code })).statusCode).toBe(200);
  });

  test('a code of a register purpose does not pass for a reset', async () => {
    const member = await kit.registerMember();
    // Past the countdown of the code the registration itself used.
    kit.clock.nowMs += 5 * 60_000;
    const sent = await kit.json('POST', '/wps/verification/sms/register', {
      countryDialingCode: '+66',
      mobileNo: member.mobileNum,
      sliderToken: 'bypass',
    });
    expect(sent.statusCode).toBe(200);
    const code = /(\d{6})/.exec((await smsTo(member.mobileNum))[0]!.body)![1]!;
    expect((await setPassword({ mobileNum: member.mobileNum, verificationCode: code })).json()).toMatchObject({
      errorCode: 'sms.code.missing',
    });
  });
});
