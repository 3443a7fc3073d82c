import { loginResultSchema } from '@lotus/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { normaliseMobile } from '../../messaging/index.ts';
import { freshIp, freshMobileNum, freshUsername, storeCodeForTest, useAccountsKit } from '../accounts.testing.ts';
import { listUplineChain } from '../../agents/index.ts';

/**
 * Registration by mobile number, the SMS code that both kinds of registration demand for a number,
 * and affiliate codes at registration. (The field rules of registration by username are covered by
 * identity.test.ts.)
 */
const kit = useAccountsKit();
let agentId: bigint;
beforeAll(async () => {
  agentId = (
    await kit.testApp.db
      .selectFrom('member')
      .select('id')
      .where('username_key', '=', 'demoagent')
      .executeTakeFirstOrThrow()
  ).id;
});

const tables = ['member', 'member_session', 'login_event', 'member_hierarchy'] as const;
const countAll = () => Promise.all(tables.map((table) => kit.countRows(table)));

function registerCode(mobileNum: string): Promise<string> {
  const destination = normaliseMobile('66', mobileNum);
  return storeCodeForTest(kit.testApp.db, {
    merchantId: kit.testApp.demoMerchantId,
    destination,
    purpose: 'register',
    nowMs: kit.clock.nowMs,
  });
}

function byUsername(overrides: Record<string, unknown> = {}) {
  return {
    username: freshUsername('reg'),
    password: 'secret123',
    confirmPassword: 'secret123',
    payeeName: 'Somchai Jaidee',
    mobileNum: freshMobileNum(),
    countryDialingCode: '66',
    sliderToken: 'bypass',
    ...overrides,
  };
}

function byMobile(overrides: Record<string, unknown> = {}) {
  return {
    password: 'secret123',
    confirmPassword: 'secret123',
    payeeName: 'Somchai Jaidee',
    mobileNum: freshMobileNum(),
    countryDialingCode: '+66',
    sliderToken: 'bypass',
    ...overrides,
  };
}

const registerByUsername = (
  payload: Record<string, unknown>,
  options: { language?: 'TH' | 'EN'; host?: string } = {},
) => kit.sealed('PUT', '/wps/member/register', payload, options);
const registerByMobile = (payload: Record<string, unknown>, options: { language?: 'TH' | 'EN'; host?: string } = {}) =>
  kit.sealed('PUT', '/wps/member/register/mobile', payload, options);

async function memberRow(username: string) {
  return kit.testApp.db
    .selectFrom('member')
    .selectAll()
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
}

