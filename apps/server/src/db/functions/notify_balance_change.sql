-- A member's balance changed: the server's change listener pushes the new balance to the member's
-- open pages (channel balance_change, payload "merchantId:memberId").
CREATE OR REPLACE FUNCTION notify_balance_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('balance_change', NEW.merchant_id::text || ':' || NEW.member_id::text);
  RETURN NULL;
END
$fn$;
