/**
 * identity's public face: everything another module, the app (routes.ts, jobs, db/seed.ts) or a
 * script may use of members, their passwords, sessions and two-factor codes. Files in the folders
 * below are internal; test helpers for other modules' tests are in `testing.ts`.
 */

// Routes, registered by modules/routes.ts. Registration's routes take the agent programme's
// invitation codes and tree placement (RegistrationAgents) from there, so identity never imports agents.
export { identityRoutes } from './identity.routes.ts';
export { loginSecurityRoutes } from './login-security.routes.ts';
export { accountsRoutes } from './accounts.routes.ts';
// Social login (LINE, Google, Facebook): its member calls and its back-office page (guard and audit handed in).
export { socialLoginRoutes, type SocialLoginBackoffice } from './social/social-login.routes.ts';
export type { RegistrationAgents } from './registration/registration-agents.ts';
export { callerOf, type Caller } from './caller.ts';

// Table types, for test helpers that insert members directly (db/schema.ts reads identity.tables.ts).
export type { IdentityTables, MemberTable, MemberStatus, AgentType } from './identity.tables.ts';

// The token guards (onRequest hooks) and session control.
export { requireMember, type AuthenticatedMember } from './sessions/require-member.ts';
export { requireRealMember } from './sessions/require-real-member.ts';
export { hashToken, revokeAllSessions } from './sessions/sessions.ts';
export { lockMemberStatus, setMemberStatus, setMemberStatusIn } from './members/set-member-status.ts';
// The agent programme's move of a member to another upline (modules/agents rewrites the tree).
export { setMemberUpline } from './members/set-member-upline.ts';

// Members: the one insert every account creation goes through (the seed and agents' downlines too),
// its taken checks, and what other modules may read of a member.
export {
  insertMember,
  rethrowTakenConflict,
  type NewMember,
  type PlaceInTree,
  type Upline,
} from './members/insert-member.ts';
export { isMobileTaken, isUsernameTaken } from './identity.queries.ts';
export {
  findMemberSummary,
  findMemberSummaryByUsername,
  listMemberSummaries,
  type MemberSummary,
} from './members/member-summaries.ts';
// The inbox's audiences (modules/inbox): a member's segment, a segment's size, listed usernames.
export {
  countMembersOfTypes,
  findMemberSegment,
  listMemberSummariesByUsernames,
  type MemberSegment,
} from './members/member-segments.ts';
// The reports' registrations (modules/reports), as a subquery they count by day.
export { registeredMemberRows, type RegisteredMemberRow } from './members/registered-member-rows.ts';
// The agent centre's team pages (modules/agents): the team's members, last logins and online count.
export { teamLoginCounts, teamMemberRows, type TeamMemberRow } from './members/team-member-rows.ts';
// A member's status and type as columns of another module's hot query (the seamless wallet's session read).
export { memberStatusOf, memberTypeOf } from './members/member-columns.ts';
// The back-office's member list, member page and dashboard counts (contact data included).
export {
  countMembers,
  findMemberForBackoffice,
  listMembersForBackoffice,
  type BackofficeMember,
} from './members/backoffice-members.ts';
// The back-office's member desk: search by handle, profile, restrictions, resets, logins, sessions, shared IPs and devices.
export {
  changeMemberRestrictions,
  endAllMemberSessions,
  endMemberSession,
  findDeskProfile,
  listLiveSessions,
  listMemberLogins,
  listMembersSharingLogins,
  resetMemberPassword,
  resetMemberTwoFactor,
  searchDeskMembers,
  type DeskMemberFilter,
  type DeskProfile,
} from './members/member-desk.ts';
// The agents' settlements: members who logged in from an agent's IP address or device in a period.
export { membersSharingLoginsInPeriod } from './members/shared-logins.ts';
// The payment password and payee name on the member row, for modules/withdrawal.
export {
  getPaymentDetails,
  lockPaymentDetails,
  setPayeeName,
  setPaymentPasswordHash,
  type LockedPaymentDetails,
  type MemberRef,
} from './members/payment-details.ts';
export { parseMobileNumber, type MobileNumber } from './registration/register-member.ts';

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
