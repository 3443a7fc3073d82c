/**
 * identity's public face: everything another module, the app (routes.ts, jobs, db/seed.ts) or a
 * script may use of members, their passwords, sessions and two-factor codes. Files in the folders
 * below are internal; test helpers for other modules' tests are in `testing.ts`.
 */

// Routes, registered by modules/routes.ts.
export { identityRoutes } from './identity.routes.ts';
export { loginSecurityRoutes } from './login-security.routes.ts';
export { accountsRoutes } from './accounts.routes.ts';

// Tables, for db/schema.ts and test helpers that insert members directly.
export type { IdentityTables, MemberTable, MemberStatus, AgentType } from './identity.tables.ts';

// The token guards (onRequest hooks) and session control.
export { requireMember, type AuthenticatedMember } from './sessions/require-member.ts';
export { requireRealMember } from './sessions/require-real-member.ts';
export { hashToken, revokeAllSessions } from './sessions/sessions.ts';
export { setMemberStatus } from './members/set-member-status.ts';

// Creating members: the one insert every account creation goes through (the seed too).
export { insertMember, type NewMember } from './members/insert-member.ts';

// The password policy (argon2id), shared with operators' and payment passwords.
export { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords/passwords.ts';

// Register rules: one field checked against the merchant's rule (bank account names use it too).
export { checkRegisterField, type RuleViolation } from './registration/register-rules.ts';

// RFC 6238 step check, shared with operators' two-factor codes.
export { findTotpStep } from './two-factor/totp.ts';

// Housekeeping for the scheduled prune job.
export { deleteDeadSessions } from './sessions/delete-dead-sessions.ts';
export { deleteExpiredLoginSecurityRows } from './sessions/delete-expired-login-security.ts';
export { deleteExpiredResetTokens } from './recovery/password-reset-email.ts';

// The agent tree (moving to modules/agents).
export { listDownlines, listUplineChain, type HierarchyMember } from './hierarchy.ts';
