-- Live chat (migration 0066, modules/chat): a conversation's change (status, assignment, delivery and
-- read marks) is announced on channel `chat_change` when its transaction commits; payload
-- "merchantId:conversationId". Every instance wakes its sockets and back-office queues.
CREATE OR REPLACE FUNCTION notify_chat_conversation() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('chat_change', NEW.merchant_id::text || ':' || NEW.id::text);
  RETURN NULL;
END
$fn$;
