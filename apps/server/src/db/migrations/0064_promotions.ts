import { sql, type Kysely } from 'kysely';

/**
 * Promotions and their rewards (issue 17 "Promotions"; modules/promotions README).
 *
 * `promotion`: what an operator configures (kind, texts per language, schedule, audience, bonus rule,
 * limits, turnover, abuse switches). Its counters `claimed_count` and `budget_used` move only in the
 * claim's transaction by one conditional update, and the CHECKs below make passing a limit
 * impossible even for a writer that forgot the condition.
 *
 * `promotion_claim`: one reward of one member (the site's `rewardId`): joined, applying, rejected,
 * issued, claimed, expired. The unique indexes make each cause reward once: a deposit per promotion,
 * an operator's grant per member, a period (REGISTER, LOGIN day, SAVIOR period) per member, and at
 * most one open (joined or applying) reward per member and promotion.
 *
 * `promotion_grant`: an operator's grant to a segment, one row whatever the segment's size.
 *
 * `promotion_picture`: a member's pictures for a MANUAL application (checked by their bytes like the
 * media module's uploads), readable only by the member and the merchant's operators.
 *
 * `promotion_deposit_seen`: the approved deposits the deposit job has looked at, so each deposit is
 * considered once however often the job runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE promotion (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      kind text NOT NULL CHECK (kind IN ('FIRST_DEPOSIT', 'SECOND_DEPOSIT', 'THIRD_DEPOSIT', 'FOURTH_DEPOSIT',
        'FIFTH_DEPOSIT', 'DEPOSIT', 'DEPOSIT_COUNT', 'DEPOSIT_BET_BONUS', 'REGISTER', 'LOGIN', 'SAVIOR', 'MANUAL', 'ISSUED')),
      category text NOT NULL,
      name_th text NOT NULL,
      name_en text NOT NULL,
      description_th text NOT NULL,
      description_en text NOT NULL,
      picture_url text,
      enabled boolean NOT NULL,
      starts_at timestamptz,
      ends_at timestamptz,
      audience text NOT NULL CHECK (audience IN ('all', 'new', 'agents', 'members')),
      product_types text[],
      bonus_type text NOT NULL CHECK (bonus_type IN ('percent', 'fixed')),
      -- Hundredths of a percent: 100 % is 10000.
      bonus_percent_bp integer CHECK (bonus_percent_bp >= 0),
      bonus_amount bigint CHECK (bonus_amount >= 0),
      bonus_cap bigint CHECK (bonus_cap >= 0),
      min_deposit bigint CHECK (min_deposit >= 0),
      deposit_count integer CHECK (deposit_count >= 1),
      requires_join boolean NOT NULL,
      auto_claim boolean NOT NULL,
      max_claims_per_member integer CHECK (max_claims_per_member >= 1),
      max_claims_total integer CHECK (max_claims_total >= 1),
      budget bigint CHECK (budget >= 0),
      -- Hundredths: a multiplier of 10 is 1000.
      turnover_multiplier_bp integer NOT NULL CHECK (turnover_multiplier_bp >= 0),
      turnover_product_types text[],
      claim_expiry_hours integer CHECK (claim_expiry_hours >= 1),
      bonus_expiry_days integer CHECK (bonus_expiry_days >= 1),
      blocks_others boolean NOT NULL,
      image_required boolean NOT NULL,
      remark_required boolean NOT NULL,
      abuse jsonb NOT NULL,
      register_required_fields text[] NOT NULL,
      login_rule jsonb,
      savior_rule jsonb,
      sort integer NOT NULL,
      claimed_count integer NOT NULL DEFAULT 0 CHECK (claimed_count >= 0),
      budget_used bigint NOT NULL DEFAULT 0 CHECK (budget_used >= 0),
      version integer NOT NULL,
      created_by bigint NOT NULL REFERENCES operator (id),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      UNIQUE (id, merchant_id),
      CONSTRAINT promotion_claims_within_limit CHECK (max_claims_total IS NULL OR claimed_count <= max_claims_total),
      CONSTRAINT promotion_budget_within_limit CHECK (budget IS NULL OR budget_used <= budget)
    )`.execute(db);
  await sql`CREATE INDEX promotion_merchant_idx ON promotion (merchant_id, sort, id)`.execute(db);

  await sql`
    CREATE TABLE promotion_claim (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL,
      promotion_id bigint NOT NULL,
      member_id bigint NOT NULL,
      status text NOT NULL CHECK (status IN ('joined', 'applying', 'rejected', 'issued', 'claimed', 'expired')),
      amount bigint CHECK (amount > 0),
      deposit_id bigint,
      deposit_amount bigint,
      turnover_required bigint CHECK (turnover_required >= 0),
      remarks text,
      picture_ids bigint[] NOT NULL DEFAULT '{}',
      review_remark text,
      reviewed_by_operator_id bigint REFERENCES operator (id),
      reviewed_by_username text,
      -- The operator's grant that issued it (its grant id), or the period it rewards (REGISTER, LOGIN day, SAVIOR period).
      grant_id text,
      period_key text,
      bonus_id bigint,
      created_at timestamptz NOT NULL,
      issued_at timestamptz,
      claimed_at timestamptz,
      expires_at timestamptz,
      FOREIGN KEY (promotion_id, merchant_id) REFERENCES promotion (id, merchant_id),
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id),
      CONSTRAINT promotion_claim_issued_amount CHECK (status NOT IN ('issued', 'claimed') OR amount IS NOT NULL),
      CONSTRAINT promotion_claim_paid CHECK ((status = 'claimed') = (bonus_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX promotion_claim_deposit_key ON promotion_claim (promotion_id, deposit_id) WHERE deposit_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX promotion_claim_grant_key ON promotion_claim (promotion_id, grant_id, member_id) WHERE grant_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX promotion_claim_period_key ON promotion_claim (promotion_id, member_id, period_key) WHERE period_key IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE UNIQUE INDEX promotion_claim_open_key ON promotion_claim (promotion_id, member_id)
     WHERE status IN ('joined', 'applying')`.execute(db);
  // The expiry job: issued rewards by their expiry.
  await sql`CREATE INDEX promotion_claim_expiry_idx ON promotion_claim (expires_at) WHERE status = 'issued'`.execute(db);
  await sql`CREATE INDEX promotion_claim_member_idx ON promotion_claim (member_id, created_at)`.execute(db);
  await sql`CREATE INDEX promotion_claim_merchant_status_idx ON promotion_claim (merchant_id, status, created_at)`.execute(
    db,
  );

  // A grant to a segment (all, agents, members who are no agent) is ONE row, like an inbox broadcast:
  // each member of the segment registered before it gets its reward row when it first lists its rewards.
  await sql`
    CREATE TABLE promotion_grant (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL,
      promotion_id bigint NOT NULL,
      grant_id text NOT NULL,
      audience text NOT NULL CHECK (audience IN ('all', 'agents', 'members')),
      amount bigint NOT NULL CHECK (amount > 0),
      operator_id bigint NOT NULL REFERENCES operator (id),
      created_at timestamptz NOT NULL,
      UNIQUE (promotion_id, grant_id),
      FOREIGN KEY (promotion_id, merchant_id) REFERENCES promotion (id, merchant_id)
    )`.execute(db);
  await sql`CREATE INDEX promotion_grant_merchant_idx ON promotion_grant (merchant_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE promotion_picture (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL,
      member_id bigint NOT NULL,
      content_type text NOT NULL,
      size_bytes integer NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      content bytea NOT NULL,
      created_at timestamptz NOT NULL,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id)
    )`.execute(db);
  await sql`CREATE INDEX promotion_picture_member_idx ON promotion_picture (member_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE promotion_deposit_seen (
      deposit_id bigint PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id),
      seen_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE promotion_deposit_seen, promotion_picture, promotion_grant, promotion_claim, promotion`.execute(db);
}
