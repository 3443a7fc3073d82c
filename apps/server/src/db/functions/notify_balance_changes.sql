-- Sends balance notices gathered by a transaction that deferred them (notify_balance_change.sql), after
-- that transaction committed. Committed asynchronously: this transaction holds the notification
-- queue's lock only while it queues, never through a WAL flush, and a notice lost in a crash costs
-- nothing (the page reads the balance again on its next load; money is never in a notice).
CREATE OR REPLACE FUNCTION notify_balance_changes(p_payloads text[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM pg_notify('balance_change', payload) FROM unnest(p_payloads) AS payload;
END
$fn$;
