/**
 * The installable app and Web Push (issue 19): the per-merchant web app manifest and icons, the
 * member's push consent, switches and subscribed browsers, and the sender. It hears the inbox's system
 * messages (observeSystemMessages) and owns the push_* tables; nothing else calls into it but the
 * route table and tests.
 */
export { pushRoutes } from './push.routes.ts';
export { deliverDuePushes, type DeliveryResult } from './deliver.ts';
export type { PushTables } from './push.tables.ts';
