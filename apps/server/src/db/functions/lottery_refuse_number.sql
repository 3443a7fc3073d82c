-- A number closed or over its limit: LGS_BETTING_NUMBER_OVER_LIMITS naming the number.
CREATE OR REPLACE FUNCTION lottery_refuse_number(p_play_code text, p_number text) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM lottery_refuse('numberOverLimits', 409, 'bets', jsonb_build_object('number', p_number),
                         jsonb_build_object('playCode', p_play_code, 'number', p_number));
END
$fn$;
