import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * The member row's money secrets and the name payouts go to (`member.payment_password_hash`,
 * `member.payee_name`): identity owns the row, modules/withdrawal checks and sets them through these.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** A member of a merchant: every call below is scoped to both, so no merchant reaches another's members. */
export interface MemberRef {
  merchantId: number;
  memberId: bigint;
}

/** What a locked member row holds for checking secrets. Never logged, never returned to a client. */
export interface LockedPaymentDetails {
  passwordHash: string;
  paymentPasswordHash: string | null;
  payeeName: string | null;
}

/**
 * Locks the member's row for the rest of the transaction and reads its secrets: every check and
 * change of a payment password, every account binding and every withdrawal request takes this lock
 * first, so parallel calls of one member are counted and limited one after the other.
 */
export async function lockPaymentDetails(trx: Transaction<Database>, member: MemberRef): Promise<LockedPaymentDetails> {
  const row = await trx
    .selectFrom('member')
    .select(['payment_password_hash', 'password_hash', 'payee_name'])
    .where('id', '=', member.memberId)
    .where('merchant_id', '=', member.merchantId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { paymentPasswordHash: row.payment_password_hash, passwordHash: row.password_hash, payeeName: row.payee_name };
}

/** Whether the member has a payment password, and the payee name, without locking. */
export async function getPaymentDetails(
  db: Db,
  member: MemberRef,
): Promise<{ hasPaymentPassword: boolean; payeeName: string | null }> {
  const row = await db
    .selectFrom('member')
    .select(['payment_password_hash', 'payee_name'])
    .where('id', '=', member.memberId)
    .where('merchant_id', '=', member.merchantId)
    .executeTakeFirstOrThrow();
  return { hasPaymentPassword: row.payment_password_hash !== null, payeeName: row.payee_name };
}

/**
 * Stores a new payment password hash (argon2id, `hashPassword`). With `onlyIfUnset`, a member who got
 * one in the meantime keeps it; the caller holds the row lock of `lockPaymentDetails` either way.
 */
export async function setPaymentPasswordHash(
  trx: Transaction<Database>,
  member: MemberRef,
  paymentPasswordHash: string,
  options: { onlyIfUnset?: boolean } = {},
): Promise<void> {
  let update = trx
    .updateTable('member')
    .set({ payment_password_hash: paymentPasswordHash })
    .where('id', '=', member.memberId)
    .where('merchant_id', '=', member.merchantId);
  if (options.onlyIfUnset) update = update.where('payment_password_hash', 'is', null);
  await update.execute();
}

/** The name payouts go to, set once from the first bank account a member without one binds. */
export async function setPayeeName(trx: Transaction<Database>, member: MemberRef, payeeName: string): Promise<void> {
  await trx
    .updateTable('member')
    .set({ payee_name: payeeName })
    .where('id', '=', member.memberId)
    .where('merchant_id', '=', member.merchantId)
    .execute();
}
