-- The back-office audit log is append-only: a trigger on operator_audit refuses any UPDATE, DELETE or
-- TRUNCATE.
CREATE OR REPLACE FUNCTION operator_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$fn$;
