-- One seamless bet or win in one round trip (modules/seamless-wallet README, "One round trip"): the
-- session checks, the transaction row (idempotency), the round, the ledger posting with the member's
-- conditional balance update, the bet record and the turnover. A refusal raises SQLSTATE LW001 with the
-- protocol's error code as its message (INSUFFICIENT_FUNDS carries the balance in DETAIL). Every rule of
-- the set path in vendor_wallet_play_batch.sql is this function's. This file is its current body
-- (docs/database.md): edit it here, never in a migration.
CREATE OR REPLACE FUNCTION vendor_wallet_play(
  p_call text,
  p_vendor text,
  p_signed_merchants integer[],
  p_token_hash text,
  p_player_id text,
  p_game_id text,
  p_currency text,
  p_round_id text,
  p_transaction_id text,
  p_amount bigint,
  p_round_closed boolean,
  p_request_hash text,
  p_fairness jsonb,
  p_count_fairness boolean,
  p_now timestamptz,
  OUT balance bigint,
  OUT replayed boolean
) LANGUAGE plpgsql AS $fn$
DECLARE
  v_session record;
  v_kind text;
  v_transaction_id bigint;
  v_existing record;
  v_round_status text;
  v_member_account bigint;
  v_house_account bigint;
  v_posting bigint;
  v_attempt integer;
  v_record record;
  v_previous_status text;
  v_bonus_account bigint;
  v_cash bigint;
  v_from_bonus bigint;
  v_left bigint;
  v_grant record;
  v_closed boolean := coalesce(p_round_closed, false);
  v_fairness jsonb := CASE WHEN p_count_fairness AND p_fairness IS NOT NULL AND p_fairness <> '{}'::jsonb THEN p_fairness END;
