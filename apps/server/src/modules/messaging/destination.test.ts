import { describe, expect, test } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { normaliseEmail, normaliseMobile, parseDestination } from './destination.ts';

function failure(run: () => unknown): { errorCode: string; field: string | undefined } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { errorCode: error.errorCode, field: error.options.field };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('normaliseMobile', () => {
  test.each([
    ['empty dialing code', '', '812345678', 'sms.phone.missing', 'countryDialingCode'],
    ['no dialing code', undefined, '812345678', 'sms.phone.missing', 'countryDialingCode'],
    ['dialing code with letters', '+6a', '812345678', 'sms.phone.invalid', 'countryDialingCode'],
    ['dialing code of 5 digits', '+66666', '812345678', 'sms.phone.invalid', 'countryDialingCode'],
    ['dialing code starting with 0', '+066', '812345678', 'sms.phone.invalid', 'countryDialingCode'],
    ['dialing code of two plusses', '++66', '812345678', 'sms.phone.invalid', 'countryDialingCode'],
    ['empty number', '+66', '', 'sms.phone.missing', 'mobileNo'],
    ['only separators', '+66', ' - ', 'sms.phone.missing', 'mobileNo'],
    ['no number', '+66', undefined, 'sms.phone.missing', 'mobileNo'],
    ['letters', '+66', '81234abcd', 'sms.phone.invalid', 'mobileNo'],
    ['a plus inside', '+66', '+66812345678', 'sms.phone.invalid', 'mobileNo'],
    ['5 digits', '+66', '12345', 'sms.phone.invalid', 'mobileNo'],
    ['5 digits after the trunk 0', '+66', '012345', 'sms.phone.invalid', 'mobileNo'],
    ['16 digits', '+66', '1234567890123456', 'sms.phone.invalid', 'mobileNo'],
    ['Thai digits', '+66', '๐๘๑๒๓๔๕๖๗๘', 'sms.phone.invalid', 'mobileNo'],
  ])('refuses %s', (_name, dialing, mobile, errorCode, field) => {
    expect(failure(() => normaliseMobile(dialing, mobile))).toEqual({ errorCode, field });
  });

  test.each([
    ['+66', '812345678', '+66812345678'],
    ['66', '812345678', '+66812345678'],
    [' +66 ', '081-234-5678', '+66812345678'],
    ['+66', '(081) 234 5678', '+66812345678'],
    ['+1', '123456', '+1123456'],
    ['+855', '123456789012345', '+855123456789012345'],
  ])('%s %s is %s', (dialing, mobile, expected) => {
    expect(normaliseMobile(dialing, mobile)).toBe(expected);
  });
});

describe('normaliseEmail', () => {
  test.each([
    ['', 'sms.phone.missing'],
    ['member', 'sms.phone.invalid'],
    ['member@host', 'sms.phone.invalid'],
    ['me mber@host.com', 'sms.phone.invalid'],
  ])('refuses %j', (email, errorCode) => {
    expect(failure(() => normaliseEmail(email))).toEqual({ errorCode, field: 'email' });
  });

  test('trims and lower-cases', () => {
    expect(normaliseEmail('  Member@Example.COM ')).toBe('member@example.com');
  });
});

describe('parseDestination', () => {
  test.each([
    ['+66 81 234 5678', '+66812345678'],
    ['Member@Example.com', 'member@example.com'],
    ['0812345678', null],
    ['anything', null],
  ])('%j is %j', (text, expected) => {
    expect(parseDestination(text)).toBe(expected);
  });
});
