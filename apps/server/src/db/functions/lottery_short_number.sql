-- A sequence number as six base-36 characters (order and chase numbers: unique, short to read out).
CREATE OR REPLACE FUNCTION lottery_short_number(p_id bigint) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $fn$
DECLARE
  v_digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  v_left bigint := p_id;
  v_text text := '';
BEGIN
  LOOP
    v_text := substr(v_digits, (v_left % 36)::integer + 1, 1) || v_text;
    v_left := v_left / 36;
    EXIT WHEN v_left = 0;
  END LOOP;
  RETURN right(lpad(v_text, 6, '0'), 6);
END
$fn$;
