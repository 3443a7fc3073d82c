import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { AgentType, MemberStatus } from '../identity.tables.ts';

/**
 * What the back-office reads of members: counts for its dashboard, the searchable list and one member
 * with contact data (operators see it; other modules use member-summaries.ts). Read only.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface BackofficeMember {
  id: bigint;
  username: string;
  mobileDialingCode: string | null;
  /** Stored without the leading 0. */
  mobileNumber: string | null;
  email: string | null;
  status: MemberStatus;
  isAgent: AgentType;
  createdAt: Date;
}

export const columns = [
  'id',
  'username',
  'mobile_dialing_code',
  'mobile_number',
  'email',
  'status',
  'is_agent',
  'created_at',
] as const;

export function toBackofficeMember(row: {
  id: bigint;
  username: string;
  mobile_dialing_code: string | null;
  mobile_number: string | null;
  email: string | null;
  status: MemberStatus;
  is_agent: AgentType;
  created_at: Date;
}): BackofficeMember {
  return {
    id: row.id,
    username: row.username,
    mobileDialingCode: row.mobile_dialing_code,
    mobileNumber: row.mobile_number,
    email: row.email,
    status: row.status,
    isAgent: row.is_agent,
    createdAt: row.created_at,
  };
}

/** The merchant's members, or with `createdSince` those registered since then. One count query. */
export async function countMembers(db: Db, merchantId: number, filter: { createdSince?: Date } = {}): Promise<number> {
  let query = db.selectFrom('member').where('merchant_id', '=', merchantId);
  if (filter.createdSince !== undefined) query = query.where('created_at', '>=', filter.createdSince);
  const row = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** `LIKE` pattern of a prefix, with the pattern's own characters escaped. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A page of the merchant's members matching `q`, newest first, and how many match: digits match a
 * member id exactly, a mobile number's start (a typed leading 0 is ignored: numbers are stored
 * without it) or a username's start; anything else matches the start of the username in any case.
 * Empty lists everyone. The page and the count are two queries sent together.
 */
export async function listMembersForBackoffice(
  db: Db,
  merchantId: number,
  query: { q: string; page: number; pageSize: number },
): Promise<{ members: BackofficeMember[]; total: number }> {
  const q = query.q.trim();
  let base = db.selectFrom('member').where('merchant_id', '=', merchantId);
  if (/^\d{1,18}$/.test(q)) {
    const mobile = q.replace(/^0+/, '');
    base = base.where((eb) =>
      eb.or([
        eb('id', '=', BigInt(q)),
        ...(mobile.length >= 3 ? [eb('mobile_number', 'like', prefixPattern(mobile))] : []),
        eb('username_key', 'like', prefixPattern(q)),
      ]),
    );
  } else if (q !== '') {
    base = base.where('username_key', 'like', prefixPattern(q.toLowerCase()));
  }
  const [rows, count] = await Promise.all([
    base
      .select(columns)
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { members: rows.map(toBackofficeMember), total: Number(count.total) };
}

/** The member of this merchant with this id, or undefined (an id of another merchant alike). */
export async function findMemberForBackoffice(
  db: Db,
  merchantId: number,
  memberId: bigint,
): Promise<BackofficeMember | undefined> {
  const row = await db
    .selectFrom('member')
    .select(columns)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row === undefined ? undefined : toBackofficeMember(row);
}
