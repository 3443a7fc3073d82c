import { registerRequestSchema, type Language, type RegisterFieldName, type RegisterFieldRule } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { translate } from '../../../i18n/messages.ts';
import { createApiClient, freshIp, type ApiClient } from '../../../testing/api-client.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { demoRegisterRules } from '../../merchant/index.ts';
import { sha256Hex } from '../../verification/index.ts';
import { humanTrack } from '../../verification/testing.ts';
import { freshMobileNum, freshUsername, withRegisterCode } from '../accounts.testing.ts';
import { checkRegisterField } from './register-rules.ts';

/**
 * Bad input to PUT /wps/member/register through the real app on a real database, the cases generated
 * from the demo merchant's register rules and the request schema: every field over its maximum, of
 * the wrong type, with control characters or HTML, or missing when required. Each answer must be a
 * 400 envelope naming the field with the right message in Thai (the default) and in English, never
 * a 500; nothing may be stored, and the solved slider and the SMS code the refused request carried
 * must still be unspent, which a following valid request with the same token and code proves.
 *
 * The app runs on the real clock: slider tokens are issued against it.
 */
let testApp: TestApp;
let client: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  client = await createApiClient(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
});

/** Solves a slider the way a person does and returns the token it earns. */
async function solvedSliderToken(): Promise<string> {
  const remoteAddress = freshIp();
  const slider = await testApp.app.inject({
    method: 'GET',
    url: '/wps/captcha/slider',
    headers: { Merchant: 'demo' },
    remoteAddress,
  });
  expect(slider.statusCode).toBe(200);
  const challengeId = slider.json().value.challengeId as string;
  const { gap_x: gapX } = await testApp.db
    .selectFrom('challenge')
    .select('gap_x')
    .where('id', '=', challengeId)
    .executeTakeFirstOrThrow();
  const check = await testApp.app.inject({
    method: 'POST',
    url: '/wps/captcha/slider/check',
    headers: { Merchant: 'demo', 'content-type': 'application/json' },
    payload: JSON.stringify({ challengeId, x: gapX, track: humanTrack(gapX!) }),
    remoteAddress,
  });
  expect(check.statusCode, check.body).toBe(200);
  return check.json().value.sliderToken as string;
}

async function isSliderTokenUnspent(token: string): Promise<boolean> {
  const row = await testApp.db
    .selectFrom('challenge_token')
    .select('consumed_at')
    .where('token_hash', '=', sha256Hex(token))
    .executeTakeFirstOrThrow();
  return row.consumed_at === null;
}

/** Sends a sealed register; `language` undefined sends no Language header (the merchant's default, TH). */
function register(payload: Record<string, unknown>, language?: Language) {
  return client.sealed('PUT', '/wps/member/register', payload, { language: language ?? null });
}

async function countRows(): Promise<number[]> {
  return Promise.all(
    (['member', 'member_session', 'login_event'] as const).map(async (table) => {
      const row = await testApp.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    }),
  );
}

/**
 * A registration the demo merchant accepts, with the SMS code it demands for the number; affiliate
 * and referral codes are left out (they are resolved against agents, which is not this test's subject).
 */
async function validRegistration(sliderToken: string): Promise<Record<string, unknown>> {
  const payload = {
    username: freshUsername('val'),
    password: 'secret123',
    confirmPassword: 'secret123',
    payeeName: 'Somchai Jaidee',
    email: 'somchai@example.com',
    mobileNum: freshMobileNum(),
    countryDialingCode: '66',
    line: 'somchai_line',
    sliderToken,
    registerUrl: 'https://demo.lotus88.test/register',
    registerMethod: 'WEB',
    domain: 'demo.lotus88.test',
    loginDeviceId: 'device-1234',
  };
  return withRegisterCode(testApp.db, testApp.demoMerchantId, payload, Date.now());
}

/** A value of each field that its demo rule accepts, to stretch, break or wrap. */
const acceptedValues: Partial<Record<RegisterFieldName, string>> = {
  username: 'somchai88',
  password: 'secret123',
  payeeName: 'Somchai Jaidee',
  email: 'somchai@example.com',
  mobileNum: '0812345678',
  line: 'somchai_line',
  affiliateCode: 'ABCD1234',
  referralCode: 'REF12345',
  verificationCode: '123456',
};

/** Fields the username registration checks against their rule: all but the captcha, which is a challenge checked after the fields. */
const ruleFields = (Object.keys(demoRegisterRules) as RegisterFieldName[]).filter((field) => field !== 'captcha');
const secretFields = new Set<string>(['password', 'paymentPassword']);
/** Every field of the request, from its schema. */
const requestFields = Object.keys(registerRequestSchema.shape);
/** Plain text fields of the request outside the rules, with the contract's cap. */
const freeTextFields = { registerUrl: 2048, domain: 253, loginDeviceId: 128 } as const;