describe('PUT /wps/member/register/mobile', () => {
  test('with the code from POST /wps/verification/sms/register: the username is the number as typed; it logs in with number and password', async () => {
    const mobileNum = freshMobileNum();
    const sent = await kit.json('POST', '/wps/verification/sms/register', {
      countryDialingCode: '+66',
      mobileNo: mobileNum,
      sliderToken: 'bypass',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const outbox = await kit.json('GET', `/wps/dev/outbox?to=${encodeURIComponent(normaliseMobile('66', mobileNum))}`);
    const code = outbox.json().value[0].code as string;

    const response = await registerByMobile(byMobile({ mobileNum, verificationCode: code }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(loginResultSchema.parse(response.json().value)).toMatchObject({
      firstTimeLogin: true,
      passwordExpired: false,
    });
    const row = await memberRow(mobileNum);
    expect(row).toMatchObject({
      username: mobileNum,
      mobile_dialing_code: '66',
      mobile_number: mobileNum.slice(1),
      upline_id: null,
      is_agent: 0,
    });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);

    const info = await kit.json('GET', '/wps/member/info', undefined, { token: response.json().value.token });
    expect(info.json().value).toMatchObject({ account: mobileNum, mobile: expect.stringMatching(/^\+66 /) });
    const login = await kit.login(mobileNum, 'secret123');
    expect(login.statusCode, login.body).toBe(200);

    // The code was spent: the same number cannot register again with it (and is taken anyway).
    const again = await registerByMobile(byMobile({ mobileNum, verificationCode: code }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'member.mobile.taken', field: 'mobileNum' });
  });

  test('switch mobileRegistration off: 403 sms.operation.disabled, nothing stored', async () => {
    await kit.changeConfig((config) => {
      config.switches.mobileRegistration = false;
    });
    const mobileNum = freshMobileNum();
    const before = await countAll();
    const response = await registerByMobile(byMobile({ mobileNum, verificationCode: await registerCode(mobileNum) }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, value: null, errorCode: 'sms.operation.disabled' });
    expect(await countAll()).toEqual(before);
  });

  test('switch mobileRegistrationPassword off: no password asked; the account gets one nobody knows', async () => {
    await kit.changeConfig((config) => {
      config.switches.mobileRegistrationPassword = false;
    });
    const mobileNum = freshMobileNum();
    const response = await registerByMobile(
      byMobile({
        mobileNum,
        password: undefined,
        confirmPassword: undefined,
        verificationCode: await registerCode(mobileNum),
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const row = await memberRow(mobileNum);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect((await kit.login(mobileNum, '')).statusCode).toBe(400);
    expect((await kit.login(mobileNum, 'secret123')).json()).toMatchObject({ errorCode: 'login.failed' });

    const withPassword = await registerByMobile(byMobile({ verificationCode: '123456' }));
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json()).toMatchObject({ errorCode: 'validation.failed', field: 'password' });
  });

  test('the number is the account: a mobileNum rule switched off for the username form does not refuse it', async () => {
    await kit.changeConfig((config) => {
      config.registerRules.mobileNum = { ...config.registerRules.mobileNum!, enabled: false, required: false };
    });
    const mobileNum = freshMobileNum();
    const response = await registerByMobile(byMobile({ mobileNum, verificationCode: await registerCode(mobileNum) }));
    expect(response.statusCode, response.body).toBe(200);
    const refused = await registerByMobile(byMobile({ mobileNum: '08-12x', verificationCode: '123456' }));
    expect(refused.json()).toMatchObject({ errorCode: 'sms.phone.invalid', field: 'mobileNum' });
  });

  test('the SMS code is not needed when the merchant does not verify numbers', async () => {
    await kit.changeConfig((config) => {
      config.switches.smsVerificationOnRegister = false;
    });
    const response = await registerByMobile(byMobile());
    expect(response.statusCode, response.body).toBe(200);
  });

  test.each([
    ['mobileNum', 'missing', { mobileNum: undefined }, 'validation.failed'],
    ['mobileNum', 'against its rule', { mobileNum: '08123' }, 'validation.failed'],
    ['mobileNum', 'no phone number once its trunk 0 is dropped', { mobileNum: '000000000' }, 'sms.phone.invalid'],
    ['countryDialingCode', 'missing', { countryDialingCode: undefined }, 'validation.failed'],
    [
      'password',
      'missing while the switch asks for one',
      { password: undefined, confirmPassword: undefined },
      'validation.failed',
    ],
    ['password', 'against its rule', { password: 'abc', confirmPassword: 'abc' }, 'validation.failed'],
    ['confirmPassword', 'different', { confirmPassword: 'secret124' }, 'validation.failed'],
    ['payeeName', 'missing (the rule requires it)', { payeeName: undefined }, 'validation.failed'],
    ['verificationCode', 'missing', { verificationCode: undefined }, 'validation.failed'],
    ['verificationCode', 'against its rule (6 digits)', { verificationCode: '12ab' }, 'validation.failed'],
    ['affiliateCode', 'unknown', { affiliateCode: 'NOSUCH99' }, 'affiliate.code.invalid'],
    ['sliderToken', 'not solved', { sliderToken: 'not-a-token' }, 'slider.token.invalid'],
  ])(
    '%s %s: 400 naming it; nothing stored, and the SMS code is still good afterwards',
    async (field, _case, overrides, errorCode) => {
      const mobileNum = freshMobileNum();
      const code = await registerCode(mobileNum);
      const before = await countAll();
      const response = await registerByMobile(byMobile({ mobileNum, verificationCode: code, ...overrides }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, value: null, errorCode, field });
      expect(await countAll()).toEqual(before);
      // Without a number there is no code to try again.
      if ('mobileNum' in overrides && (overrides as { mobileNum?: string }).mobileNum === undefined) return;
      expect((await registerByMobile(byMobile({ mobileNum, verificationCode: code }))).statusCode).toBe(200);
    },
  );

  test('a wrong code: 400 sms.code.invalid naming verificationCode, nothing stored', async () => {
    const mobileNum = freshMobileNum();
    const code = await registerCode(mobileNum);
    const before = await countAll();
    const response = await registerByMobile(
      byMobile({ mobileNum, verificationCode: code === '000000' ? '000001' : '000000' }),
      { language: 'TH' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'sms.code.invalid',
      field: 'verificationCode',
      message: 'รหัสยืนยันไม่ถูกต้อง',
    });
    expect(await countAll()).toEqual(before);
  });

  test('with an affiliate code: placed under its agent', async () => {
    const mobileNum = freshMobileNum();
    const response = await registerByMobile(
      byMobile({ mobileNum, verificationCode: await registerCode(mobileNum), affiliateCode: 'lotus88' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const row = await memberRow(mobileNum);
    expect(row!.upline_id).toBe(agentId);
    expect(
      (await listUplineChain(kit.testApp.db, row!.id, { merchantId: kit.testApp.demoMerchantId })).map(
        (upline) => upline.username,
      ),
    ).toEqual(['demoagent']);
  });
});

describe('PUT /wps/member/register: the SMS code and affiliate codes', () => {
  test('a mobile number with SMS verification on needs its code: missing is 400 naming verificationCode, nothing stored', async () => {
    const before = await countAll();
    const response = await registerByUsername(byUsername());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation.failed', field: 'verificationCode' });
    expect(await countAll()).toEqual(before);
  });

  test('a code sent for another number, or for login, does not pass', async () => {
    const payload = byUsername();
    const otherNumberCode = await registerCode(freshMobileNum());
    const response = await registerByUsername({ ...payload, verificationCode: otherNumberCode });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'sms.code.missing', field: 'verificationCode' });

    const destination = normaliseMobile('66', payload.mobileNum);
    const loginCode = await storeCodeForTest(kit.testApp.db, {
      merchantId: kit.testApp.demoMerchantId,
      destination,
      purpose: 'login',
      nowMs: kit.clock.nowMs,
    });
    expect((await registerByUsername({ ...payload, verificationCode: loginCode })).json()).toMatchObject({
      errorCode: 'sms.code.missing',
    });
  });

  test('a field that breaks its rule is refused before the code is spent', async () => {
    const payload = byUsername();
    const code = await registerCode(payload.mobileNum);
    expect(
      (await registerByUsername({ ...payload, verificationCode: code, payeeName: 'Nospace' })).json(),
    ).toMatchObject({ field: 'payeeName' });
    expect((await registerByUsername({ ...payload, verificationCode: code })).statusCode).toBe(200);
  });

  test('an expired code: 400 sms.code.expired', async () => {
    const payload = byUsername();
    const code = await registerCode(payload.mobileNum);
    kit.clock.nowMs += 5 * 60_000 + 1;
    const response = await registerByUsername({ ...payload, verificationCode: code });
    expect(response.json()).toMatchObject({ errorCode: 'sms.code.expired', field: 'verificationCode' });
  });

  test('without a valid affiliate code the member has no upline; with one, the agent is its upline', async () => {
    const plain = await kit.registerMember();
    expect((await memberRow(plain.username))!.upline_id).toBeNull();
    const invited = await kit.registerMember({ affiliateCode: 'LOTUS88' });
    expect((await memberRow(invited.username))!.upline_id).toBe(agentId);
  });

  test('an affiliate code bound to another domain is refused; on its own domain (the body or the Host) it places the member', async () => {
    await kit.testApp.db
      .insertInto('affiliate_code')
      .values({
        merchant_id: kit.testApp.demoMerchantId,
        code: 'ONLYMIRROR',
        code_key: 'onlymirror',
        agent_id: agentId,
        domain: 'mirror.lotus88.test',
        created_at: new Date(kit.clock.nowMs),
      })
      .execute();
    const payload = byUsername({ affiliateCode: 'ONLYMIRROR' });
    const code = await registerCode(payload.mobileNum);
    const before = await countAll();
    const refused = await registerByUsername({ ...payload, verificationCode: code, domain: 'demo.lotus88.test' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorCode: 'affiliate.code.invalid', field: 'affiliateCode' });
    expect(await countAll()).toEqual(before);

    const byHost = await registerByUsername({ ...payload, verificationCode: code }, { host: 'mirror.lotus88.test' });
    expect(byHost.statusCode, byHost.body).toBe(200);
    expect((await memberRow(payload.username))!.upline_id).toBe(agentId);
  });

  test('registration stays throttled per IP like login', async () => {
    const ip = freshIp();
    let last = 0;
    for (let attempt = 0; attempt < 31; attempt++)
      last = (await kit.sealed('PUT', '/wps/member/register/mobile', byMobile({ mobileNum: undefined }), { ip }))
        .statusCode;
    expect(last).toBe(429);
  });
});
