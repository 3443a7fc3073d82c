import { sql, type Kysely } from 'kysely';

/**
 * The operator's side of Web Push (issue 19; modules/push README, "Back-office").
 *
 * `push_subscription.vapid_public_key`: the merchant's public key the browser subscribed with. A push
 * service accepts only pushes signed by the key of the subscription, so after a key rotation a row whose
 * key is not the merchant's current one is stale: delivery skips it and the site subscribes again on
 * the member's next visit (the member's consent stays). Existing rows were all made under the current
 * key (there was no rotation before this migration).
 *
 * `push_subscription.device`: `mobile`, `tablet` or `desktop`, read from the User-Agent when the
 * browser subscribed; null for rows made before this migration (shown as unknown).
 *
 * `push_delivery_hour`: per merchant and hour, the pushes sent, failed, and subscriptions removed
 * because their push service answered 404 or 410 (gone or expired): the back-office's 24 h and 7-day
 * counts. Rows older than 35 days are deleted by the sender.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE push_subscription ADD COLUMN vapid_public_key text`.execute(db);
  await sql`
    UPDATE push_subscription s SET vapid_public_key = k.public_key
      FROM push_vapid_key k WHERE k.merchant_id = s.merchant_id`.execute(db);
  // A subscription without a key row cannot be (a key is made before any subscription): empty, stale.
  await sql`UPDATE push_subscription SET vapid_public_key = '' WHERE vapid_public_key IS NULL`.execute(db);
  await sql`ALTER TABLE push_subscription ALTER COLUMN vapid_public_key SET NOT NULL`.execute(db);
  await sql`
    ALTER TABLE push_subscription ADD COLUMN device text
      CHECK (device IN ('mobile', 'tablet', 'desktop'))`.execute(db);
  await sql`CREATE INDEX push_subscription_merchant_idx ON push_subscription (merchant_id)`.execute(db);

  await sql`
    CREATE TABLE push_delivery_hour (
      merchant_id integer NOT NULL REFERENCES merchant (id),
      hour timestamptz NOT NULL,
      sent integer NOT NULL DEFAULT 0,
      failed integer NOT NULL DEFAULT 0,
      removed integer NOT NULL DEFAULT 0,
      PRIMARY KEY (merchant_id, hour)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE push_delivery_hour`.execute(db);
  await sql`DROP INDEX push_subscription_merchant_idx`.execute(db);
  await sql`ALTER TABLE push_subscription DROP COLUMN device, DROP COLUMN vapid_public_key`.execute(db);
}
