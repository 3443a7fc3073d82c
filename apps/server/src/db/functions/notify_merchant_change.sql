-- The merchant row itself changed: every server instance drops that merchant's cached answers.
CREATE OR REPLACE FUNCTION notify_merchant_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('public_cache', COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END
$fn$;
