-- A placement's refusal: SQLSTATE LT001, the contract's code key (lotteryErrorCodes) as the message, the
-- HTTP status, field and message parameters as JSON detail (place-orders.ts turns it into its AppError).
CREATE OR REPLACE FUNCTION lottery_refuse(p_code text, p_status integer, p_field text, p_params jsonb DEFAULT '{}',
                                          p_value jsonb DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'LT001', MESSAGE = p_code,
    DETAIL = jsonb_build_object('status', p_status, 'field', p_field, 'params', p_params, 'value', p_value)::text;
END
$fn$;