BEGIN
  SELECT s.merchant_id, s.member_id, s.vendor_code, s.game_id, s.expires_at, m.status, m.is_agent, mc.currency
    INTO v_session
    FROM vendor_game_session s JOIN member m ON m.id = s.member_id JOIN merchant mc ON mc.id = s.merchant_id
    WHERE s.token_hash = p_token_hash;
  IF NOT FOUND OR v_session.vendor_code <> p_vendor
     OR (p_signed_merchants IS NOT NULL AND NOT v_session.merchant_id = ANY (p_signed_merchants))
     OR v_session.game_id <> p_game_id OR p_player_id <> v_session.member_id::text THEN
    RAISE EXCEPTION USING ERRCODE = 'LW001', MESSAGE = 'INVALID_SESSION';
  END IF;
  IF p_currency <> v_session.currency THEN RAISE EXCEPTION USING ERRCODE = 'LW001', MESSAGE = 'INVALID_CURRENCY'; END IF;
  IF p_call = 'bet' THEN
    IF v_session.status <> 'active' THEN RAISE EXCEPTION USING ERRCODE = 'LW001', MESSAGE = 'PLAYER_BLOCKED'; END IF;
    IF v_session.expires_at <= p_now THEN RAISE EXCEPTION USING ERRCODE = 'LW001', MESSAGE = 'SESSION_EXPIRED'; END IF;
  END IF;
  -- NULL: the amount was not a decimal with at most two places (checked after the session, as the protocol orders).
  IF p_amount IS NULL OR (p_call = 'bet' AND p_amount = 0) THEN RAISE EXCEPTION USING ERRCODE = 'LW001', MESSAGE = 'INVALID_AMOUNT'; END IF;
  v_kind := CASE WHEN v_session.is_agent = member_type_trial() THEN 'member_trial' ELSE 'member_main' END;

  -- Exactly once per (merchant, vendor, transaction id): a parallel copy waits here for the first.
  -- The posting's id is taken now, so the transaction row is written once, already naming it; a
  -- call refused later leaves neither row (a replay only skips a number of the sequence).
  IF p_amount > 0 THEN v_posting := nextval(pg_get_serial_sequence('ledger_posting', 'id')); END IF;
  INSERT INTO vendor_transaction (merchant_id, vendor_code, transaction_id, kind, member_id, round_id, amount,
                                  reference_transaction_id, status, request_hash, answer, posting_id, created_at)
    VALUES (v_session.merchant_id, p_vendor, p_transaction_id, p_call, v_session.member_id, p_round_id, p_amount,
            NULL, 'done', p_request_hash,
            jsonb_build_object('currency', v_session.currency, 'transactionId', p_transaction_id), v_posting, p_now)
    ON CONFLICT ON CONSTRAINT vendor_transaction_key DO NOTHING
    RETURNING id INTO v_transaction_id;
  IF v_transaction_id IS NULL THEN
    SELECT t.kind, t.status, t.request_hash, t.answer INTO v_existing
      FROM vendor_transaction t
      WHERE t.merchant_id = v_session.merchant_id AND t.vendor_code = p_vendor AND t.transaction_id = p_transaction_id;
    IF v_existing.status = 'cancelled' THEN
      RAISE EXCEPTION USING ERRCODE = 'LW001', MESSAGE = CASE WHEN p_call = 'bet' THEN 'TRANSACTION_CANCELLED' ELSE 'DUPLICATE_TRANSACTION_DIFFERENT_DATA' END;
    END IF;
    IF v_existing.kind <> p_call OR v_existing.request_hash IS DISTINCT FROM p_request_hash OR v_existing.answer IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'LW001', MESSAGE = 'DUPLICATE_TRANSACTION_DIFFERENT_DATA';
    END IF;
    SELECT a.balance INTO balance FROM ledger_account a
      WHERE a.merchant_id = v_session.merchant_id AND a.currency = v_session.currency AND a.kind = v_kind
        AND a.member_id = v_session.member_id AND a.sub_key = '';
    balance := coalesce(balance, 0);
    IF v_kind = 'member_main' THEN
      balance := balance + coalesce((SELECT a.balance FROM ledger_account a
        WHERE a.merchant_id = v_session.merchant_id AND a.currency = v_session.currency AND a.kind = 'member_bonus'
          AND a.member_id = v_session.member_id AND a.sub_key = ''), 0);
    END IF;
    replayed := true;
    RETURN;
  END IF;
  replayed := false;

  IF p_call = 'bet' THEN
    INSERT INTO vendor_round (merchant_id, vendor_code, round_id, member_id, status, created_at, closed_at)
      VALUES (v_session.merchant_id, p_vendor, p_round_id, v_session.member_id, 'open', p_now, NULL)
      ON CONFLICT (merchant_id, vendor_code, round_id, member_id) DO UPDATE SET status = vendor_round.status
      RETURNING status INTO v_round_status;
  ELSE
    SELECT r.status INTO v_round_status FROM vendor_round r
      WHERE r.merchant_id = v_session.merchant_id AND r.vendor_code = p_vendor AND r.round_id = p_round_id
        AND r.member_id = v_session.member_id
      FOR UPDATE;
    IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'LW001', MESSAGE = 'TRANSACTION_NOT_FOUND'; END IF;
  END IF;
  IF v_round_status = 'closed' THEN RAISE EXCEPTION USING ERRCODE = 'LW001', MESSAGE = 'ROUND_CLOSED'; END IF;

  IF p_amount > 0 THEN
    -- The two accounts, made on first use only (as the ledger's resolveAccounts does).
    FOR v_attempt IN 1..2 LOOP
      SELECT a.id INTO v_member_account FROM ledger_account a
        WHERE a.merchant_id = v_session.merchant_id AND a.currency = v_session.currency AND a.kind = v_kind
          AND a.member_id = v_session.member_id AND a.sub_key = '';
      SELECT a.id INTO v_house_account FROM ledger_account a
        WHERE a.merchant_id = v_session.merchant_id AND a.currency = v_session.currency AND a.kind = 'house_game'
          AND a.member_id IS NULL AND a.sub_key = p_vendor;
      EXIT WHEN v_member_account IS NOT NULL AND v_house_account IS NOT NULL;
      INSERT INTO ledger_account (merchant_id, currency, kind, member_id, sub_key)
        VALUES (v_session.merchant_id, v_session.currency, v_kind, v_session.member_id, ''),
               (v_session.merchant_id, v_session.currency, 'house_game', NULL, p_vendor)
        ON CONFLICT ON CONSTRAINT ledger_account_identity_key DO NOTHING;
    END LOOP;
    IF v_member_account IS NULL OR v_house_account IS NULL THEN RAISE EXCEPTION 'vendor_wallet_play: ledger accounts missing'; END IF;

    INSERT INTO ledger_posting (id, merchant_id, source, idempotency_key, request_hash, created_at)
      -- The posting's digest of what it moves (its key is the vendor's transaction id, unique with the row above).
      VALUES (v_posting, v_session.merchant_id, 'vendor:' || p_vendor, p_transaction_id,
              encode(sha256(convert_to(concat_ws('|', v_session.currency, v_kind, v_session.member_id, p_vendor, p_call, p_amount, p_round_id), 'UTF8')), 'hex'),
              p_now);
    -- The member's side: one conditional update (never below zero); the house side is derived.
    UPDATE ledger_account a SET balance = a.balance + CASE WHEN p_call = 'bet' THEN -p_amount ELSE p_amount END
      WHERE a.id = v_member_account AND a.balance + CASE WHEN p_call = 'bet' THEN -p_amount ELSE p_amount END >= 0
      RETURNING a.balance INTO balance;
    IF FOUND THEN
      INSERT INTO ledger_transfer (posting_id, merchant_id, currency, debit_account_id, credit_account_id, amount, kind,
                                   reference, debit_balance_after, credit_balance_after, created_at)
        VALUES (v_posting, v_session.merchant_id, v_session.currency,
                CASE WHEN p_call = 'bet' THEN v_member_account ELSE v_house_account END,
                CASE WHEN p_call = 'bet' THEN v_house_account ELSE v_member_account END,
                p_amount, 'vendor.' || p_call, p_vendor || ':' || p_round_id,
                CASE WHEN p_call = 'bet' THEN balance END, CASE WHEN p_call = 'win' THEN balance END, p_now);
    ELSE
      -- Cash is short. The spending rule (modules/bonus README): a bet spends cash first, then bonus,
      -- the bonus taken from the member's active grants oldest first. Read only here, so a member
      -- without bonus pays nothing more per bet. Lock order: the grants, then the accounts (as a
      -- conversion or forfeit: the grant row, then the ledger posting).
      IF p_call = 'bet' AND v_kind = 'member_main' THEN
        SELECT a.id INTO v_bonus_account FROM ledger_account a
          WHERE a.merchant_id = v_session.merchant_id AND a.currency = v_session.currency AND a.kind = 'member_bonus'
            AND a.member_id = v_session.member_id AND a.sub_key = '' AND a.balance > 0;
      END IF;
      IF v_bonus_account IS NOT NULL THEN
        PERFORM 1 FROM member_bonus g
          WHERE g.member_id = v_session.member_id AND g.status = 'active' AND g.currency = v_session.currency
          ORDER BY g.id FOR UPDATE;
        -- Cash may have grown since the update above (a win): take what it holds now, at most the bet.
        SELECT least(a.balance, p_amount) INTO v_cash FROM ledger_account a WHERE a.id = v_member_account FOR UPDATE;
        v_from_bonus := p_amount - v_cash;
        IF v_from_bonus > 0 THEN
          UPDATE ledger_account a SET balance = a.balance - v_from_bonus
            WHERE a.id = v_bonus_account AND a.balance - v_from_bonus >= 0
            RETURNING a.balance INTO balance;
          IF NOT FOUND THEN v_bonus_account := NULL; END IF;
        END IF;
      END IF;
      IF v_bonus_account IS NULL THEN
        SELECT a.balance INTO balance FROM ledger_account a WHERE a.id = v_member_account;
        IF p_call = 'bet' AND v_kind = 'member_main' THEN
          balance := balance + coalesce((SELECT a.balance FROM ledger_account a
            WHERE a.merchant_id = v_session.merchant_id AND a.currency = v_session.currency AND a.kind = 'member_bonus'
              AND a.member_id = v_session.member_id AND a.sub_key = ''), 0);
        END IF;
        RAISE EXCEPTION USING ERRCODE = 'LW001', MESSAGE = 'INSUFFICIENT_FUNDS', DETAIL = balance::text;
      END IF;
      IF v_cash > 0 THEN
        UPDATE ledger_account a SET balance = a.balance - v_cash WHERE a.id = v_member_account RETURNING a.balance INTO v_left;
        INSERT INTO ledger_transfer (posting_id, merchant_id, currency, debit_account_id, credit_account_id, amount, kind,
                                     reference, debit_balance_after, credit_balance_after, created_at)
          VALUES (v_posting, v_session.merchant_id, v_session.currency, v_member_account, v_house_account,
                  v_cash, 'vendor.bet', p_vendor || ':' || p_round_id, v_left, NULL, p_now);
      END IF;
      IF v_from_bonus > 0 THEN
      INSERT INTO ledger_transfer (posting_id, merchant_id, currency, debit_account_id, credit_account_id, amount, kind,
                                   reference, debit_balance_after, credit_balance_after, created_at)
        VALUES (v_posting, v_session.merchant_id, v_session.currency, v_bonus_account, v_house_account,
                v_from_bonus, 'vendor.bet', p_vendor || ':' || p_round_id, balance, NULL, p_now);
      v_left := v_from_bonus;
      FOR v_grant IN SELECT g.id, g.remaining FROM member_bonus g
          WHERE g.member_id = v_session.member_id AND g.status = 'active' AND g.currency = v_session.currency AND g.remaining > 0
          ORDER BY g.id LOOP
        EXIT WHEN v_left = 0;
        UPDATE member_bonus SET remaining = remaining - least(v_grant.remaining, v_left) WHERE id = v_grant.id;
        v_left := v_left - least(v_grant.remaining, v_left);
      END LOOP;
      END IF;
      SELECT a.balance INTO balance FROM ledger_account a WHERE a.id = v_member_account;
    END IF;
  ELSE
    SELECT a.balance INTO balance FROM ledger_account a
      WHERE a.merchant_id = v_session.merchant_id AND a.currency = v_session.currency AND a.kind = v_kind
        AND a.member_id = v_session.member_id AND a.sub_key = '';
    balance := coalesce(balance, 0);
  END IF;

  -- The balance a vendor sees is what the member can play with: cash + bonus (modules/bonus README).
  IF v_kind = 'member_main' THEN
    balance := balance + coalesce((SELECT a.balance FROM ledger_account a
      WHERE a.merchant_id = v_session.merchant_id AND a.currency = v_session.currency AND a.kind = 'member_bonus'
        AND a.member_id = v_session.member_id AND a.sub_key = ''), 0);
  END IF;

  IF p_call = 'win' OR v_closed THEN
    UPDATE vendor_round SET
        has_win = has_win OR p_call = 'win',
        status = CASE WHEN v_closed THEN 'closed' ELSE status END,
        closed_at = CASE WHEN v_closed THEN p_now ELSE closed_at END
      WHERE merchant_id = v_session.merchant_id AND vendor_code = p_vendor AND round_id = p_round_id
        AND member_id = v_session.member_id;
  END IF;

  -- The member's bet record of the round (bet-records README): the status before, then the write.
  SELECT b.status INTO v_previous_status FROM bet_record b
    WHERE b.merchant_id = v_session.merchant_id AND b.vendor_code = p_vendor AND b.round_id = p_round_id
      AND b.member_id = v_session.member_id;
  IF p_call = 'bet' THEN
    INSERT INTO bet_record (merchant_id, vendor_code, round_id, member_id, vassalage, game_id, game_type, game_category,
                            game_classify, stake, valid_bet, bet_count, status, fairness, first_bet_at, settled_at, updated_at)
      SELECT v_session.merchant_id, p_vendor, p_round_id, v_session.member_id,
             coalesce(g.vassalage, v.vassalage, p_vendor), p_game_id, coalesce(g.game_type, v.game_type),
             coalesce(g.game_category, v.game_category), g.game_classify, p_amount, p_amount, 1,
             CASE WHEN v_closed THEN 'settled' ELSE 'open' END, v_fairness, p_now,
             CASE WHEN v_closed THEN p_now END, p_now
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (
        SELECT gg.vassalage, gg.game_classify, gv.game_type, gv.game_category
        FROM game gg JOIN game_vendor gv ON gv.merchant_id = gg.merchant_id AND gv.vassalage = gg.vassalage
        WHERE gg.merchant_id = v_session.merchant_id AND gg.game_id = p_game_id) g ON true
      LEFT JOIN LATERAL (
        SELECT vv.vassalage, vv.game_type, vv.game_category FROM game_vendor vv
        WHERE vv.merchant_id = v_session.merchant_id AND (vv.integration_code = p_vendor OR vv.vassalage = p_vendor)
        ORDER BY vv.vassalage = p_vendor DESC, vv.sort, vv.id LIMIT 1) v ON true
      ON CONFLICT ON CONSTRAINT bet_record_key DO UPDATE SET
        stake = bet_record.stake + excluded.stake,
        valid_bet = bet_record.valid_bet + excluded.valid_bet,
        bet_count = bet_record.bet_count + 1,
        status = CASE WHEN bet_record.status = 'settled' THEN 'settled' ELSE excluded.status END,
        settled_at = CASE WHEN bet_record.status = 'settled' THEN bet_record.settled_at ELSE excluded.settled_at END,
        fairness = CASE WHEN v_fairness IS NULL THEN bet_record.fairness ELSE coalesce(bet_record.fairness, '{}'::jsonb) || v_fairness END,
        updated_at = excluded.updated_at
      RETURNING status, valid_bet INTO v_record;
  ELSE
    UPDATE bet_record SET
        payout = payout + p_amount,
        status = CASE WHEN v_closed THEN 'settled' WHEN status = 'cancelled' THEN 'open' ELSE status END,
        settled_at = CASE WHEN v_closed AND status <> 'settled' THEN p_now ELSE settled_at END,
        fairness = CASE WHEN v_fairness IS NULL THEN fairness ELSE coalesce(fairness, '{}'::jsonb) || v_fairness END,
        updated_at = p_now
      WHERE merchant_id = v_session.merchant_id AND vendor_code = p_vendor AND round_id = p_round_id
        AND member_id = v_session.member_id
      RETURNING status, valid_bet INTO v_record;
  END IF;

  -- A record that has just settled adds its valid bet to the turnover, once (the round row's lock
  -- serialises the calls of one record). Trial accounts never count.
  IF v_record.status = 'settled' AND v_previous_status IS DISTINCT FROM 'settled' AND v_kind = 'member_main' AND v_record.valid_bet > 0 THEN
    INSERT INTO member_turnover (member_id, merchant_id, wagered_amount, updated_at)
      VALUES (v_session.member_id, v_session.merchant_id, v_record.valid_bet, p_now)
      ON CONFLICT (member_id) DO UPDATE SET wagered_amount = member_turnover.wagered_amount + excluded.wagered_amount,
                                            updated_at = excluded.updated_at;
  END IF;
END
$fn$;
