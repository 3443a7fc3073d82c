import { sql, type Kysely } from 'kysely';

/**
 * Live chat (issue 17 "Live chat"; modules/chat README).
 *
 * `chat_conversation`: one per member at a time while not closed (a visitor's is keyed by the hash of
 * its token), with who answers it and how far each side has received and read the other's messages.
 * `chat_message`: text or an image, in id order per conversation (a writer locks its conversation
 * row first, so ids commit in order and a client resuming after id N misses nothing). A sender's own
 * `client_id` is unique per conversation and side: a resend after a lost connection is not a second
 * message. `chat_image`: images sent in a conversation, served by an unguessable key, never public.
 * `chat_canned_reply`: operators' prepared answers per language. `chat_setting`: the merchant's
 * switches (visitors may chat; minutes before an unanswered conversation raises the alert).
 *
 * Every message and every change of a conversation is announced on channel `chat_change` when the
 * transaction commits (payload `<merchantId>:<conversationId>`): each instance wakes its sockets of
 * that conversation and its operators' queues.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chat_conversation (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      member_id bigint,
      -- sha256 of a visitor's conversation token (hex); the token itself is shown once.
      visitor_token_hash text UNIQUE,
      language text NOT NULL CHECK (language IN ('TH', 'EN')),
      status text NOT NULL CHECK (status IN ('waiting', 'open', 'closed')),
      assigned_operator_id bigint REFERENCES operator (id),
      -- The member's first message since the last operator answer: the alert's clock.
      waiting_since timestamptz,
      last_message_at timestamptz,
      last_message_text text,
      member_delivered_up_to bigint NOT NULL DEFAULT 0,
      member_read_up_to bigint NOT NULL DEFAULT 0,
      operator_delivered_up_to bigint NOT NULL DEFAULT 0,
      operator_read_up_to bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      closed_at timestamptz,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      CONSTRAINT chat_conversation_who CHECK ((member_id IS NULL) <> (visitor_token_hash IS NULL)),
      CONSTRAINT chat_conversation_assigned CHECK ((status = 'waiting') = (assigned_operator_id IS NULL) OR status = 'closed')
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX chat_conversation_member_open_idx ON chat_conversation (merchant_id, member_id)
     WHERE status <> 'closed' AND member_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX chat_conversation_queue_idx ON chat_conversation (merchant_id, status, created_at)`.execute(db);
  await sql`CREATE INDEX chat_conversation_member_idx ON chat_conversation (merchant_id, member_id, created_at)`.execute(
    db,
  );

  await sql`
    CREATE TABLE chat_image (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      conversation_id bigint NOT NULL REFERENCES chat_conversation (id),
      -- 128 random bits (hex): the image's address, so only the conversation's two sides know it.
      url_key text NOT NULL UNIQUE,
      content_type text NOT NULL,
      size_bytes integer NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      content bytea NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE chat_message (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      conversation_id bigint NOT NULL REFERENCES chat_conversation (id),
      sender text NOT NULL CHECK (sender IN ('member', 'visitor', 'operator')),
      operator_id bigint REFERENCES operator (id),
      text text,
      image_id bigint REFERENCES chat_image (id),
      client_id uuid NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (conversation_id, sender, client_id),
      CONSTRAINT chat_message_body CHECK ((text IS NULL) <> (image_id IS NULL)),
      CONSTRAINT chat_message_operator CHECK ((sender = 'operator') = (operator_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX chat_message_conversation_idx ON chat_message (conversation_id, id)`.execute(db);

  await sql`
    CREATE TABLE chat_canned_reply (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      language text NOT NULL CHECK (language IN ('TH', 'EN')),
      title text NOT NULL,
      text text NOT NULL,
      updated_by bigint NOT NULL REFERENCES operator (id),
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX chat_canned_reply_merchant_idx ON chat_canned_reply (merchant_id, language)`.execute(db);

  await sql`
    CREATE TABLE chat_setting (
      merchant_id integer PRIMARY KEY REFERENCES merchant (id),
      visitors_allowed boolean NOT NULL,
      alert_minutes integer NOT NULL CHECK (alert_minutes BETWEEN 1 AND 1440),
      updated_by bigint REFERENCES operator (id),
      updated_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE FUNCTION notify_chat_message() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('chat_change', NEW.merchant_id::text || ':' || NEW.conversation_id::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION notify_chat_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('chat_change', NEW.merchant_id::text || ':' || NEW.id::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER chat_message_notify AFTER INSERT ON chat_message
    FOR EACH ROW EXECUTE FUNCTION notify_chat_message()`.execute(db);
  await sql`
    CREATE TRIGGER chat_conversation_notify AFTER INSERT OR UPDATE ON chat_conversation
    FOR EACH ROW EXECUTE FUNCTION notify_chat_conversation()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE chat_message`.execute(db);
  await sql`DROP TABLE chat_image`.execute(db);
  await sql`DROP TABLE chat_conversation`.execute(db);
  await sql`DROP TABLE chat_canned_reply`.execute(db);
  await sql`DROP TABLE chat_setting`.execute(db);
  await sql`DROP FUNCTION notify_chat_message()`.execute(db);
  await sql`DROP FUNCTION notify_chat_conversation()`.execute(db);
}
