-- The bonus engine's set-based grant (modules/bonus README, "Grants"): many grants of the same terms (one
-- source kind, transfer kind, product types and expiry; each its own member, source id, amount and
-- turnover) credited in a handful of statements, whatever their number, writing exactly the rows
-- grantBonus writes for each one (grant-bonus.ts is the reference; rebates' daily job calls this through
-- bonus's grantBonuses):
--   * the posting under the ledger's unique (merchant, source `bonus`, key `grant:<kind>:<id>`) with the
--     request hash postTransfers computes for grantBonus's request (SHA-256 of the JSON
--     [currency, [[debit, credit, amount, kind, reference]]]), so a grant made one way is recognised as a
--     replay the other way: neither pays twice, and a different request under the key is refused
--     (LB001, ledger.idempotency.conflict);
--   * accounts made on first use; the member rows locked in ascending id order, then credited by one
--     conditional update per account; one transfer house_bonus -> member_bonus with the member's balance
--     after it;
--   * the member_bonus row (active, remaining = amount) ON CONFLICT DO NOTHING on (merchant, source kind,
--     source id), also for a replayed posting (as grantBonus's replay does), then every grant's row id.
-- Every grant here has a turnover above 0: a grant straight to cash (turnover 0) is a closed row at once,
-- whose closing columns are the bonus engine's to fill (they grow with the cost report), so it goes
-- through grantBonus; the callers send those few one by one.
-- A concurrent grant of the same key waits on the posting's unique key and then counts as a replay.
-- Invalid input (an amount not 1..10^15, a turnover not above 0, a source id not 1-100 characters, a source
-- id twice, arrays of different lengths) is LB002 with the field in DETAIL; the batch's own terms are
-- checked by the TypeScript wrapper. Answers one row per grant in input order: its member_bonus id, its
-- amount and whether this call posted it (false: a replay). This file is the function's current body
-- (docs/database.md).
CREATE OR REPLACE FUNCTION bonus_grant_batch(
  p_merchant_id integer, p_currency text, p_source_kind text, p_transfer_kind text, p_product_types text[],
  p_expires_at timestamptz, p_now timestamptz,
  p_member_ids bigint[], p_source_ids text[], p_amounts bigint[], p_turnovers bigint[])
RETURNS TABLE (source_id text, bonus_id bigint, amount_minor bigint, posted boolean)
LANGUAGE plpgsql
AS $fn$
#variable_conflict use_column
DECLARE
  v_house bigint;
  v_accounts bigint[];
  v_bad text;
BEGIN
  IF cardinality(p_member_ids) IS DISTINCT FROM cardinality(p_source_ids)
     OR cardinality(p_member_ids) IS DISTINCT FROM cardinality(p_amounts)
     OR cardinality(p_member_ids) IS DISTINCT FROM cardinality(p_turnovers) THEN
    RAISE EXCEPTION USING ERRCODE = 'LB002', MESSAGE = 'the grant arrays differ in length', DETAIL = 'grants';
  END IF;
  IF cardinality(p_member_ids) = 0 THEN RETURN; END IF;

  CREATE TEMP TABLE IF NOT EXISTS bonus_granting (
    ord bigint, member_id bigint, source_id text, amount bigint, turnover bigint,
    ledger_key text, request_hash text, account_id bigint, posting_id bigint, posted boolean, bonus_id bigint
  ) ON COMMIT DROP;
  TRUNCATE bonus_granting;
  INSERT INTO bonus_granting (ord, member_id, source_id, amount, turnover, ledger_key, request_hash, posted)
    SELECT g.ord, g.member_id, g.source_id, g.amount, g.turnover,
           'grant:' || p_source_kind || ':' || g.source_id,
           -- postTransfers' hashRequest of grantBonus's one transfer, character for character (JSON.stringify
           -- and to_json escape the same characters; accounts as accountKey writes them).
           encode(sha256(convert_to(
             '[' || to_json(p_currency)::text || ',[[' || to_json('house_bonus::'::text)::text || ','
               || to_json('member_bonus:' || g.member_id || ':')::text
               || ',' || to_json(g.amount::text)::text || ',' || to_json(p_transfer_kind)::text || ','
               || to_json(p_source_kind || ':' || g.source_id)::text || ']]]',
             'UTF8')), 'hex'),
           false
      FROM unnest(p_member_ids, p_source_ids, p_amounts, p_turnovers) WITH ORDINALITY
           AS g(member_id, source_id, amount, turnover, ord);

  SELECT CASE
           WHEN g.member_id IS NULL THEN 'memberId'
           WHEN g.amount IS NULL OR g.amount <= 0 OR g.amount > 1000000000000000 THEN 'amountMinor'
           WHEN g.turnover IS NULL OR g.turnover <= 0 THEN 'turnoverRequiredMinor'
           ELSE 'source.id'
         END INTO v_bad
    FROM bonus_granting g
   WHERE g.member_id IS NULL OR g.amount IS NULL OR g.amount <= 0 OR g.amount > 1000000000000000
      OR g.turnover IS NULL OR g.turnover <= 0
      OR g.source_id IS NULL OR length(g.source_id) NOT BETWEEN 1 AND 100
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'LB002', MESSAGE = 'a grant of the batch is invalid', DETAIL = v_bad;
  END IF;
  IF EXISTS (SELECT 1 FROM bonus_granting g GROUP BY g.source_id HAVING count(*) > 1) THEN
    RAISE EXCEPTION USING ERRCODE = 'LB002', MESSAGE = 'a source id appears twice in the batch', DETAIL = 'source.id';
  END IF;
  ANALYZE bonus_granting;

  -- The postings first, as grantBonus posts first: a key taken (by grantBonus, another batch, a rerun) is a
  -- replay; a key being taken by an open transaction makes this insert wait for it.
  WITH inserted AS (
    INSERT INTO ledger_posting (merchant_id, source, idempotency_key, request_hash, created_at)
      SELECT p_merchant_id, 'bonus', g.ledger_key, g.request_hash, p_now FROM bonus_granting g ORDER BY g.ord
      ON CONFLICT ON CONSTRAINT ledger_posting_idempotency_key DO NOTHING
      RETURNING id, idempotency_key
  )
  UPDATE bonus_granting g SET posting_id = i.id, posted = true FROM inserted i WHERE g.ledger_key = i.idempotency_key;
  -- The look-ups below go row by row through the unique indexes (correlated subqueries), whatever the
  -- statistics say: the rows this call just inserted are not in them yet, and a join planned on "no
  -- member_bonus accounts" took minutes at 100,000 grants (docs/performance.md "Rebates").
  ANALYZE bonus_granting;
  UPDATE bonus_granting g SET posting_id = (
    SELECT lp.id FROM ledger_posting lp
     WHERE lp.merchant_id = p_merchant_id AND lp.source = 'bonus' AND lp.idempotency_key = g.ledger_key)
   WHERE NOT g.posted;
  SELECT g.source_id INTO v_bad FROM bonus_granting g
   WHERE NOT g.posted
     AND (SELECT lp.request_hash FROM ledger_posting lp WHERE lp.id = g.posting_id) <> g.request_hash
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'LB001', MESSAGE = 'ledger.idempotency.conflict', DETAIL = v_bad;
  END IF;

  IF EXISTS (SELECT 1 FROM bonus_granting g WHERE g.posted) THEN
    -- The accounts, made on first use only (as the ledger's resolveAccounts does: no sequence value burned
    -- for the ones that exist).
    INSERT INTO ledger_account (merchant_id, currency, kind, member_id, sub_key)
      SELECT DISTINCT p_merchant_id, p_currency, 'member_bonus', g.member_id, ''
        FROM bonus_granting g
       WHERE g.posted AND NOT EXISTS (
               SELECT 1 FROM ledger_account a
                WHERE a.merchant_id = p_merchant_id AND a.currency = p_currency AND a.member_id = g.member_id
                  AND a.kind = 'member_bonus' AND a.sub_key = '')
      ON CONFLICT ON CONSTRAINT ledger_account_identity_key DO NOTHING;
    INSERT INTO ledger_account (merchant_id, currency, kind, member_id, sub_key)
      VALUES (p_merchant_id, p_currency, 'house_bonus', NULL, '')
      ON CONFLICT ON CONSTRAINT ledger_account_identity_key DO NOTHING;
    SELECT a.id INTO v_house FROM ledger_account a
     WHERE a.merchant_id = p_merchant_id AND a.currency = p_currency AND a.kind = 'house_bonus'
       AND a.member_id IS NULL AND a.sub_key = '';
    UPDATE bonus_granting g SET account_id = (
      SELECT a.id FROM ledger_account a
       WHERE a.merchant_id = p_merchant_id AND a.currency = p_currency AND a.kind = 'member_bonus'
         AND a.member_id = g.member_id AND a.sub_key = '')
     WHERE g.posted;

    -- Member rows in ascending id order (ledger invariant 6), then one conditional update per account (a
    -- member granted twice in the batch: the sum), each transfer with the balance after it in input order.
    -- The ids as an array: an index scan of the primary key in id order, whatever the statistics say.
    ANALYZE bonus_granting;
    SELECT array_agg(DISTINCT g.account_id ORDER BY g.account_id) INTO v_accounts FROM bonus_granting g WHERE g.posted;
    PERFORM 1 FROM ledger_account a WHERE a.id = ANY (v_accounts) ORDER BY a.id FOR NO KEY UPDATE;
    WITH delta AS (
      SELECT g.account_id, sum(g.amount)::bigint AS amount FROM bonus_granting g WHERE g.posted GROUP BY g.account_id
    ), credited AS (
      UPDATE ledger_account a SET balance = a.balance + d.amount
        FROM delta d
       WHERE a.id = d.account_id AND a.balance + d.amount >= 0
      RETURNING a.id, a.balance, d.amount
    )
    INSERT INTO ledger_transfer (posting_id, merchant_id, currency, debit_account_id, credit_account_id, amount, kind,
                                 reference, debit_balance_after, credit_balance_after, created_at)
      SELECT g.posting_id, p_merchant_id, p_currency, v_house, g.account_id, g.amount, p_transfer_kind,
             p_source_kind || ':' || g.source_id, NULL,
             c.balance - c.amount + (sum(g.amount) OVER (PARTITION BY g.account_id ORDER BY g.ord))::bigint, p_now
        FROM bonus_granting g JOIN credited c ON c.id = g.account_id
       WHERE g.posted
       ORDER BY g.ord;
  END IF;

  -- The grants' rows; a replayed posting whose row is missing gets it, as grantBonus's replay does.
  WITH inserted AS (
    INSERT INTO member_bonus (merchant_id, member_id, currency, amount, remaining, turnover_required, product_types,
                              status, expires_at, source_kind, source_id, transfer_kind, grant_posting_id, close_reason,
                              created_at, closed_at)
      SELECT p_merchant_id, g.member_id, p_currency, g.amount, g.amount, g.turnover, p_product_types, 'active',
             p_expires_at, p_source_kind, g.source_id, p_transfer_kind, g.posting_id, NULL, p_now, NULL
        FROM bonus_granting g
       ORDER BY g.ord
      ON CONFLICT ON CONSTRAINT member_bonus_source_key DO NOTHING
      RETURNING id, source_id
  )
  UPDATE bonus_granting g SET bonus_id = i.id FROM inserted i WHERE g.source_id = i.source_id;
  UPDATE bonus_granting g SET bonus_id = (
    SELECT b.id FROM member_bonus b
     WHERE b.merchant_id = p_merchant_id AND b.source_kind = p_source_kind AND b.source_id = g.source_id)
   WHERE g.bonus_id IS NULL;

  RETURN QUERY SELECT g.source_id, g.bonus_id, g.amount, g.posted FROM bonus_granting g ORDER BY g.ord;
END;
$fn$;
