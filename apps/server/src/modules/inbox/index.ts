/**
 * inbox's public face: the member's messages (the original's CSP_ calls), the back-office's composer,
 * and what other modules call to write to members. Above identity (members, segments, names) and
 * backoffice (the operator guard, audit, names); below deposit, withdrawal and agents, which write
 * system and agents' messages through the functions here, and wallet, whose balance stream carries
 * the unread count. Files other than this one are internal.
 */

// Routes, registered by modules/routes.ts.
export { inboxRoutes } from './inbox.routes.ts';
export type { InboxTables } from './inbox.tables.ts';

// Writing to members, in the caller's transaction where it has one.
export {
  observeSystemMessages,
  sendAgentMessage,
  sendSystemMessage,
  sendSystemMessages,
  type SystemMessage,
  type SystemMessageObserver,
} from './send-messages.ts';
export type { SystemMessageParams, SystemTemplate } from './system-templates.ts';

// The balance stream's `unread` event (modules/wallet).
export { countUnreadMessages } from './list-inbox.ts';
