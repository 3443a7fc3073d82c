-- Group commit of seamless bets and wins (modules/seamless-wallet README, "Group commit"). p_calls is a
-- JSON array of PlayCall (modules/seamless-wallet/play-call.ts, the one definition of its keys); element i
-- answers as the row with call_index i. The calls a plain read clears go together on the set path; the
-- others, and all of them when the set path is undone by a race it names, run vendor_wallet_play one by
-- one. A bet cash cannot cover alone goes one by one (vendor_wallet_play spends cash, then bonus:
-- modules/bonus README). With p_defer_balance_notices the balance notices of this transaction are not sent
-- at its commit but gathered in lotus.deferred_balance_notices for the caller to send after it
-- (notify_balance_change.sql; docs/performance.md, "Balance notices after the commit").
-- This file is the function's current body (docs/database.md): edit it here, never in a migration.
CREATE OR REPLACE FUNCTION vendor_wallet_play_batch(p_calls jsonb, p_defer_balance_notices boolean DEFAULT false)
RETURNS TABLE (call_index integer, balance bigint, replayed boolean, refusal text, refusal_detail text, set_path boolean,
               set_path_fallback text)
LANGUAGE plpgsql
-- Every statement here reaches its rows by key. PL/pgSQL keeps a statement's plan for the whole
-- session: one made while the tables were small (a new database, the first minutes) would go on
-- scanning them whole as they grow.
SET enable_seqscan = off
AS $fn$
DECLARE
  v_set vendor_wallet_set_call[];
  v_set_indexes integer[] := '{}';
  v_postings regclass := pg_get_serial_sequence('ledger_posting', 'id')::regclass;
  v_count integer;
  v_call jsonb;
  v_index integer;
  v_constraint text;
  v_fallback text;
