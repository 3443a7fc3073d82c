-- A seamless rollback of a bet that spent bonus gives that part back to the member's active grants
-- (modules/bonus README "The spending rule"): oldest grant first, each up to its amount, the grants
-- locked first (the bets' lock order: grants, then ledger accounts). Answers what it placed; the
-- caller credits that much to member_bonus in the same transaction and the rest (grants closed
-- meanwhile) to cash. This file is the function's current body (docs/database.md).
CREATE OR REPLACE FUNCTION bonus_refund(p_member_id bigint, p_currency text, p_amount bigint)
RETURNS bigint LANGUAGE plpgsql AS $fn$
DECLARE
  v_left bigint := p_amount;
  v_grant record;
  v_put bigint;
BEGIN
  FOR v_grant IN
    SELECT g.id, g.amount - g.remaining AS room FROM member_bonus g
    WHERE g.member_id = p_member_id AND g.currency = p_currency AND g.status = 'active'
    ORDER BY g.id FOR UPDATE
  LOOP
    EXIT WHEN v_left = 0;
    v_put := least(v_grant.room, v_left);
    IF v_put > 0 THEN
      UPDATE member_bonus SET remaining = remaining + v_put WHERE id = v_grant.id;
      v_left := v_left - v_put;
    END IF;
  END LOOP;
  RETURN p_amount - v_left;
END
$fn$;
