import { randomInt } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  freshIp,
  loginResultValueSchema,
  minuteMs,
  useLoginTestKit,
  type RequestOptions,
} from '../login-security.testing.ts';
import { setMemberStatus } from '../members/set-member-status.ts';

/** SMS login (spec §4, §5, §7): POST /wps/verification/sms/noLogin, then POST /wps/session/login with type 'sms'. */
const kit = useLoginTestKit();

function sendLoginCode(body: Record<string, unknown>, options: RequestOptions = {}) {
  return kit.send(
    'POST',
    '/wps/verification/sms/noLogin',
    { sliderToken: 'bypass', countryDialingCode: '+66', ...body },
    options,
  );
}

function smsLogin(body: Record<string, unknown>, options: RequestOptions = {}) {
  return kit.sendSealed('POST', '/wps/session/login', { type: 'sms', countryDialingCode: '66', ...body }, options);
}

function unusedNumber(): { mobileNum: string; destination: string } {
  const national = `9${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  return { mobileNum: `0${national}`, destination: `+66${national}` };
}

function otherCode(code: string): string {
  return code === '000000' ? '000001' : '000000';
}

describe('SMS login', () => {
  test('happy path: a code to an active account, then a session; passwordExpired false even when the password must change', async () => {
    const member = await kit.registerMember();
    await kit.db.updateTable('member').set({ must_change_password: true }).where('id', '=', member.id).execute();
    const sent = await sendLoginCode({ mobileNum: member.mobileNum });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.headers['cache-control']).toBe('no-store');
    expect(sent.json()).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const code = await kit.newestCode(member.mobileDestination);

    const response = await smsLogin({ mobileNum: member.mobileNum, verificationCode: code });
    expect(response.statusCode, response.body).toBe(200);
    const value = loginResultValueSchema.parse(response.json().value);
    expect(value).toMatchObject({ firstTimeLogin: false, passwordExpired: false });
    expect(value.rememberToken).toBeUndefined();
    // Not restricted: the session makes any call.
    const info = await kit.memberInfo(value.token);
    expect(info.json().value).toMatchObject({ account: member.username });
    const session = await kit.db
      .selectFrom('member_session')
      .select('password_change_required')
      .where('member_id', '=', member.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.password_change_required).toBe(false);

    const event = await kit.db
      .selectFrom('login_event')
      .selectAll()
      .where('member_id', '=', member.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ succeeded: true, failure_reason: null, username_tried: member.mobileDestination });
  });

  test('a wrong code: 400 sms.code.invalid naming verificationCode, counted as a failed login; the right code still passes', async () => {
    const member = await kit.registerMember();
    await sendLoginCode({ mobileNum: member.mobileNum });
    const code = await kit.newestCode(member.mobileDestination);
    const wrong = await smsLogin({ mobileNum: member.mobileNum, verificationCode: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      success: false,
      value: null,
      errorCode: 'sms.code.invalid',
      field: 'verificationCode',
      message: 'Invalid verification code',
    });
    const failure = await kit.db
      .selectFrom('login_event')
      .selectAll()
      .where('member_id', '=', member.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(failure).toMatchObject({ succeeded: false, failure_reason: 'credentials' });

    const right = await smsLogin({ mobileNum: member.mobileNum, verificationCode: code });
    expect(right.statusCode, right.body).toBe(200);
  });

  test('a code used once does not pass again (sms.code.expired)', async () => {
    const member = await kit.registerMember();
    await sendLoginCode({ mobileNum: member.mobileNum });
    const code = await kit.newestCode(member.mobileDestination);
    expect((await smsLogin({ mobileNum: member.mobileNum, verificationCode: code })).statusCode).toBe(200);
    const reused = await smsLogin({ mobileNum: member.mobileNum, verificationCode: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ errorCode: 'sms.code.expired', field: 'verificationCode' });
  });

  test('a code past its 5 minutes does not pass (the clock moves)', async () => {
    const member = await kit.registerMember();
    await sendLoginCode({ mobileNum: member.mobileNum });
    const code = await kit.newestCode(member.mobileDestination);
    kit.clock.nowMs += 5 * minuteMs;
    const expired = await smsLogin({ mobileNum: member.mobileNum, verificationCode: code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ errorCode: 'sms.code.expired' });
  });

  test('a number without an account: byte-identical answers and countdown, but no message goes out', async () => {
    const member = await kit.registerMember();
    const nobody = unusedNumber();
    const known = await sendLoginCode({ mobileNum: member.mobileNum });
    const unknown = await sendLoginCode({ mobileNum: nobody.mobileNum });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await kit.readOutbox(nobody.destination)).toEqual([]);
    expect(await kit.readOutbox(member.mobileDestination)).toHaveLength(1);

    kit.clock.nowMs += 10_000;
    const knownAgain = await sendLoginCode({ mobileNum: member.mobileNum });
    const unknownAgain = await sendLoginCode({ mobileNum: nobody.mobileNum });
    expect(knownAgain.statusCode).toBe(429);
    expect(unknownAgain.statusCode).toBe(429);
    expect(unknownAgain.body).toBe(knownAgain.body);
    expect(unknownAgain.headers['retry-after']).toBe(knownAgain.headers['retry-after']);

    // A guess for either number gets the same answer.
    const code = await kit.newestCode(member.mobileDestination);
    const wrongKnown = await smsLogin({ mobileNum: member.mobileNum, verificationCode: otherCode(code) });
    const guessUnknown = await smsLogin({ mobileNum: nobody.mobileNum, verificationCode: otherCode(code) });
    expect(guessUnknown.statusCode).toBe(400);
    expect(guessUnknown.body).toBe(wrongKnown.body);
  });

  test('a right code for a number that no longer has an account answers like a wrong code', async () => {
    const member = await kit.registerMember();
    await sendLoginCode({ mobileNum: member.mobileNum });
    const code = await kit.newestCode(member.mobileDestination);
    // The account gives the number up between the code and the login.
    await kit.db
      .updateTable('member')
      .set({ mobile_number: null, mobile_dialing_code: null })
      .where('id', '=', member.id)
      .execute();
    const other = await kit.registerMember();
    await sendLoginCode({ mobileNum: other.mobileNum });
    const otherRight = await kit.newestCode(other.mobileDestination);

    const sessionsBefore = await kit.db
      .selectFrom('member_session')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    const rightForNobody = await smsLogin({ mobileNum: member.mobileNum, verificationCode: code });
    const wrongForSomebody = await smsLogin({ mobileNum: other.mobileNum, verificationCode: otherCode(otherRight) });
    expect(rightForNobody.statusCode).toBe(400);
    expect(rightForNobody.body).toBe(wrongForSomebody.body);
    expect(await kit.db.selectFrom('member_session').select('id').where('member_id', '=', member.id).execute()).toEqual(
      sessionsBefore,
    );
  });

  test('a locked account gets no message; locked after the code was sent, the right code answers 403 member.locked', async () => {
    const locked = await kit.registerMember();
    await setMemberStatus(kit.db, locked.id, 'locked', kit.clock.nowMs);
    expect((await sendLoginCode({ mobileNum: locked.mobileNum })).statusCode).toBe(200);
    expect(await kit.readOutbox(locked.mobileDestination)).toEqual([]);

    const member = await kit.registerMember();
    await sendLoginCode({ mobileNum: member.mobileNum });
    const code = await kit.newestCode(member.mobileDestination);
    await setMemberStatus(kit.db, member.id, 'closed', kit.clock.nowMs);
    const response = await smsLogin({ mobileNum: member.mobileNum, verificationCode: code });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'member.closed' });
  });

  test.each([
    ['no number', { mobileNum: undefined }, 'sms.phone.missing', 'mobileNum'],
    ['letters in the number', { mobileNum: '08123abc78' }, 'sms.phone.invalid', 'mobileNum'],
    ['a short number', { mobileNum: '12345' }, 'sms.phone.invalid', 'mobileNum'],
    ['no dialing code', { countryDialingCode: '', mobileNum: '0812345678' }, 'sms.phone.missing', 'countryDialingCode'],
    ['a number of the wrong type', { mobileNum: 812345678 }, 'validation.failed', 'mobileNum'],
  ])('the code request and the login refuse %s with 400 naming the field', async (_name, body, errorCode, field) => {
    const sent = await sendLoginCode({ ...body, sliderToken: 'not-a-token' });
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toMatchObject({ success: false, value: null, errorCode, field });
    const login = await smsLogin({ countryDialingCode: '66', ...body, verificationCode: '123456' }, { language: 'TH' });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ errorCode, field });
    expect(login.json().message).toMatch(/[\u0E00-\u0E7F]/);
  });

  test('the code request needs a solved slider; the login does not (spec §4)', async () => {
    const member = await kit.registerMember();
    const refused = await sendLoginCode({ mobileNum: member.mobileNum, sliderToken: 'x'.repeat(43) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorCode: 'slider.token.invalid', field: 'sliderToken' });
    expect(await kit.readOutbox(member.mobileDestination)).toEqual([]);
  });

  test('a second code request within a second from one IP: 429 TOO_MANY_REQUESTS', async () => {
    const ip = freshIp();
    expect((await sendLoginCode({ mobileNum: unusedNumber().mobileNum }, { ip })).statusCode).toBe(200);
    const throttled = await sendLoginCode({ mobileNum: unusedNumber().mobileNum }, { ip });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
  });

  test('switched off (smsCodeLogin false): both calls 403 sms.operation.disabled', async () => {
    const member = await kit.registerMember();
    await kit.updateMerchantConfig((config) => {
      config.switches.smsCodeLogin = false;
    });
    try {
      const sent = await sendLoginCode({ mobileNum: member.mobileNum });
      expect(sent.statusCode).toBe(403);
      expect(sent.json()).toMatchObject({
        errorCode: 'sms.operation.disabled',
        message: 'This operation is not enabled',
      });
      expect(await kit.readOutbox(member.mobileDestination)).toEqual([]);
      const login = await smsLogin({ mobileNum: member.mobileNum, verificationCode: '123456' });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toMatchObject({ errorCode: 'sms.operation.disabled' });
    } finally {
      await kit.updateMerchantConfig((config) => {
        config.switches.smsCodeLogin = true;
      });
    }
  });
});
