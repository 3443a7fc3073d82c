/** What other modules may use of identity: the token guard and session control. */
export { requireMember, type AuthenticatedMember } from './require-member.ts';
export { revokeAllSessions } from './sessions.ts';
export { setMemberStatus } from './set-member-status.ts';
