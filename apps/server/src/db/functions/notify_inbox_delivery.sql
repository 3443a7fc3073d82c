-- A member's own inbox row changed (a message to them, one read or deleted): the server's change
-- listener pushes their new unread count to their open pages (channel inbox_change, payload
-- "merchantId:memberId"; migration 0061, modules/inbox).
CREATE OR REPLACE FUNCTION notify_inbox_delivery() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('inbox_change', NEW.merchant_id::text || ':' || NEW.member_id::text);
  RETURN NULL;
END
$fn$;
