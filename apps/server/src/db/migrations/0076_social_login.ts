import { sql, type Kysely } from 'kysely';

/**
 * Social login (issue 19; modules/identity/social/README.md): LINE, Google and Facebook.
 *
 * `social_login_client`: a merchant's OAuth client at one provider: the client id and the client
 * secret sealed with AES-256-GCM under a key derived from `VENDOR_SECRET_KEY` (the merchant and
 * provider as additional data, so a value copied to another row does not open), the secret's last 4
 * characters for the back-office, who set it and when. Whether the provider is offered is the brand's
 * firebase switch (merchant config), not a column here.
 *
 * `social_login_flow`: one authorization code flow, from the login button to the callback: the
 * SHA-256 of the flow token the browser keeps, the state, nonce and PKCE verifier, the redirect URI
 * used, what it is for (`login` or `link`, with the member who links), 10 minutes, spent once by a
 * conditional update. A flow of an identity no account has becomes a pending registration: the
 * verified subject and profile and the SHA-256 of a registration token (15 minutes, spent once).
 *
 * `social_identity`: a provider account linked to a member: unique per merchant, provider and subject
 * (one member per provider account), and per member and provider (one account of each provider per
 * member). The profile (display name, e-mail) is what the provider said at the last login.
 *
 * `login_verification.login_type` may be `social`: a social login asked for two-factor or new-IP
 * verification finishes without reporting the password expired (no password was used).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE login_verification DROP CONSTRAINT login_verification_login_type_check`.execute(db);
  await sql`
    ALTER TABLE login_verification ADD CONSTRAINT login_verification_login_type_check
    CHECK (login_type IN ('username', 'remember', 'social'))`.execute(db);
  await sql`
    CREATE TABLE social_login_client (
      merchant_id integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('line', 'google', 'facebook')),
      client_id text NOT NULL CHECK (length(client_id) BETWEEN 1 AND 255),
      sealed_secret text NOT NULL,
      secret_hint text NOT NULL,
      updated_at timestamptz NOT NULL,
      updated_by bigint,
      PRIMARY KEY (merchant_id, provider)
    )`.execute(db);

  await sql`
    CREATE TABLE social_login_flow (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('line', 'google', 'facebook')),
      intent text NOT NULL CHECK (intent IN ('login', 'link')),
      member_id bigint,
      flow_token_hash text NOT NULL,
      state text NOT NULL,
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      redirect_uri text NOT NULL,
      ip text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz,
      subject text,
      display_name text,
      email text,
      registration_token_hash text,
      registration_expires_at timestamptz,
      registered_at timestamptz,
      CONSTRAINT social_login_flow_member_fkey FOREIGN KEY (merchant_id, member_id)
        REFERENCES member (merchant_id, id) ON DELETE CASCADE,
      CONSTRAINT social_login_flow_link_check CHECK ((intent = 'link') = (member_id IS NOT NULL)),
      CONSTRAINT social_login_flow_registration_check CHECK (
        (registration_token_hash IS NULL) = (registration_expires_at IS NULL)
        AND (registration_token_hash IS NULL OR subject IS NOT NULL)
      )
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX social_login_flow_token_idx ON social_login_flow (flow_token_hash)`.execute(db);
  await sql`
    CREATE UNIQUE INDEX social_login_flow_registration_idx ON social_login_flow (registration_token_hash)
    WHERE registration_token_hash IS NOT NULL`.execute(db);
  await sql`CREATE INDEX social_login_flow_expires_idx ON social_login_flow (expires_at)`.execute(db);

  await sql`
    CREATE TABLE social_identity (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchant (id) ON DELETE CASCADE,
      member_id bigint NOT NULL,
      provider text NOT NULL CHECK (provider IN ('line', 'google', 'facebook')),
      subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
      display_name text,
      email text,
      linked_at timestamptz NOT NULL,
      last_login_at timestamptz,
      CONSTRAINT social_identity_member_fkey FOREIGN KEY (merchant_id, member_id)
        REFERENCES member (merchant_id, id) ON DELETE CASCADE,
      CONSTRAINT social_identity_subject_key UNIQUE (merchant_id, provider, subject),
      CONSTRAINT social_identity_member_provider_key UNIQUE (member_id, provider)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE social_identity`.execute(db);
  await sql`DROP TABLE social_login_flow`.execute(db);
  await sql`DROP TABLE social_login_client`.execute(db);
  await sql`DELETE FROM login_verification WHERE login_type = 'social'`.execute(db);
  await sql`ALTER TABLE login_verification DROP CONSTRAINT login_verification_login_type_check`.execute(db);
  await sql`
    ALTER TABLE login_verification ADD CONSTRAINT login_verification_login_type_check
    CHECK (login_type IN ('username', 'remember'))`.execute(db);
}
