-- Every member is its own ancestor at depth 0 in the closure table of downlines (trigger after an
-- insert into member).
CREATE OR REPLACE FUNCTION member_hierarchy_insert_self() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO member_hierarchy (merchant_id, ancestor_id, descendant_id, depth) VALUES (new.merchant_id, new.id, new.id, 0);
  RETURN NULL;
END
$fn$;
