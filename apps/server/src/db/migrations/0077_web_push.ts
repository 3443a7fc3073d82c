import { sql, type Kysely } from 'kysely';

/**
 * Web Push (issue 19 "Installable app"; modules/push README).
 *
 * `push_vapid_key`: the merchant's VAPID key pair (RFC 8292), made the first time it is needed. The
 * private key is stored sealed (AES-256-GCM under a key derived from the configuration, the merchant
 * id as additional data), never in clear.
 *
 * `push_preference`: the member's consent (when it was given; null: withdrawn or never) and one switch
 * per kind of notice. `push_subscription`: one row per browser the member subscribed (its push
 * service endpoint and keys); a subscription the push service answers 404 or 410 is deleted.
 *
 * `push_outbox`: notices to send, written in the transaction of their cause (only for a member who
 * consented and switched that kind on), sent after it commits and deleted once sent to every device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE push_vapid_key (
      merchant_id integer PRIMARY KEY REFERENCES merchant (id),
      public_key text NOT NULL,
      private_key_sealed text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE push_preference (
      member_id bigint PRIMARY KEY,
      merchant_id integer NOT NULL,
      consented_at timestamptz,
      deposit_approved boolean NOT NULL DEFAULT true,
      withdrawal_paid boolean NOT NULL DEFAULT true,
      promotion_issued boolean NOT NULL DEFAULT true,
      contract_offered boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id)
    )`.execute(db);

  await sql`
    CREATE TABLE push_subscription (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL,
      member_id bigint NOT NULL,
      endpoint text NOT NULL CHECK (length(endpoint) <= 2048),
      p256dh text NOT NULL CHECK (length(p256dh) <= 200),
      auth text NOT NULL CHECK (length(auth) <= 100),
      language text NOT NULL CHECK (language IN ('TH', 'EN')),
      created_at timestamptz NOT NULL,
      UNIQUE (endpoint),
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id)
    )`.execute(db);
  await sql`CREATE INDEX push_subscription_member_idx ON push_subscription (member_id)`.execute(db);

  await sql`
    CREATE TABLE push_outbox (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL,
      member_id bigint NOT NULL,
      kind text NOT NULL CHECK (kind IN ('deposit_approved', 'withdrawal_paid', 'promotion_issued', 'contract_offered')),
      template text NOT NULL,
      params jsonb NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id)
    )`.execute(db);
  await sql`CREATE INDEX push_outbox_due_idx ON push_outbox (next_attempt_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE push_outbox, push_subscription, push_preference, push_vapid_key`.execute(db);
}
