-- A message to many members was sent (all, agents, members): every open page of the merchant asks
-- for its unread count again (channel inbox_change, payload "merchantId:*"; migration 0061, modules/inbox).
CREATE OR REPLACE FUNCTION notify_inbox_broadcast() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('inbox_change', NEW.merchant_id::text || ':*');
  RETURN NULL;
END
$fn$;
