-- isAgent of a trial account (free play: play money in a wallet of its own, never cash, never counted
-- in the turnover); `trialMemberType` in packages/contract. A function so that the SQL names it as the
-- code does: IMMUTABLE and plain SQL, so the planner folds it into a constant.
CREATE OR REPLACE FUNCTION member_type_trial() RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT 4::smallint
$fn$;
