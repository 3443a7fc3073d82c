/** What other modules may use of idempotency: the app registers the hook, the prune job deletes old keys. */
export { registerIdempotency } from './idempotency.ts';
export { deleteOldIdempotencyKeys } from './delete-old-keys.ts';
