import { describe, expect, test } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  test('argon2id with the OWASP parameters, salted, verified', async () => {
    const first = await hashPassword('secret123');
    const second = await hashPassword('secret123');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'secret123')).toBe(true);
    expect(await verifyPassword(first, 'Secret123')).toBe(false);
  });

  test('a malformed stored hash is a wrong password, not an error', async () => {
    expect(await verifyPassword('not-a-hash', 'secret123')).toBe(false);
  });

  test('the dummy verification never succeeds', async () => {
    expect(await verifyAgainstDummy('')).toBe(false);
    expect(await verifyAgainstDummy('secret123')).toBe(false);
  });
});
