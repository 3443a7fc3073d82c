import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LoginFailureReason, MemberTable } from './identity.tables.ts';

/** Queries of members and the login journal. Plain functions over a Kysely (or a transaction). */

type Db = Kysely<Database> | Transaction<Database>;
export type MemberRow = Selectable<MemberTable>;

export function findMemberByUsername(db: Db, merchantId: number, username: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('member')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
}

/** The one member with this national number (any dialing code); undefined when none or several. */
export async function findMemberByMobileNumber(
  db: Db,
  merchantId: number,
  nationalNumber: string,
): Promise<MemberRow | undefined> {
  const rows = await db
    .selectFrom('member')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('mobile_number', '=', nationalNumber)
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

export async function isUsernameTaken(db: Db, merchantId: number, username: string): Promise<boolean> {
  return (await findMemberByUsername(db, merchantId, username)) !== undefined;
}

export async function isMobileTaken(
  db: Db,
  merchantId: number,
  dialingCode: string,
  nationalNumber: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('member')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('mobile_dialing_code', '=', dialingCode)
    .where('mobile_number', '=', nationalNumber)
    .executeTakeFirst();
  return row !== undefined;
}

export interface LoginEvent {
  merchantId: number;
  memberId: bigint | null;
  usernameTried: string;
  ip: string;
  country: string;
  device: string;
  loginDeviceId: string | null;
  failureReason: LoginFailureReason | null;
  nowMs: number;
}

export async function insertLoginEvent(db: Db, event: LoginEvent): Promise<void> {
  await db
    .insertInto('login_event')
    .values({
      merchant_id: event.merchantId,
      member_id: event.memberId,
      username_tried: event.usernameTried,
      username_key: event.usernameTried.toLowerCase(),
      ip: event.ip,
      country: event.country,
      device: event.device,
      login_device_id: event.loginDeviceId,
      succeeded: event.failureReason === null,
      failure_reason: event.failureReason,
      created_at: new Date(event.nowMs),
    })
    .execute();
}

/**
 * Times (epoch ms, newest first, at most `limit`) of the wrong-password failures of one account
 * since `sinceMs` and since its last successful login. An account is a member, or for a name that
 * belongs to nobody the lower-cased name itself, so unknown names are throttled exactly like real ones.
 */
export async function listCredentialFailures(
  db: Db,
  merchantId: number,
  account: { memberId: bigint } | { usernameKey: string },
  sinceMs: number,
  limit: number,
): Promise<number[]> {
  let query = db
    .selectFrom('login_event')
    .select('created_at')
    .where('merchant_id', '=', merchantId)
    .where('failure_reason', '=', 'credentials')
    .where('created_at', '>', new Date(sinceMs));
  if ('memberId' in account) {
    query = query
      .where('member_id', '=', account.memberId)
      // Ids, not times, order a failure after the last success: two events can share a millisecond.
      .where(
        'id',
        '>',
        sql<bigint>`coalesce((select max(id) from login_event where member_id = ${account.memberId} and succeeded), 0)`,
      );
  } else {
    query = query.where('member_id', 'is', null).where('username_key', '=', account.usernameKey);
  }
  const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((row) => row.created_at.getTime());
}

/** Wrong-password failures from one IP since `sinceMs`, whatever the account. */
export async function countIpCredentialFailures(
  db: Db,
  merchantId: number,
  ip: string,
  sinceMs: number,
): Promise<number> {
  const row = await db
    .selectFrom('login_event')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('merchant_id', '=', merchantId)
    .where('ip', '=', ip)
    .where('failure_reason', '=', 'credentials')
    .where('created_at', '>', new Date(sinceMs))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function hasSucceededBefore(db: Db, memberId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('login_event')
    .select('id')
    .where('member_id', '=', memberId)
    .where('succeeded', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The successful login before the one at `beforeMs` (this session's), or null. */
export async function findPreviousLoginMs(db: Db, memberId: bigint, beforeMs: number): Promise<number | null> {
  const row = await db
    .selectFrom('login_event')
    .select('created_at')
    .where('member_id', '=', memberId)
    .where('succeeded', '=', true)
    .where('created_at', '<', new Date(beforeMs))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at.getTime() ?? null;
}

export function getMemberById(db: Db, merchantId: number, memberId: bigint): Promise<MemberRow> {
  return db
    .selectFrom('member')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

export async function updateMemberLanguage(db: Db, memberId: bigint, language: 'TH' | 'EN'): Promise<void> {
  await db.updateTable('member').set({ language }).where('id', '=', memberId).execute();
}
