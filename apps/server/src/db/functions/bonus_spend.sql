-- Money of the member's bonus wallet leaving for a transfer-mode vendor (modules/bonus README "The
-- spending rule"): lowers the active grants' `remaining` by p_amount, oldest grant first, the grants
-- locked first (the bets' lock order: grants, then ledger accounts). Answers what it took (less than
-- p_amount only if the grants hold less, which the caller's ledger posting then refuses). The caller
-- moves the same amount out of member_bonus in the same transaction. This file is the function's
-- current body (docs/database.md).
CREATE OR REPLACE FUNCTION bonus_spend(p_member_id bigint, p_currency text, p_amount bigint)
RETURNS bigint LANGUAGE plpgsql AS $fn$
DECLARE
  v_left bigint := p_amount;
  v_grant record;
  v_take bigint;
BEGIN
  FOR v_grant IN
    SELECT g.id, g.remaining FROM member_bonus g
    WHERE g.member_id = p_member_id AND g.currency = p_currency AND g.status = 'active'
    ORDER BY g.id FOR UPDATE
  LOOP
    EXIT WHEN v_left = 0;
    v_take := least(v_grant.remaining, v_left);
    IF v_take > 0 THEN
      UPDATE member_bonus SET remaining = remaining - v_take WHERE id = v_grant.id;
      v_left := v_left - v_take;
    END IF;
  END LOOP;
  RETURN p_amount - v_left;
END
$fn$;
