/**
 * Live chat (README.md): the site's conversations with customer service over a websocket and the
 * back-office queue. Above identity (the member guard), backoffice (operator guard, audit, names),
 * media (image checks), ledger and deposit (what the desk shows beside a conversation). Nothing
 * imports it but the composition root and app.ts (the hub its notifications wake).
 */
export { chatRoutes } from './chat.routes.ts';
export { ChatHub } from './chat-hub.ts';
export type { ChatTables } from './chat.tables.ts';