BEGIN
  IF p_defer_balance_notices THEN
    PERFORM set_config('lotus.defer_balance_notices', 'on', true);
  END IF;
  -- The calls a plain read clears for the set path (the checks of vendor_wallet_play, same order of meaning).
  WITH call AS (
    SELECT (e.ord - 1)::integer AS idx, e.value AS v, (e.value->>'amountMinor')::bigint AS amount, (e.value->>'now')::timestamptz AS at
    FROM jsonb_array_elements(p_calls) WITH ORDINALITY AS e(value, ord)
  ), session AS (
    SELECT c.*, s.merchant_id, s.member_id, s.vendor_code, s.game_id, s.expires_at, m.status AS member_status, mc.currency,
           CASE WHEN m.is_agent = member_type_trial() THEN 'member_trial' ELSE 'member_main' END AS kind,
           count(*) OVER (PARTITION BY s.member_id) AS member_calls
    FROM call c
    JOIN vendor_game_session s ON s.token_hash = c.v->>'tokenHash'
    JOIN member m ON m.id = s.member_id
    JOIN merchant mc ON mc.id = s.merchant_id
  )
  SELECT coalesce(array_agg(ROW(
           x.idx, x.v->>'call', x.v->>'vendor', x.merchant_id, x.member_id, x.currency, x.kind,
           x.game_id, x.v->>'roundId', x.v->>'transactionId', x.amount, coalesce((x.v->>'roundClosed')::boolean, false),
           x.v->>'requestHash',
           CASE WHEN (x.v->>'countFairness')::boolean AND jsonb_typeof(x.v->'fairness') = 'object' AND x.v->'fairness' <> '{}'::jsonb
                THEN x.v->'fairness' END,
           x.at, ma.id, ha.id, CASE WHEN x.amount > 0 THEN nextval(v_postings) END
         )::vendor_wallet_set_call ORDER BY x.member_id::text), '{}')
    INTO v_set
  FROM session x
  JOIN ledger_account ma ON ma.merchant_id = x.merchant_id AND ma.currency = x.currency AND ma.kind = x.kind
                        AND ma.member_id = x.member_id AND ma.sub_key = ''
  JOIN ledger_account ha ON ha.merchant_id = x.merchant_id AND ha.currency = x.currency AND ha.kind = 'house_game'
                        AND ha.member_id IS NULL AND ha.sub_key = x.v->>'vendor'
  LEFT JOIN vendor_round r ON r.merchant_id = x.merchant_id AND r.vendor_code = x.v->>'vendor'
                          AND r.round_id = x.v->>'roundId' AND r.member_id = x.member_id
  WHERE x.member_calls = 1
    AND x.v->>'call' IN ('bet', 'win')
    AND x.vendor_code = x.v->>'vendor'
    AND (jsonb_typeof(x.v->'merchants') IS DISTINCT FROM 'array' OR x.v->'merchants' @> to_jsonb(x.merchant_id))
    AND x.game_id = x.v->>'gameId'
    AND x.v->>'playerId' = x.member_id::text
    AND x.v->>'currency' = x.currency
    AND (x.v->>'call' = 'win' OR (x.member_status = 'active' AND x.expires_at > x.at))
    AND x.amount BETWEEN 0 AND 1000000000000000
    AND (x.v->>'call' = 'win' OR (x.amount > 0 AND ma.balance >= x.amount))
    AND CASE WHEN x.v->>'call' = 'bet' THEN r.status IS DISTINCT FROM 'closed' ELSE r.status = 'open' END;

  IF cardinality(v_set) > 0 THEN
    BEGIN
      -- 1. The transaction ids (a parallel copy waits here for ours, as in vendor_wallet_play). A call
      --    whose id is taken (a repeat) has written nothing yet: it leaves the set for the one-by-one path.
      WITH claimed AS (
        INSERT INTO vendor_transaction (merchant_id, vendor_code, transaction_id, kind, member_id, round_id, amount,
                                        reference_transaction_id, status, request_hash, answer, posting_id, created_at)
        SELECT c.merchant_id, c.vendor, c.transaction_id, c.call, c.member_id, c.round_id, c.amount, NULL, 'done', c.request_hash,
               jsonb_build_object('currency', c.currency, 'transactionId', c.transaction_id), c.posting, c.at
        FROM unnest(v_set) c
        ON CONFLICT ON CONSTRAINT vendor_transaction_key DO NOTHING
        RETURNING merchant_id, vendor_code, transaction_id, member_id
      )
      SELECT coalesce(array_agg(c ORDER BY c.member_id::text), '{}') INTO v_set
      FROM unnest(v_set) c
      WHERE EXISTS (SELECT 1 FROM claimed k WHERE k.merchant_id = c.merchant_id AND k.vendor_code = c.vendor
                                              AND k.transaction_id = c.transaction_id AND k.member_id = c.member_id);

      -- 2. The rounds: a bet opens its round (or locks the open one), a win locks its round.
      WITH opened AS (
        INSERT INTO vendor_round (merchant_id, vendor_code, round_id, member_id, status, created_at, closed_at)
        SELECT c.merchant_id, c.vendor, c.round_id, c.member_id, 'open', c.at, NULL
        FROM unnest(v_set) c WHERE c.call = 'bet' ORDER BY c.member_id::text
        ON CONFLICT (merchant_id, vendor_code, round_id, member_id) DO UPDATE SET status = vendor_round.status
        RETURNING status
      ), locked AS (
        SELECT r.status FROM vendor_round r
        JOIN unnest(v_set) c ON r.merchant_id = c.merchant_id AND r.vendor_code = c.vendor AND r.round_id = c.round_id
                            AND r.member_id = c.member_id AND c.call = 'win'
        ORDER BY r.member_id::text
        FOR UPDATE OF r
      )
      SELECT (SELECT count(*) FROM opened WHERE status = 'open') + (SELECT count(*) FROM locked WHERE status = 'open') INTO v_count;
      IF v_count <> cardinality(v_set) THEN RAISE EXCEPTION USING ERRCODE = 'LW002', MESSAGE = 'a round closed meanwhile'; END IF;

      -- 3. The members' accounts, locked in order, then moved (never below zero).
      PERFORM 1 FROM ledger_account a WHERE a.id IN (SELECT c.member_account FROM unnest(v_set) c) ORDER BY a.member_id::text FOR UPDATE;
      WITH moved AS (
        UPDATE ledger_account a SET balance = a.balance + CASE WHEN c.call = 'bet' THEN -c.amount ELSE c.amount END
        FROM unnest(v_set) c
        WHERE a.id = c.member_account AND c.amount > 0 AND a.balance + CASE WHEN c.call = 'bet' THEN -c.amount ELSE c.amount END >= 0
        RETURNING 1
      )
      SELECT count(*) INTO v_count FROM moved;
      IF v_count <> (SELECT count(*) FROM unnest(v_set) c WHERE c.amount > 0) THEN
        RAISE EXCEPTION USING ERRCODE = 'LW003', MESSAGE = 'a balance fell meanwhile';
      END IF;

      -- 4. The postings and their transfers (the house side is derived, as in vendor_wallet_play).
      INSERT INTO ledger_posting (id, merchant_id, source, idempotency_key, request_hash, created_at)
      SELECT c.posting, c.merchant_id, 'vendor:' || c.vendor, c.transaction_id,
             encode(sha256(convert_to(concat_ws('|', c.currency, c.kind, c.member_id, c.vendor, c.call, c.amount, c.round_id), 'UTF8')), 'hex'),
             c.at
      FROM unnest(v_set) c WHERE c.amount > 0 ORDER BY c.posting;
      INSERT INTO ledger_transfer (posting_id, merchant_id, currency, debit_account_id, credit_account_id, amount, kind,
                                   reference, debit_balance_after, credit_balance_after, created_at)
      SELECT c.posting, c.merchant_id, c.currency,
             CASE WHEN c.call = 'bet' THEN c.member_account ELSE c.house_account END,
             CASE WHEN c.call = 'bet' THEN c.house_account ELSE c.member_account END,
             c.amount, 'vendor.' || c.call, c.vendor || ':' || c.round_id,
             CASE WHEN c.call = 'bet' THEN a.balance END, CASE WHEN c.call = 'win' THEN a.balance END, c.at
      FROM unnest(v_set) c JOIN ledger_account a ON a.id = c.member_account
      WHERE c.amount > 0 ORDER BY c.posting;

      -- 5. A win marks its round; a closing call closes it.
      UPDATE vendor_round r SET
          has_win = r.has_win OR c.call = 'win',
          status = CASE WHEN c.closed THEN 'closed' ELSE r.status END,
          closed_at = CASE WHEN c.closed THEN c.at ELSE r.closed_at END
      FROM unnest(v_set) c
      WHERE (c.call = 'win' OR c.closed) AND r.merchant_id = c.merchant_id AND r.vendor_code = c.vendor
        AND r.round_id = c.round_id AND r.member_id = c.member_id;

      -- 6. The bet records, and the turnover of records that have just settled (bet-records README).
      WITH previous AS (
        SELECT c.member_id, b.status FROM unnest(v_set) c
        LEFT JOIN bet_record b ON b.merchant_id = c.merchant_id AND b.vendor_code = c.vendor
                              AND b.round_id = c.round_id AND b.member_id = c.member_id
      ), bets AS (
        INSERT INTO bet_record (merchant_id, vendor_code, round_id, member_id, vassalage, game_id, game_type, game_category,
                                game_classify, stake, valid_bet, bet_count, status, fairness, first_bet_at, settled_at, updated_at)
        SELECT c.merchant_id, c.vendor, c.round_id, c.member_id,
               coalesce(g.vassalage, v.vassalage, c.vendor), c.game_id, coalesce(g.game_type, v.game_type),
               coalesce(g.game_category, v.game_category), g.game_classify, c.amount, c.amount, 1,
               CASE WHEN c.closed THEN 'settled' ELSE 'open' END, c.fairness, c.at,
               CASE WHEN c.closed THEN c.at END, c.at
        FROM unnest(v_set) c
        LEFT JOIN LATERAL (
          SELECT gg.vassalage, gg.game_classify, gv.game_type, gv.game_category
          FROM game gg JOIN game_vendor gv ON gv.merchant_id = gg.merchant_id AND gv.vassalage = gg.vassalage
          WHERE gg.merchant_id = c.merchant_id AND gg.game_id = c.game_id) g ON true
        LEFT JOIN LATERAL (
          SELECT vv.vassalage, vv.game_type, vv.game_category FROM game_vendor vv
          WHERE vv.merchant_id = c.merchant_id AND (vv.integration_code = c.vendor OR vv.vassalage = c.vendor)
          ORDER BY vv.vassalage = c.vendor DESC, vv.sort, vv.id LIMIT 1) v ON true
        WHERE c.call = 'bet'
        ON CONFLICT ON CONSTRAINT bet_record_key DO UPDATE SET
          stake = bet_record.stake + excluded.stake,
          valid_bet = bet_record.valid_bet + excluded.valid_bet,
          bet_count = bet_record.bet_count + 1,
          status = CASE WHEN bet_record.status = 'settled' THEN 'settled' ELSE excluded.status END,
          settled_at = CASE WHEN bet_record.status = 'settled' THEN bet_record.settled_at ELSE excluded.settled_at END,
          fairness = CASE WHEN excluded.fairness IS NULL THEN bet_record.fairness ELSE coalesce(bet_record.fairness, '{}'::jsonb) || excluded.fairness END,
          updated_at = excluded.updated_at
        RETURNING member_id, status, valid_bet
      ), wins AS (
        UPDATE bet_record b SET
            payout = b.payout + c.amount,
            status = CASE WHEN c.closed THEN 'settled' WHEN b.status = 'cancelled' THEN 'open' ELSE b.status END,
            settled_at = CASE WHEN c.closed AND b.status <> 'settled' THEN c.at ELSE b.settled_at END,
            fairness = CASE WHEN c.fairness IS NULL THEN b.fairness ELSE coalesce(b.fairness, '{}'::jsonb) || c.fairness END,
            updated_at = c.at
        FROM unnest(v_set) c
        WHERE c.call = 'win' AND b.merchant_id = c.merchant_id AND b.vendor_code = c.vendor
          AND b.round_id = c.round_id AND b.member_id = c.member_id
        RETURNING b.member_id, b.status, b.valid_bet
      ), written AS (
        SELECT * FROM bets UNION ALL SELECT * FROM wins
      )
      INSERT INTO member_turnover (member_id, merchant_id, wagered_amount, updated_at)
      SELECT w.member_id, c.merchant_id, w.valid_bet, c.at
      FROM written w JOIN unnest(v_set) c ON c.member_id = w.member_id JOIN previous p ON p.member_id = w.member_id
      WHERE w.status = 'settled' AND p.status IS DISTINCT FROM 'settled' AND c.kind = 'member_main' AND w.valid_bet > 0
      ON CONFLICT (member_id) DO UPDATE SET wagered_amount = member_turnover.wagered_amount + excluded.wagered_amount,
                                            updated_at = excluded.updated_at;

      v_set_indexes := ARRAY(SELECT c.idx FROM unnest(v_set) c);
    -- The races the plain read above cannot rule out undo the set path as a whole (every call then
    -- goes one by one below, which answers each as alone), and say which one it was: the batcher
    -- counts them in /metrics. Any other error is a fault and fails the statement.
    EXCEPTION
      WHEN SQLSTATE 'LW002' THEN
        v_set := '{}';
        v_fallback := 'round_closed';
      WHEN SQLSTATE 'LW003' THEN
        v_set := '{}';
        v_fallback := 'balance_fell';
      WHEN deadlock_detected THEN
        -- Its locks are taken in the batcher's order, but other work (a rollback, a withdrawal's
        -- turnover) may hold one of them and wait for another.
        v_set := '{}';
        v_fallback := 'deadlock';
      WHEN unique_violation THEN
        -- The ledger's own key: the one-by-one path answers it as a duplicate with different data.
        GET STACKED DIAGNOSTICS v_constraint = CONSTRAINT_NAME;
        IF v_constraint IS DISTINCT FROM 'ledger_posting_idempotency_key' THEN RAISE; END IF;
        v_set := '{}';
        v_fallback := 'posting_key_taken';
    END;

    -- The balance a vendor sees: cash + bonus (modules/bonus README; a trial member has no bonus).
    RETURN QUERY
      SELECT c.idx, a.balance + coalesce(b.balance, 0), false, NULL::text, NULL::text, true, NULL::text
      FROM unnest(v_set) c JOIN ledger_account a ON a.id = c.member_account
      LEFT JOIN ledger_account b ON c.kind = 'member_main' AND b.merchant_id = c.merchant_id AND b.currency = c.currency
                                AND b.kind = 'member_bonus' AND b.member_id = c.member_id AND b.sub_key = '';
  END IF;

  -- The others one by one, each through vendor_wallet_play: a refusal undoes its own call only.
  set_path := false;
  set_path_fallback := v_fallback;
  FOR v_call, v_index IN
    SELECT e.value, (e.ord - 1)::integer FROM jsonb_array_elements(p_calls) WITH ORDINALITY AS e(value, ord)
    WHERE (e.ord - 1)::integer <> ALL (v_set_indexes)
    ORDER BY e.ord
  LOOP
    call_index := v_index;
    refusal := NULL;
    refusal_detail := NULL;
    BEGIN
      SELECT p.balance, p.replayed INTO balance, replayed FROM vendor_wallet_play(
        v_call->>'call', v_call->>'vendor',
        CASE WHEN jsonb_typeof(v_call->'merchants') = 'array'
             THEN ARRAY(SELECT jsonb_array_elements_text(v_call->'merchants')::integer) END,
        v_call->>'tokenHash', v_call->>'playerId', v_call->>'gameId', v_call->>'currency',
        v_call->>'roundId', v_call->>'transactionId', (v_call->>'amountMinor')::bigint,
        (v_call->>'roundClosed')::boolean, v_call->>'requestHash',
        CASE WHEN jsonb_typeof(v_call->'fairness') = 'object' THEN v_call->'fairness' END,
        (v_call->>'countFairness')::boolean, (v_call->>'now')::timestamptz) p;
    EXCEPTION
      WHEN SQLSTATE 'LW001' THEN
        balance := NULL;
        replayed := NULL;
        GET STACKED DIAGNOSTICS refusal = MESSAGE_TEXT, refusal_detail = PG_EXCEPTION_DETAIL;
      WHEN unique_violation THEN
        GET STACKED DIAGNOSTICS v_constraint = CONSTRAINT_NAME;
        -- Only the ledger's own key is a protocol answer (see play() in the service); anything else is a fault.
        IF v_constraint IS DISTINCT FROM 'ledger_posting_idempotency_key' THEN RAISE; END IF;
        balance := NULL;
        replayed := NULL;
        refusal := 'DUPLICATE_TRANSACTION_DIFFERENT_DATA';
    END;
    RETURN NEXT;
  END LOOP;
END
$fn$;
