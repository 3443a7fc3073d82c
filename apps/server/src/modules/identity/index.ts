/** What other modules may use of identity: the token guard, session control and the agent tree. */
export { requireMember, type AuthenticatedMember } from './require-member.ts';
export { requireRealMember } from './require-real-member.ts';
export { revokeAllSessions } from './sessions.ts';
export { setMemberStatus } from './set-member-status.ts';
export { listDownlines, listUplineChain, type HierarchyMember } from './hierarchy.ts';
