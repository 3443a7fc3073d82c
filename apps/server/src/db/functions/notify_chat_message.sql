-- Live chat (migration 0066, modules/chat): a new message is announced on channel `chat_change` when
-- its transaction commits; payload "merchantId:conversationId". Every instance wakes that
-- conversation's sockets, which read what is new from the database.
CREATE OR REPLACE FUNCTION notify_chat_message() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('chat_change', NEW.merchant_id::text || ':' || NEW.conversation_id::text);
  RETURN NULL;
END
$fn$;
