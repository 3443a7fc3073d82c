-- A row a merchant's public cache is built from changed: every server instance drops that merchant's
-- cached answers (channel public_cache, payload the merchant id; both merchants when a row moves).
CREATE OR REPLACE FUNCTION notify_cache_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('public_cache', OLD.merchant_id::text);
  ELSE
    PERFORM pg_notify('public_cache', NEW.merchant_id::text);
    IF TG_OP = 'UPDATE' AND OLD.merchant_id IS DISTINCT FROM NEW.merchant_id THEN
      PERFORM pg_notify('public_cache', OLD.merchant_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$fn$;
