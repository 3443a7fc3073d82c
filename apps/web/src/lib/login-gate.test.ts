import { describe, expect, test } from 'vitest';
import { decideLoginGate } from './login-gate';

describe('decideLoginGate (spec §4)', () => {
  test.each([
    [null, null, 'needs-login'],
    ['', 1, 'needs-login'],
    ['token', 4, 'needs-real-account'],
    ['token', null, 'allowed'],
    ['token', 1, 'allowed'],
    ['token', 42, 'allowed'],
  ] as const)('token %j, isAgent %j → %s', (token, isAgent, expected) => {
    expect(decideLoginGate(token, isAgent)).toBe(expected);
  });
});
