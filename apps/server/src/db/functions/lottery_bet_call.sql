-- The wallet call debiting one order (a PlayCall, modules/seamless-wallet/play-call.ts). Its request hash
-- is over what the bet asks; only this function makes LOTTO-B- transactions, so only it must agree with itself.
CREATE OR REPLACE FUNCTION lottery_bet_call(p jsonb, p_numero text, p_order_id bigint, p_amount bigint) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT jsonb_build_object(
    'call', 'bet', 'vendor', p->>'vendor', 'merchants', jsonb_build_array((p->>'merchantId')::integer),
    'tokenHash', p->>'tokenHash', 'playerId', p->>'memberId', 'gameId', p->>'gameCode', 'currency', p->>'currency',
    'roundId', (p->>'gameCode') || ':' || p_numero, 'transactionId', 'LOTTO-B-' || p_order_id,
    'amountMinor', p_amount::text, 'roundClosed', NULL, 'fairness', NULL, 'countFairness', false, 'now', p->>'now',
    'requestHash', encode(sha256(convert_to(jsonb_build_array('bet', p->>'memberId', p->>'gameCode',
                                                              (p->>'gameCode') || ':' || p_numero, p_amount::text)::text,
                                            'UTF8')), 'hex'))
$fn$;
