import { describe, expect, test } from 'vitest';
import { maskEmail, maskMobile } from './mask-contact.ts';

describe('maskMobile', () => {
  test.each([
    ['66', '812345678', '+66 81****678'],
    ['66', '0812345678'.slice(1), '+66 81****678'],
    ['84', '9123456789', '+84 91*****789'],
    ['1', '1234567', '+1 12**567'],
    ['66', '123456', '+66 ****56'],
    ['66', '12', '+66 *12'],
  ])('+%s %s -> %s', (dialingCode, number, expected) => {
    expect(maskMobile(dialingCode, number)).toBe(expected);
  });
});

describe('maskEmail', () => {
  test.each([
    ['somchai@example.com', 'so****@example.com'],
    ['ab@example.com', 'a****@example.com'],
    ['a@example.com', 'a****@example.com'],
    ['first.last@mail.co.th', 'fi****@mail.co.th'],
    ['สมชาย@example.com', 'สม****@example.com'],
    ['not-an-email', '****'],
    ['@example.com', '****'],
  ])('%s -> %s', (email, expected) => {
    expect(maskEmail(email)).toBe(expected);
  });
});
