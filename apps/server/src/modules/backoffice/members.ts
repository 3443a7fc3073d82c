import { formatMinorUnits, type AdminMemberLedgerEntry, type AdminMemberRow } from '@lotus/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { listMemberAccounts } from '../ledger/index.ts';
import type { MerchantContext } from '../merchant/index.ts';

/**
 * The operators' view of members: search with balances, and a member's ledger. Read only; money
 * moves through adjust-member-balance.ts.
 */

type MemberRowSource = {
  id: bigint;
  username: string;
  mobile_dialing_code: string | null;
  mobile_number: string | null;
  email: string | null;
  status: 'active' | 'locked' | 'closed';
  is_agent: number;
  created_at: Date;
};

const memberColumns = [
  'm.id',
  'm.username',
  'm.mobile_dialing_code',
  'm.mobile_number',
  'm.email',
  'm.status',
  'm.is_agent',
  'm.created_at',
] as const;

/** `LIKE` pattern of a prefix, with the pattern's own characters escaped. */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

async function withBalances(
  db: Kysely<Database>,
  merchant: MerchantContext,
  row: MemberRowSource,
): Promise<AdminMemberRow> {
  const accounts = await listMemberAccounts(db, merchant.id, row.id, merchant.currency);
  const sum = (kind: string) =>
    accounts.filter((account) => account.kind === kind).reduce((total, account) => total + account.balance, 0n);
  return {
    id: String(row.id),
    username: row.username,
    mobile:
      row.mobile_number === null
        ? null
        : `${row.mobile_dialing_code ? `+${row.mobile_dialing_code.replace(/^\+/, '')} ` : ''}${row.mobile_number}`,
    email: row.email,
    status: row.status,
    isAgent: row.is_agent,
    createdAt: row.created_at.getTime(),
    currency: merchant.currency,
    balances: {
      main: formatMinorUnits(sum('member_main')),
      held: formatMinorUnits(sum('member_held')),
      bonus: formatMinorUnits(sum('member_bonus')),
      vendors: formatMinorUnits(sum('member_vendor')),
      trial: formatMinorUnits(sum('member_trial')),
    },
  };
}

/**
 * Members of the merchant matching `q`: digits match a member id exactly or a mobile number's start
 * (a typed leading 0 is ignored: numbers are stored without it); anything else matches the start of
 * the username in any case. Empty lists everyone. Newest first.
 */
export async function searchMembers(
  db: Kysely<Database>,
  merchant: MerchantContext,
  query: { q: string; page: number; pageSize: number },
): Promise<{ items: AdminMemberRow[]; total: number }> {
  const q = query.q.trim();
  let base = db.selectFrom('member as m').where('m.merchant_id', '=', merchant.id);
  if (/^\d{1,18}$/.test(q)) {
    const mobile = q.replace(/^0+/, '');
    base = base.where((eb) =>
      eb.or([
        eb('m.id', '=', BigInt(q)),
        ...(mobile.length >= 3 ? [eb('m.mobile_number', 'like', prefixPattern(mobile))] : []),
        eb('m.username_key', 'like', prefixPattern(q)),
      ]),
    );
  } else if (q !== '') {
    base = base.where('m.username_key', 'like', prefixPattern(q.toLowerCase()));
  }
  const [rows, count] = await Promise.all([
    base
      .select(memberColumns)
      .orderBy('m.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: await Promise.all(rows.map((row) => withBalances(db, merchant, row))), total: Number(count.total) };
}

/** One member of the merchant with balances; 404 for an id of another merchant exactly as for none. */
export async function getMember(
  db: Kysely<Database>,
  merchant: MerchantContext,
  memberId: bigint,
): Promise<AdminMemberRow> {
  const row = await db
    .selectFrom('member as m')
    .select(memberColumns)
    .where('m.merchant_id', '=', merchant.id)
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return withBalances(db, merchant, row);
}

/**
 * The member's ledger: every transfer touching one of their accounts, newest first, one line per
 * side that is theirs (a withdrawal hold shows as -main and +held). For adjustments, the reason the
 * operator gave. Reads ledger_transfer directly: the ledger module has no listing yet, and this is
 * read only (money moves only through postTransfers).
 */
export async function listMemberLedger(
  db: Kysely<Database>,
  merchant: MerchantContext,
  memberId: bigint,
  query: { page: number; pageSize: number; kind?: string | undefined },
): Promise<{ items: AdminMemberLedgerEntry[]; total: number }> {
  const accounts = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('member_id', '=', memberId)
    .where('currency', '=', merchant.currency)
    .execute();
  const ids = accounts.map((account) => account.id);
  if (ids.length === 0) return { items: [], total: 0 };
  const kindFilter = query.kind ? sql`AND t.kind = ${query.kind}` : sql``;
  const sides = sql`
    SELECT t.id, t.created_at, t.kind, t.reference, t.amount AS delta, t.credit_balance_after AS balance_after,
           t.credit_account_id AS own_account_id, t.debit_account_id AS other_account_id, 1 AS side
      FROM ledger_transfer t WHERE t.credit_account_id IN (${sql.join(ids)}) ${kindFilter}
    UNION ALL
    SELECT t.id, t.created_at, t.kind, t.reference, -t.amount, t.debit_balance_after,
           t.debit_account_id, t.credit_account_id, 0
      FROM ledger_transfer t WHERE t.debit_account_id IN (${sql.join(ids)}) ${kindFilter}`;
  const [rows, count] = await Promise.all([
    sql<{
      id: bigint;
      created_at: Date;
      kind: string;
      reference: string;
      delta: bigint;
      balance_after: bigint | null;
      own_kind: string;
      other_kind: string;
      reason: string | null;
    }>`
      SELECT s.id, s.created_at, s.kind, s.reference, s.delta, s.balance_after, own.kind AS own_kind, other.kind AS other_kind, adj.reason
        FROM (${sides}) s
        JOIN ledger_account own ON own.id = s.own_account_id
        JOIN ledger_account other ON other.id = s.other_account_id
        LEFT JOIN member_adjustment adj ON adj.transfer_id = s.id
       ORDER BY s.id DESC, s.side
       LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM (${sides}) s`.execute(db),
  ]);
  return {
    items: rows.rows.map((row) => ({
      id: String(row.id),
      createdAt: row.created_at.getTime(),
      kind: row.kind,
      reference: row.reference,
      account: row.own_kind,
      counterparty: row.other_kind,
      amount: formatMinorUnits(BigInt(row.delta)),
      balanceAfter: row.balance_after === null ? null : formatMinorUnits(BigInt(row.balance_after)),
      note: row.reason,
    })),
    total: Number(count.rows[0]?.total ?? 0),
  };
}
