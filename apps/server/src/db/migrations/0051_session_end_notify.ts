import { sql, type Kysely } from 'kysely';

/**
 * Tells every API instance when a member session ends (`session_end`, payload
 * `<merchantId>:<memberId>:<sessionId>`), so that the member's open balance streams end at once
 * (modules/wallet) instead of at the next call. Every way a session ends by a person's or an
 * operator's decision sets `revoked_at` (logout, a password change or reset, locking, closing or
 * forbidding login, ending one or all sessions in the back-office), so one trigger covers them all,
 * whoever wrote and from which instance. It fires only when the transaction commits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('session_end', NEW.merchant_id::text || ':' || NEW.member_id::text || ':' || NEW.id::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER member_session_end_notify
    AFTER UPDATE OF revoked_at ON member_session
    FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
    EXECUTE FUNCTION notify_session_end()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER member_session_end_notify ON member_session`.execute(db);
  await sql`DROP FUNCTION notify_session_end()`.execute(db);
}
