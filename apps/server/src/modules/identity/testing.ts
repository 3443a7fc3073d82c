/**
 * identity's public test entry: helpers other modules' tests may use (never production code).
 * Tests inside identity import the `*.testing.ts` files beside them directly.
 */
export {
  createAccountsKit,
  freshMobileNum,
  freshUsername,
  registrationPayload,
  useAccountsKit,
  type AccountsKit,
} from './accounts.testing.ts';
export { createLoginTestKit, useLoginTestKit, type LoginTestKit } from './login-security.testing.ts';
export { totpCodeAt } from './two-factor/totp.ts';
