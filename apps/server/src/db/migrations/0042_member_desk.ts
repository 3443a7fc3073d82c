import { sql, type Kysely } from 'kysely';

/**
 * The member desk of the back-office (issue 15).
 *
 * identity's `member` gets two restrictions an operator sets beside the status (`login_forbidden`:
 * no login and no session, `games_forbidden`: no game launch) and `desk_version`, which every status
 * change names and raises, so two operators deciding at once cannot overwrite each other.
 *
 * The back-office's own tables: the merchant's tag list (`member_tag_option`), a member's tags with
 * their version (`member_tagging`), and operator notes (`member_note`, append-only like the audit log).
 *
 * Indexes for the desk's search (e-mail, bank account number across banks, the register IP) and its
 * linked-members check (device ids of logins); login IPs already have `login_event_ip_idx`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE member
      ADD COLUMN login_forbidden boolean NOT NULL DEFAULT false,
      ADD COLUMN games_forbidden boolean NOT NULL DEFAULT false,
      ADD COLUMN desk_version integer NOT NULL DEFAULT 1 CHECK (desk_version >= 1)
  `.execute(db);
  await sql`CREATE INDEX member_email_lower_idx ON member (merchant_id, lower(email) text_pattern_ops) WHERE email IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX member_register_ip_idx ON member (merchant_id, register_ip)`.execute(db);
  await sql`CREATE INDEX member_bank_account_number_idx ON member_bank_account (merchant_id, account_number)`.execute(
    db,
  );
  await sql`
    CREATE INDEX login_event_device_idx ON login_event (merchant_id, login_device_id)
      WHERE login_device_id IS NOT NULL AND succeeded
  `.execute(db);
  await sql`CREATE INDEX login_event_member_device_idx ON login_event (member_id, login_device_id)
      WHERE login_device_id IS NOT NULL AND succeeded`.execute(db);

  await sql`
    CREATE TABLE member_tag_option (
      merchant_id integer NOT NULL REFERENCES merchant (id),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 32),
      name_key text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_id, name_key)
    )
  `.execute(db);
  await sql`
    CREATE TABLE member_tagging (
      member_id bigint PRIMARY KEY,
      merchant_id integer NOT NULL,
      tags text[] NOT NULL DEFAULT '{}',
      version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
      updated_at timestamptz NOT NULL,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id)
    )
  `.execute(db);
  await sql`
    CREATE TABLE member_note (
      id bigserial PRIMARY KEY,
      merchant_id integer NOT NULL,
      member_id bigint NOT NULL,
      operator_id bigint NOT NULL REFERENCES operator (id),
      body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 1000),
      created_at timestamptz NOT NULL,
      FOREIGN KEY (member_id, merchant_id) REFERENCES member (id, merchant_id)
    )
  `.execute(db);
  await sql`CREATE INDEX member_note_member_idx ON member_note (member_id, id DESC)`.execute(db);
  // Notes are history: the audit log's trigger function refuses any change but an insert.
  await sql`CREATE TRIGGER member_note_append_only BEFORE UPDATE OR DELETE ON member_note
    FOR EACH ROW EXECUTE FUNCTION operator_audit_refuse_change()`.execute(db);
  await sql`CREATE TRIGGER member_note_no_truncate BEFORE TRUNCATE ON member_note
    FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_refuse_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE member_note`.execute(db);
  await sql`DROP TABLE member_tagging`.execute(db);
  await sql`DROP TABLE member_tag_option`.execute(db);
  await sql`DROP INDEX login_event_member_device_idx`.execute(db);
  await sql`DROP INDEX login_event_device_idx`.execute(db);
  await sql`DROP INDEX member_bank_account_number_idx`.execute(db);
  await sql`DROP INDEX member_register_ip_idx`.execute(db);
  await sql`DROP INDEX member_email_lower_idx`.execute(db);
  await sql`ALTER TABLE member DROP COLUMN login_forbidden, DROP COLUMN games_forbidden, DROP COLUMN desk_version`.execute(
    db,
  );
}
