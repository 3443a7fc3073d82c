/**
 * What other modules may use of sealed payloads: the app registers the decorator that opens sealed
 * request bodies, the prune job deletes nonces past their window.
 */
export { registerSealedPayloads, type SealedPayloads } from './sealed-payloads.ts';
export { deleteExpiredSealedNonces } from './sealed.queries.ts';
export { sealedRoutes } from './sealed.routes.ts';
