-- The automatic rebates' set path (modules/rebates README, "Paying a day"): every cash payout of one
-- merchant's day (rebate_payout rows of kind automatic, no turnover, no bonus) that has no ledger posting
-- yet is posted here in four statements, whatever the number of members, by the rules postTransfers and
-- vendor_wallet_play follow: the member's main account made on first use, one posting per payout under
-- the ledger's unique (merchant, source, key) with the payout's source key, the member rows locked in
-- ascending id order before the conditional balance update (never below zero: a credit only adds), and one
-- transfer house_bonus -> member_main of kind `rebate.auto` with the member's balance after it. checkLedger
-- verifies these rows as any other. Rerun in the same or a later transaction it posts nothing twice:
-- payouts with a posting are left out. This file is the function's current body (docs/database.md).
CREATE OR REPLACE FUNCTION rebate_post_payouts(p_merchant_id integer, p_currency text, p_day date, p_now timestamptz)
RETURNS TABLE (postings integer, amount_minor bigint)
LANGUAGE plpgsql
AS $fn$
DECLARE
  v_house bigint;
BEGIN
  CREATE TEMP TABLE IF NOT EXISTS rebate_paying (
    payout_id bigint, member_id bigint, source_key text, amount bigint, account_id bigint, posting_id bigint
  ) ON COMMIT DROP;
  TRUNCATE rebate_paying;
  INSERT INTO rebate_paying (payout_id, member_id, source_key, amount, posting_id)
    SELECT r.id, r.member_id, r.source_key, r.amount_minor, nextval(pg_get_serial_sequence('ledger_posting', 'id'))
      FROM rebate_payout r
     WHERE r.merchant_id = p_merchant_id AND r.day = p_day AND r.kind = 'automatic'
       AND r.turnover_required_minor = 0 AND r.bonus_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM ledger_posting lp
                        WHERE lp.merchant_id = p_merchant_id AND lp.source = 'rebate' AND lp.idempotency_key = r.source_key);
  IF NOT FOUND THEN
    RETURN QUERY SELECT 0, 0::bigint;
    RETURN;
  END IF;
  ANALYZE rebate_paying;

  -- The accounts, made on first use only (as the ledger's resolveAccounts does).
  INSERT INTO ledger_account (merchant_id, currency, kind, member_id, sub_key)
    SELECT p_merchant_id, p_currency, 'member_main', p.member_id, '' FROM rebate_paying p
    UNION ALL SELECT p_merchant_id, p_currency, 'house_bonus', NULL, ''
    ON CONFLICT ON CONSTRAINT ledger_account_identity_key DO NOTHING;
  SELECT a.id INTO v_house FROM ledger_account a
   WHERE a.merchant_id = p_merchant_id AND a.currency = p_currency AND a.kind = 'house_bonus'
     AND a.member_id IS NULL AND a.sub_key = '';
  UPDATE rebate_paying p SET account_id = a.id FROM ledger_account a
   WHERE a.merchant_id = p_merchant_id AND a.currency = p_currency AND a.kind = 'member_main'
     AND a.member_id = p.member_id AND a.sub_key = '';

  INSERT INTO ledger_posting (id, merchant_id, source, idempotency_key, request_hash, created_at)
    -- The posting's digest of what it moves (its key is the payout's, unique with the payout row).
    SELECT p.posting_id, p_merchant_id, 'rebate', p.source_key,
           encode(sha256(convert_to(concat_ws('|', p_currency, 'house_bonus', 'member_main', p.member_id, p.amount,
                                              'rebate.auto', p_day), 'UTF8')), 'hex'),
           p_now
      FROM rebate_paying p;

  -- Member rows in ascending id order (ledger invariant 6), then one conditional update each.
  PERFORM 1 FROM ledger_account a WHERE a.id IN (SELECT account_id FROM rebate_paying) ORDER BY a.id FOR NO KEY UPDATE;
  WITH credited AS (
    UPDATE ledger_account a SET balance = a.balance + p.amount
      FROM rebate_paying p
     WHERE a.id = p.account_id AND a.balance + p.amount >= 0
    RETURNING a.id, a.balance
  )
  INSERT INTO ledger_transfer (posting_id, merchant_id, currency, debit_account_id, credit_account_id, amount, kind,
                               reference, debit_balance_after, credit_balance_after, created_at)
    SELECT p.posting_id, p_merchant_id, p_currency, v_house, p.account_id, p.amount, 'rebate.auto',
           'rebate:' || p_day::text, NULL, c.balance, p_now
      FROM rebate_paying p JOIN credited c ON c.id = p.account_id;

  RETURN QUERY SELECT count(*)::integer, coalesce(sum(p.amount), 0)::bigint FROM rebate_paying p;
END;
$fn$;