interface BadInputCase {
  field: string;
  problem: string;
  /** Overrides of the valid registration; undefined removes the field. */
  overrides: Record<string, unknown>;
  /** The message expected in a language. */
  message: (language: Language) => string;
}

/** The message the rule gives `value`, found by the rule checker and spelled out in the catalogue. */
function ruleMessage(field: RegisterFieldName, value: string, rule: RegisterFieldRule | undefined) {
  const violation = checkRegisterField(field, value, rule, { isSecret: secretFields.has(field) });
  if (violation === null) throw new Error(`the case for ${field} (${JSON.stringify(value)}) breaks no rule`);
  return (language: Language) => translate(language, violation.messageKey, violation.params);
}
const schemaMessage = (key: string, params: Record<string, string | number>) => (language: Language) =>
  translate(language, key, params);

/** `value` stretched to `length` characters by repeating its last one, so it still matches its pattern. */
function stretch(value: string, length: number): string {
  return value.padEnd(length, value.at(-1));
}
const withInside = (value: string, inserted: string) => `${value.slice(0, 2)}${inserted}${value.slice(2)}`;

const wrongTypes: [string, unknown][] = [
  ['a number', 12345],
  ['an object', { value: 'x' }],
  ['an array', ['x']],
  ['null', null],
];
const controlCharacters: [string, string][] = [
  ['a NUL', '\u0000'],
  ['a line break', '\n'],
  ['an escape', '\u001b'],
  ['a DEL', '\u007f'],
];

function buildCases(): BadInputCase[] {
  const cases: BadInputCase[] = [];
  const add = (field: string, problem: string, overrides: Record<string, unknown>, message: BadInputCase['message']) =>
    cases.push({ field, problem, overrides, message });
  // The password's confirmation follows the password, so that only the password is wrong.
  const withValue = (field: string, value: unknown) =>
    field === 'password' ? { password: value, confirmPassword: value } : { [field]: value };

  for (const field of ruleFields) {
    const rule = demoRegisterRules[field];
    const isEnabled = rule.enabled;
    const accepted = acceptedValues[field] ?? 'abcdef';
    if (isEnabled) {
      const tooLong = stretch(accepted, rule.maxLength + 1);
      add(field, `over its maximum of ${rule.maxLength}`, withValue(field, tooLong), ruleMessage(field, tooLong, rule));
      const tooShort = accepted.slice(0, Math.max(rule.minLength - 1, 1));
      if (rule.minLength > 1)
        add(
          field,
          `under its minimum of ${rule.minLength}`,
          withValue(field, tooShort),
          ruleMessage(field, tooShort, rule),
        );
    } else {
      add(field, 'sent while disabled', { [field]: accepted }, ruleMessage(field, accepted, rule));
    }
    add(
      field,
      'over the request cap of 255',
      withValue(field, 'a'.repeat(256)),
      schemaMessage('validation.too_big', { field, maximum: 255 }),
    );
    for (const [name, character] of controlCharacters) {
      const value = withInside(accepted, character);
      add(field, `with ${name}`, withValue(field, value), ruleMessage(field, value, rule));
    }
    const html = `<b>${accepted}</b>`;
    add(field, 'with HTML', withValue(field, html), ruleMessage(field, html, rule));
    if (isEnabled && rule.required)
      add(
        field,
        'missing though required',
        withValue(field, undefined),
        field === 'username' || field === 'password'
          ? schemaMessage('validation.required', { field })
          : ruleMessage(field, '', rule),
      );
  }

  for (const field of requestFields) {
    for (const [name, value] of wrongTypes) {
      // registerMethod is a choice of words: anything else is an invalid value rather than a wrong type.
      const key = field === 'registerMethod' ? 'validation.invalid_value' : 'validation.invalid_type';
      add(field, `of the wrong type (${name})`, { [field]: value }, schemaMessage(key, { field }));
    }
  }

  for (const [field, maximum] of Object.entries(freeTextFields)) {
    add(
      field,
      `over its maximum of ${maximum}`,
      { [field]: 'a'.repeat(maximum + 1) },
      schemaMessage('validation.too_big', { field, maximum }),
    );
    for (const [name, character] of controlCharacters) {
      add(
        field,
        `with ${name}`,
        { [field]: withInside('demo.lotus88.test', character) },
        schemaMessage('register.field.unsafe', { field }),
      );
    }
    add(field, 'with HTML', { [field]: 'demo<script>.test' }, schemaMessage('register.field.unsafe', { field }));
  }
  for (const [field, maximum] of [
    ['confirmPassword', 255],
    ['captcha', 255],
    ['captchaId', 64],
    ['sliderToken', 128],
  ] as const) {
    add(
      field,
      `over its maximum of ${maximum}`,
      { [field]: 'a'.repeat(maximum + 1) },
      schemaMessage('validation.too_big', { field, maximum }),
    );
  }
  add(
    'confirmPassword',
    'missing',
    { confirmPassword: undefined },
    schemaMessage('validation.required', { field: 'confirmPassword' }),
  );
  add(
    'confirmPassword',
    'with a control character the password lacks',
    { confirmPassword: 'secret\u0000123' },
    schemaMessage('register.password.mismatch', {}),
  );
  add(
    'sliderToken',
    'missing',
    { sliderToken: undefined },
    schemaMessage('validation.required', { field: 'sliderToken' }),
  );
  add(
    'countryDialingCode',
    'missing with a mobile number',
    { countryDialingCode: undefined },
    schemaMessage('register.field.required', { field: 'countryDialingCode' }),
  );
  add(
    'countryDialingCode',
    'too long',
    { countryDialingCode: '+66666' },
    schemaMessage('validation.invalid_format', { field: 'countryDialingCode' }),
  );
  add(
    'countryDialingCode',
    'with HTML',
    { countryDialingCode: '<b>66</b>' },
    schemaMessage('validation.invalid_format', { field: 'countryDialingCode' }),
  );
  add(
    'registerMethod',
    'unknown',
    { registerMethod: 'APP' },
    schemaMessage('validation.invalid_value', { field: 'registerMethod' }),
  );
  return cases;
}

