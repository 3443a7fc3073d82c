import { sql, type Kysely } from 'kysely';

/**
 * Tells every API instance when a member's balance changed (`balance_change`, payload
 * `<merchantId>:<memberId>`), so open balance streams refresh (modules/wallet). A trigger, not the
 * code that posts: the notification leaves only when the transaction commits, whoever wrote, and
 * PostgreSQL folds identical notifications of one transaction into one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_balance_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('balance_change', NEW.merchant_id::text || ':' || NEW.member_id::text);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ledger_account_balance_notify
    AFTER UPDATE OF balance ON ledger_account
    FOR EACH ROW WHEN (NEW.member_id IS NOT NULL AND NEW.balance IS DISTINCT FROM OLD.balance)
    EXECUTE FUNCTION notify_balance_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER ledger_account_balance_notify ON ledger_account`.execute(db);
  await sql`DROP FUNCTION notify_balance_change()`.execute(db);
}
