import type { RegisterSettings } from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import type { UrlAffiliate } from './api/affiliate';
import { buildRegisterPayload, isSmsCodeAsked, planRegisterForm } from './register-fields';
import { demoRegisterSettings } from './testing';

const settings = demoRegisterSettings as RegisterSettings;
const noAffiliate: UrlAffiliate = { status: 'none', code: null };
const names = (plan: ReturnType<typeof planRegisterForm>) => plan.fields.map((field) => field.name);

describe('which fields each tab asks', () => {
  test.each([
    [
      'username',
      settings,
      ['username', 'password', 'mobileNum', 'payeeName', 'email', 'line', 'affiliateCode', 'referralCode'],
    ],
    ['mobile', settings, ['mobileNum', 'password', 'payeeName', 'email', 'line', 'affiliateCode', 'referralCode']],
    [
      'mobile',
      { ...settings, mobileRegistrationPassword: false },
      ['mobileNum', 'payeeName', 'email', 'line', 'affiliateCode', 'referralCode'],
    ],
  ] as const)('%s tab', (mode, current, expected) => {
    expect(names(planRegisterForm(current, mode, noAffiliate))).toEqual(expected);
  });

  test('the mobile tab needs its number even when the merchant switched the rule off', () => {
    const withoutRule = {
      ...settings,
      rules: { ...settings.rules, mobileNum: { ...settings.rules.mobileNum!, enabled: false } },
    };
    const mobile = planRegisterForm(withoutRule, 'mobile', noAffiliate).fields.find(
      (field) => field.name === 'mobileNum',
    );
    expect(mobile?.rule).toMatchObject({ required: true, acceptedPattern: '^[0-9]+$', minLength: 6, maxLength: 15 });
    expect(names(planRegisterForm(withoutRule, 'username', noAffiliate))).not.toContain('mobileNum');
  });

  test.each([
    [{ status: 'none', code: null }, true],
    [{ status: 'invalid', code: 'NOPE' }, true],
    [{ status: 'checking', code: 'LOTUS88' }, false],
    [{ status: 'valid', code: 'LOTUS88', agent: 'de****nt' }, false],
  ] as const)('affiliate field with a link code %j: shown %s', (urlAffiliate, isShown) => {
    expect(names(planRegisterForm(settings, 'username', urlAffiliate)).includes('affiliateCode')).toBe(isShown);
  });

  test('the SMS code: always on the mobile tab, on the username tab once a number is typed, never with the switch off', () => {
    const mobile = planRegisterForm(settings, 'mobile', noAffiliate);
    const username = planRegisterForm(settings, 'username', noAffiliate);
    const off = planRegisterForm({ ...settings, smsVerificationOnRegister: false }, 'mobile', noAffiliate);
    expect([
      isSmsCodeAsked(mobile, ''),
      isSmsCodeAsked(username, '  '),
      isSmsCodeAsked(username, '0812345678'),
      isSmsCodeAsked(off, '0812345678'),
    ]).toEqual([true, false, true, false]);
  });
});

describe('the register payload', () => {
  const extras = {
    dialingCode: '66',
    sliderToken: 'token',
    urlAffiliate: noAffiliate,
    registerUrl: 'https://demo.lotus88.test/register',
    domain: 'demo.lotus88.test',
  };

  test('only filled fields go, text trimmed, secrets as typed; the dialling code goes with a number', () => {
    const plan = planRegisterForm(settings, 'username', noAffiliate);
    const payload = buildRegisterPayload(
      plan,
      { username: ' somchai1 ', password: ' pass word ', confirmPassword: ' pass word ', email: '  ', line: 'somchai' },
      extras,
    );
    expect(payload).toEqual({
      username: 'somchai1',
      password: ' pass word ',
      confirmPassword: ' pass word ',
      line: 'somchai',
      sliderToken: 'token',
      registerMethod: 'WEB',
      registerUrl: 'https://demo.lotus88.test/register',
      domain: 'demo.lotus88.test',
    });
  });

  test('a valid link code goes although its field is hidden; a typed one is not read when the field is hidden', () => {
    const urlAffiliate: UrlAffiliate = { status: 'valid', code: 'LOTUS88', agent: 'de****nt' };
    const plan = planRegisterForm(settings, 'mobile', urlAffiliate);
    const payload = buildRegisterPayload(
      plan,
      {
        mobileNum: '0812345678',
        verificationCode: '123456',
        password: 'a',
        confirmPassword: 'a',
        affiliateCode: 'OTHER1',
      },
      { ...extras, urlAffiliate },
    );
    expect(payload).toMatchObject({
      mobileNum: '0812345678',
      countryDialingCode: '66',
      verificationCode: '123456',
      affiliateCode: 'LOTUS88',
    });
    expect(payload).not.toHaveProperty('username');
  });
});