const cases = buildCases();

describe('PUT /wps/member/register refuses bad input', () => {
  test('the cases cover every field of the request and every rule field', () => {
    const covered = new Set(cases.map((badCase) => badCase.field));
    for (const field of [...requestFields, ...ruleFields]) expect(covered, field).toContain(field);
  });

  test.each(cases.map((badCase) => [badCase.field, badCase.problem, badCase] as const))(
    '%s %s: 400 naming it in TH and EN, nothing stored, the slider token still good',
    async (field, _problem, badCase) => {
      const sliderToken = await solvedSliderToken();
      const valid = await validRegistration(sliderToken);
      const before = await countRows();

      for (const language of [undefined, 'EN'] as const) {
        const response = await register({ ...valid, ...badCase.overrides }, language);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          value: null,
          errorCode: 'validation.failed',
          field,
          message: badCase.message(language ?? 'TH'),
        });
      }
      expect(await countRows()).toEqual(before);
      expect(await isSliderTokenUnspent(sliderToken)).toBe(true);

      const accepted = await register(valid);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const [members] = await countRows();
      expect(members).toBe(before[0]! + 1);
    },
  );

  test.each([
    [
      undefined,
      { username: 'somchai88'.padEnd(17, '8') },
      'username: ตัวอักษรภาษาอังกฤษและตัวเลข ขึ้นต้นด้วยตัวอักษร (4-16 ตัวอักษร)',
    ],
    [
      'EN',
      { username: 'somchai88'.padEnd(17, '8') },
      'username: Letters and digits, starting with a letter (4-16 characters)',
    ],
    [undefined, { mobileNum: '08123456789' }, 'mobileNum: ตัวเลขเท่านั้น (9-10 ตัวอักษร)'],
    ['EN', { payeeName: 'Somchai' }, 'payeeName: First and last name separated by a space (3-60 characters)'],
    [undefined, { line: 'somchai line' }, 'line: ห้ามมีช่องว่าง (1-40 ตัวอักษร)'],
    [
      'EN',
      { payeeName: 'Somchai <b>Jaidee</b>' },
      'payeeName contains characters that are not allowed (control characters, < or >)',
    ],
    [undefined, { qqNum: '123456' }, 'เว็บไซต์นี้ไม่รับข้อมูล qqNum'],
    [undefined, { email: 42 }, 'email มีชนิดข้อมูลไม่ถูกต้อง'],
  ] as const)('the words a member reads (%s): %j', async (language, overrides, message) => {
    const response = await register(
      { ...(await validRegistration('unsolved-is-never-reached')), ...overrides },
      language,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  test('a Thai name within its maximum is counted in characters, not bytes', async () => {
    // 60 Thai characters are 180 bytes of UTF-8: within the rule's 60.
    const name = `${'ก'.repeat(29)} ${'ข'.repeat(30)}`;
    const response = await register({ ...(await validRegistration(await solvedSliderToken())), payeeName: name });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await testApp.db
      .selectFrom('member')
      .select('payee_name')
      .where('payee_name', '=', name)
      .executeTakeFirst();
    expect(stored?.payee_name).toBe(name);
  });
});
