-- The ledger's history is append-only (modules/ledger README): a trigger on its tables refuses any
-- UPDATE, DELETE or TRUNCATE.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'ledger history is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$fn$;
