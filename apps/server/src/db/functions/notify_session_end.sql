-- A member session ended (revoked_at set: logout, a password change or reset, a lock, an operator
-- ending it): every server instance ends that session's open balance streams at once (channel
-- session_end, payload <merchantId>:<memberId>:<sessionId>; migration 0051 made the trigger).
CREATE OR REPLACE FUNCTION notify_session_end() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('session_end', NEW.merchant_id::text || ':' || NEW.member_id::text || ':' || NEW.id::text);
  RETURN NULL;
END
$fn$;
