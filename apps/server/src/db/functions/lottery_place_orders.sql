-- One lottery placement in one statement (modules/lottery README, "Betting"; docs/performance.md,
-- "Lottery"): the API prices the bets with @lotus/fair and sends them here as JSON (place-orders.ts,
-- `PlacementRequest`, the one definition of its keys); this does, in the statement's transaction, what
-- used to take eight round trips. The rules are place-orders.ts's comments':
--   - the game sold, the merchant's setting at the version the bets were priced at (else LT002: the API
--     reads the setting again and prices again);
--   - each draw bet on (a chase: the next `phases` open ones) share-locked, open, its lock ahead of `now`;
--   - per draw, the member's stake raised only within the merchant's limit (a conditional upsert);
--   - per draw, each number play's payouts added to the book under each number's limit (the operator's
--     rule for this draw, else for the game, else the setting's), refused or taken at half odds by the
--     setting's mode; all of a placement's book rows in (play, number) order, so two placements never
--     wait on each other in a cycle;
--   - the orders, and their debits through vendor_wallet_play (a refusal: its SQLSTATE LW001, the
--     wallet's code as message), balance notices deferred to the caller.
-- A refusal raises SQLSTATE LT001 with the contract's code key as its message and a JSON detail
-- {status, field, params, value}: the whole placement is undone. Answers the orders as JSON.
CREATE OR REPLACE FUNCTION lottery_place_orders(p jsonb) RETURNS jsonb
LANGUAGE plpgsql
-- As vendor_wallet_play_batch: every statement reaches its rows by key; a plan kept from a small table
-- must not scan it whole later.
SET enable_seqscan = off
AS $fn$
DECLARE
  v_merchant integer := (p->>'merchantId')::integer;
  v_member bigint := (p->>'memberId')::bigint;
  v_game integer := (p->>'gameId')::integer;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_phases integer := (p->>'phases')::integer;
  v_bets jsonb := p->'bets';
  v_bet_count integer := jsonb_array_length(p->'bets');
  v_setting lottery_game_setting;
  v_first record;
  v_draw_ids bigint[];
  v_numeros text[];
  v_order_ids bigint[];
  v_master text;
  v_chase_id bigint;
  v_chase_no text;
  v_reduced jsonb := '{}';
  v_number record;
  v_rule record;
  v_limit bigint;
  v_taken boolean;
  v_calls jsonb := '[]';
  v_orders jsonb := '[]';
  v_call record;
  v_balance bigint;
BEGIN
  PERFORM 1 FROM lottery_game g WHERE g.id = v_game AND g.enabled;
  IF NOT FOUND THEN
    PERFORM lottery_refuse('gameClosed', 409, 'gameId');
  END IF;
  SELECT * INTO v_setting FROM lottery_game_setting s WHERE s.merchant_id = v_merchant AND s.game_id = v_game;
  IF NOT FOUND OR v_setting.version <> (p->>'settingVersion')::integer THEN
    RAISE EXCEPTION USING ERRCODE = 'LT002', MESSAGE = 'lottery setting changed since the bets were priced';
  END IF;
  IF NOT v_setting.enabled THEN
    PERFORM lottery_refuse('gameClosed', 409, 'gameId');
  END IF;

  -- The draws, share-locked: the scheduler's lock and draw (UPDATEs of these rows) wait for this
  -- transaction, so a bet taken here is never on a draw already locked or drawn.
  SELECT d.id, d.numero, d.locks_at, d.draws_at, d.status INTO v_first FROM lottery_draw d
   WHERE d.game_id = v_game AND d.numero = p->>'numero' FOR SHARE;
  IF NOT FOUND OR v_first.status <> 'open' OR v_first.locks_at <= v_now THEN
    PERFORM lottery_refuse('gameClosed', 409, 'numero');
  END IF;
  IF v_phases = 1 THEN
    v_draw_ids := ARRAY[v_first.id];
    v_numeros := ARRAY[v_first.numero];
  ELSE
    SELECT array_agg(d.id ORDER BY d.draws_at), array_agg(d.numero ORDER BY d.draws_at) INTO v_draw_ids, v_numeros
      FROM (SELECT id, numero, draws_at FROM lottery_draw
             WHERE game_id = v_game AND draws_at >= v_first.draws_at AND status = 'open'
             ORDER BY draws_at LIMIT v_phases FOR SHARE) d;
    IF coalesce(array_length(v_draw_ids, 1), 0) < v_phases THEN
      PERFORM lottery_refuse('chaseTooLong', 400, 'chase.phases',
                             jsonb_build_object('max', coalesce(array_length(v_draw_ids, 1), 0)));
    END IF;
  END IF;

  SELECT array_agg(nextval(pg_get_serial_sequence('lottery_order', 'id')) ORDER BY n) INTO v_order_ids
    FROM generate_series(1, v_bet_count * v_phases) AS n;
  v_master := lottery_short_number(v_order_ids[1]);
  IF jsonb_typeof(p->'chase') = 'object' THEN
    v_chase_id := nextval(pg_get_serial_sequence('lottery_chase', 'id'));
    v_chase_no := lottery_short_number(v_chase_id);
    INSERT INTO lottery_chase (id, merchant_id, member_id, game_id, chase_no, total_phases, stop_on_win, status, created_at)
    VALUES (v_chase_id, v_merchant, v_member, v_game, v_chase_no, v_phases, (p->'chase'->>'stopOnWin')::boolean,
            'running', v_now);
  END IF;

  FOR v_draw IN 1 .. v_phases LOOP
    INSERT INTO lottery_member_draw AS md (merchant_id, member_id, draw_id, stake_minor)
    VALUES (v_merchant, v_member, v_draw_ids[v_draw], (p->>'perDraw')::bigint)
    ON CONFLICT (draw_id, member_id) DO UPDATE SET stake_minor = md.stake_minor + excluded.stake_minor
      WHERE md.stake_minor + excluded.stake_minor <= v_setting.max_member_draw_minor;
    IF NOT FOUND THEN
      PERFORM lottery_refuse('amountOverLimits', 400, 'totalAmount');
    END IF;

    -- The book: each number of each number play, in (play, number) order.
    FOR v_number IN
      SELECT (e.ord - 1)::integer AS bet, e.bet->>'playCode' AS play_code, n.number,
             (e.bet->>'payoutPerNumber')::bigint AS payout,
             (e.bet->>'cost')::bigint / jsonb_array_length(e.bet->'numbers') AS stake
        FROM jsonb_array_elements(v_bets) WITH ORDINALITY AS e(bet, ord)
        CROSS JOIN LATERAL jsonb_array_elements_text(e.bet->'numbers') AS n(number)
       WHERE jsonb_typeof(e.bet->'numbers') = 'array'
       ORDER BY e.bet->>'playCode' COLLATE "C", n.number COLLATE "C", e.ord
    LOOP
      -- A rule for this draw wins over the game's rule for every draw.
      SELECT r.closed, r.max_payout_minor INTO v_rule FROM lottery_number_rule r
       WHERE r.merchant_id = v_merchant AND r.game_id = v_game AND r.play_code = v_number.play_code
         AND r.number = v_number.number AND (r.draw_id IS NULL OR r.draw_id = v_draw_ids[v_draw])
       ORDER BY r.draw_id NULLS LAST LIMIT 1;
      IF FOUND AND v_rule.closed THEN
        PERFORM lottery_refuse_number(v_number.play_code, v_number.number);
      END IF;
      v_limit := CASE WHEN FOUND THEN coalesce(v_rule.max_payout_minor, v_setting.max_number_payout_minor)
                      ELSE v_setting.max_number_payout_minor END;
      v_taken := false;
      IF v_limit IS NULL OR v_number.payout <= v_limit THEN
        INSERT INTO lottery_exposure AS x (merchant_id, draw_id, play_code, number, stake_minor, payout_minor)
        VALUES (v_merchant, v_draw_ids[v_draw], v_number.play_code, v_number.number, v_number.stake, v_number.payout)
        ON CONFLICT (merchant_id, draw_id, play_code, number) DO UPDATE
          SET stake_minor = x.stake_minor + excluded.stake_minor, payout_minor = x.payout_minor + excluded.payout_minor
          WHERE v_limit IS NULL OR x.payout_minor + excluded.payout_minor <= v_limit;
        v_taken := FOUND;
      END IF;
      IF NOT v_taken THEN
        IF v_setting.over_limit_mode = 'refuse' THEN
          PERFORM lottery_refuse_number(v_number.play_code, v_number.number);
        END IF;
        INSERT INTO lottery_exposure AS x (merchant_id, draw_id, play_code, number, stake_minor, payout_minor)
        VALUES (v_merchant, v_draw_ids[v_draw], v_number.play_code, v_number.number, v_number.stake, v_number.payout / 2)
        ON CONFLICT (merchant_id, draw_id, play_code, number) DO UPDATE
          SET stake_minor = x.stake_minor + excluded.stake_minor, payout_minor = x.payout_minor + excluded.payout_minor;
        v_reduced := jsonb_set(v_reduced, ARRAY[v_number.bet::text],
                               coalesce(v_reduced->(v_number.bet::text), '[]') || to_jsonb(v_number.number));
      END IF;
    END LOOP;

    -- The draw's orders (numbered <master>-001 on, draw after draw) and their debits.
    WITH placed AS (
      INSERT INTO lottery_order (id, merchant_id, member_id, draw_id, game_id, master_no, order_no, chase_id, play_id,
                                 play_code, bet_content, bet_num, stake_per_unit_minor, multiple, series,
                                 bet_amount_minor, reduced_numbers, status, session_token_hash, created_at)
      SELECT v_order_ids[(v_draw - 1) * v_bet_count + e.ord], v_merchant, v_member, v_draw_ids[v_draw], v_game,
             v_master, v_master || '-' || lpad(((v_draw - 1) * v_bet_count + e.ord)::text, 3, '0'), v_chase_id,
             (e.bet->>'playId')::integer, e.bet->>'playCode', e.bet->>'betContent', (e.bet->>'units')::integer,
             (e.bet->>'stakePerUnit')::bigint, (e.bet->>'multiple')::integer, (e.bet->>'series')::integer,
             (e.bet->>'cost')::bigint,
             ARRAY(SELECT jsonb_array_elements_text(coalesce(v_reduced->((e.ord - 1)::text), '[]'))),
             2, p->>'tokenHash', v_now
        FROM jsonb_array_elements(v_bets) WITH ORDINALITY AS e(bet, ord)
      RETURNING id, order_no, play_id, bet_num, bet_amount_minor, reduced_numbers
    )
    SELECT v_orders || jsonb_agg(jsonb_build_object(
             'orderId', placed.id::text, 'orderNo', placed.order_no, 'numero', v_numeros[v_draw],
             'playId', placed.play_id, 'betNum', placed.bet_num, 'betAmountMinor', placed.bet_amount_minor::text,
             'reducedNumbers', to_jsonb(placed.reduced_numbers)) ORDER BY placed.id),
           v_calls || jsonb_agg(jsonb_build_object(
             'roundId', (p->>'gameCode') || ':' || v_numeros[v_draw], 'transactionId', 'LOTTO-B-' || placed.id,
             'amountMinor', placed.bet_amount_minor::text,
             -- What the bet asks, hashed: only this function makes LOTTO-B- transactions, so only it must agree with itself.
             'requestHash', encode(sha256(convert_to(jsonb_build_array('bet', p->>'memberId', p->>'gameCode',
               (p->>'gameCode') || ':' || v_numeros[v_draw], placed.bet_amount_minor::text)::text, 'UTF8')), 'hex'))
             ORDER BY placed.id)
      INTO v_orders, v_calls
      FROM placed;
    v_reduced := '{}';
  END LOOP;

  -- The debits, each through vendor_wallet_play as any seamless bet: a refusal raises its LW001 and
  -- undoes the placement whole (no subtransaction needed). Balance notices deferred to the caller.
  PERFORM set_config('lotus.defer_balance_notices', 'on', true);
  FOR v_call IN SELECT value AS c FROM jsonb_array_elements(v_calls) LOOP
    SELECT w.balance INTO v_balance FROM vendor_wallet_play(
      'bet', p->>'vendor', ARRAY[v_merchant], p->>'tokenHash', p->>'memberId', p->>'gameCode', p->>'currency',
      v_call.c->>'roundId', v_call.c->>'transactionId', (v_call.c->>'amountMinor')::bigint, NULL,
      v_call.c->>'requestHash', NULL, false, v_now) AS w;
  END LOOP;

  RETURN jsonb_build_object('masterNo', v_master, 'chaseNo', v_chase_no, 'orders', v_orders,
                            'balanceMinor', v_balance::text,
                            'notices', current_setting('lotus.deferred_balance_notices', true));
END
$fn$;
