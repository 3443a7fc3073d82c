import { sql, type Kysely } from 'kysely';

/**
 * The member's inbox (issue 17 "Inbox"; modules/inbox README).
 *
 * `inbox_message`: one row per message, whoever the audience. A listed message (some usernames, one
 * member, an agent's message, every system message) has one `inbox_delivery` row per recipient,
 * written with it. A broadcast (all, agents, members who are no agent) has none at first: a member
 * sees it when registered before it was sent and of its segment, and gets a delivery row only when it
 * reads or deletes it. So a message to 100,000 members is one insert, and the per-member state grows
 * only with what members do.
 *
 * Changes are announced by triggers on channel `inbox_change` when the transaction commits (payload
 * `<merchantId>:<memberId>`, or `<merchantId>:*` for a broadcast), which the balance stream turns into
 * an `unread` event on every instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE inbox_message (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      send_type text NOT NULL CHECK (send_type IN ('merchant', 'system', 'agent')),
      push_type text NOT NULL CHECK (push_type IN (
        'INBOX', 'DEPOSIT', 'WITHDRAW', 'AGENT_TRANSFER_AGENT_TO_DOWNLINE', 'AGENT_TRANSFER_DOWNLINE_TO_AGENT')),
      audience text NOT NULL CHECK (audience IN ('all', 'agents', 'members', 'listed')),
      -- The merchant's and agents' words per language: {"TH": {"subject", "content"}, "EN": {...}}.
      texts jsonb,
      -- A system message is a template key and its parameters, worded in the reader's language when read.
      template text,
      params jsonb,
      operator_id bigint REFERENCES operator (id),
      sender_member_id bigint,
      -- Members it reached when sent: the listed ones, or the segment's real members then.
      recipient_count integer NOT NULL CHECK (recipient_count >= 0),
      -- A system message's cause (deposit.approved:<id>): written once however often its cause is replayed.
      source_key text,
      sent_at timestamptz NOT NULL,
      UNIQUE (merchant_id, source_key),
      FOREIGN KEY (sender_member_id, merchant_id) REFERENCES member (id, merchant_id),
      CONSTRAINT inbox_message_words CHECK (
        (send_type = 'system' AND template IS NOT NULL AND params IS NOT NULL AND texts IS NULL)
        OR (send_type <> 'system' AND texts IS NOT NULL AND template IS NULL AND params IS NULL)),
      CONSTRAINT inbox_message_sender CHECK (
        (send_type = 'merchant') = (operator_id IS NOT NULL)
        AND (send_type = 'agent') = (sender_member_id IS NOT NULL)),
      -- Only the merchant broadcasts; agents and the system write to listed members.
      CONSTRAINT inbox_message_broadcast CHECK (audience = 'listed' OR send_type = 'merchant')
    )`.execute(db);
  // A member's broadcasts: the merchant's few non-listed messages by time.
  await sql`
    CREATE INDEX inbox_message_broadcast_idx ON inbox_message (merchant_id, sent_at)
     WHERE audience <> 'listed'`.execute(db);
  // The composer's list: the merchant's own messages, newest first.
  await sql`
    CREATE INDEX inbox_message_merchant_idx ON inbox_message (merchant_id, sent_at)
     WHERE send_type = 'merchant'`.execute(db);

  await sql`
    CREATE TABLE inbox_delivery (
      member_id bigint NOT NULL,
      message_id bigint NOT NULL REFERENCES inbox_message (id),
      merchant_id integer NOT NULL,
      -- A broadcast's row exists only once the member read or deleted it (see inbox_delivery_broadcast).
      is_broadcast boolean NOT NULL,
      -- The message's, so a member's list reads its own rows in time order without the messages.
      sent_at timestamptz NOT NULL,
      read_at timestamptz,
      deleted_at timestamptz,
      PRIMARY KEY (member_id, message_id),
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      CONSTRAINT inbox_delivery_broadcast CHECK (NOT is_broadcast OR read_at IS NOT NULL OR deleted_at IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX inbox_delivery_member_time_idx ON inbox_delivery (member_id, sent_at)`.execute(db);
  // The badge: a member's listed messages not read nor deleted.
  await sql`
    CREATE INDEX inbox_delivery_unread_idx ON inbox_delivery (member_id)
     WHERE NOT is_broadcast AND read_at IS NULL AND deleted_at IS NULL`.execute(db);
  // A message's recipients and the composer's read and delete counts, read from the index alone.
  await sql`
    CREATE INDEX inbox_delivery_message_idx ON inbox_delivery (message_id) INCLUDE (is_broadcast, read_at, deleted_at)`.execute(
    db,
  );

  await sql`
    CREATE FUNCTION notify_inbox_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('inbox_change', NEW.merchant_id::text || ':' || NEW.member_id::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER inbox_delivery_notify
    AFTER INSERT OR UPDATE OF read_at, deleted_at ON inbox_delivery
    FOR EACH ROW EXECUTE FUNCTION notify_inbox_delivery()`.execute(db);
  await sql`
    CREATE FUNCTION notify_inbox_broadcast() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('inbox_change', NEW.merchant_id::text || ':*');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER inbox_message_broadcast_notify
    AFTER INSERT ON inbox_message
    FOR EACH ROW WHEN (NEW.audience <> 'listed') EXECUTE FUNCTION notify_inbox_broadcast()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE inbox_delivery`.execute(db);
  await sql`DROP TABLE inbox_message`.execute(db);
  await sql`DROP FUNCTION notify_inbox_delivery()`.execute(db);
  await sql`DROP FUNCTION notify_inbox_broadcast()`.execute(db);
}
