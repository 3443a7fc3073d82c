-- A member's balance changed: the server's change listener pushes the new balance to the member's
-- open pages (channel balance_change, payload "merchantId:memberId").
--
-- A NOTIFY holds PostgreSQL's notification-queue lock from its transaction's pre-commit through the
-- commit's WAL flush, so transactions that notify commit one at a time (docs/performance.md, "Balance
-- notices after the commit"). The hot paths (the seamless wallet's group commit, lottery bets) set
-- lotus.defer_balance_notices = 'on' in their transaction: the payloads are then gathered, once each,
-- in lotus.deferred_balance_notices (space-separated; transaction-local, so a rolled-back
-- subtransaction takes its own back), which the caller reads before the commit ends its statement and
-- sends after it with notify_balance_changes(), off the commit path. Every other writer notifies here.
CREATE OR REPLACE FUNCTION notify_balance_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  v_payload text := NEW.merchant_id::text || ':' || NEW.member_id::text;
  v_deferred text;
BEGIN
  IF current_setting('lotus.defer_balance_notices', true) = 'on' THEN
    v_deferred := coalesce(current_setting('lotus.deferred_balance_notices', true), '');
    IF position(' ' || v_payload || ' ' IN ' ' || v_deferred || ' ') = 0 THEN
      PERFORM set_config('lotus.deferred_balance_notices', ltrim(v_deferred || ' ' || v_payload), true);
    END IF;
  ELSE
    PERFORM pg_notify('balance_change', v_payload);
  END IF;
  RETURN NULL;
END
$fn$;
