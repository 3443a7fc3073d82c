import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccountKind, MemberAccountKind } from './ledger.tables.ts';

/**
 * The ledger's reads for other modules: one transfer, a member's transfers page by page, member
 * balances of many members at once, and the sum of deposits into a main wallet. Read only; money
 * moves only through postTransfers.
 */

type Executor = Kysely<Database> | Transaction<Database>;

export interface MemberScope {
  merchantId: number;
  memberId: bigint;
  currency: string;
}

/** A transfer's id and the member sides' balances right after it (null on a house side). */
export interface TransferBalances {
  id: bigint;
  debitBalanceAfter: bigint | null;
  creditBalanceAfter: bigint | null;
}

/** One transfer by id (pass the transaction that posted it to read it before commit); throws when missing. */
export async function getTransferBalances(db: Executor, transferId: bigint): Promise<TransferBalances> {
  const row = await db
    .selectFrom('ledger_transfer')
    .select(['id', 'debit_balance_after', 'credit_balance_after'])
    .where('id', '=', transferId)
    .executeTakeFirstOrThrow();
  return { id: row.id, debitBalanceAfter: row.debit_balance_after, creditBalanceAfter: row.credit_balance_after };
}

/** One side of a transfer as the member sees it: + on an account of theirs credited, - debited. */
export interface MemberTransferSide {
  transferId: bigint;
  createdAt: Date;
  kind: string;
  reference: string;
  deltaMinor: bigint;
  /** The member account's balance right after the transfer. */
  balanceAfterMinor: bigint | null;
  account: AccountKind;
  counterparty: AccountKind;
}

/**
 * Every transfer touching one of the member's accounts in the currency, newest first, one line per
 * side that is theirs (a withdrawal hold shows as -main and +held), with the total number of lines.
 * Three statements: the member's account ids, then the page and the count together.
 */
export async function listAccountTransfers(
  db: Executor,
  scope: MemberScope,
  query: { page: number; pageSize: number; kind?: string | undefined },
): Promise<{ sides: MemberTransferSide[]; total: number }> {
  const accounts = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('merchant_id', '=', scope.merchantId)
    .where('member_id', '=', scope.memberId)
    .where('currency', '=', scope.currency)
    .execute();
  const ids = accounts.map((account) => account.id);
  if (ids.length === 0) return { sides: [], total: 0 };
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
      own_kind: AccountKind;
      other_kind: AccountKind;
    }>`
      SELECT s.id, s.created_at, s.kind, s.reference, s.delta, s.balance_after, own.kind AS own_kind, other.kind AS other_kind
        FROM (${sides}) s
        JOIN ledger_account own ON own.id = s.own_account_id
        JOIN ledger_account other ON other.id = s.other_account_id
       ORDER BY s.id DESC, s.side
       LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM (${sides}) s`.execute(db),
  ]);
  return {
    sides: rows.rows.map((row) => ({
      transferId: row.id,
      createdAt: row.created_at,
      kind: row.kind,
      reference: row.reference,
      deltaMinor: BigInt(row.delta),
      balanceAfterMinor: row.balance_after === null ? null : BigInt(row.balance_after),
      account: row.own_kind,
      counterparty: row.other_kind,
    })),
    total: Number(count.rows[0]?.total ?? 0),
  };
}

/**
 * The accounts of several members in one currency with their balances, by member id, in one query
 * (for a page of a member list; members whose accounts were never used are absent).
 */
export async function listMembersAccounts(
  db: Executor,
  merchantId: number,
  memberIds: readonly bigint[],
  currency: string,
): Promise<Map<bigint, Array<{ kind: MemberAccountKind; subKey: string; balance: bigint }>>> {
  const byMember = new Map<bigint, Array<{ kind: MemberAccountKind; subKey: string; balance: bigint }>>();
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .selectFrom('ledger_account')
    .select(['member_id', 'kind', 'sub_key', 'balance'])
    .where('merchant_id', '=', merchantId)
    .where('member_id', 'in', [...memberIds])
    .where('currency', '=', currency)
    .orderBy('member_id')
    .orderBy('kind')
    .orderBy('sub_key')
    .execute();
  for (const row of rows) {
    const accounts = byMember.get(row.member_id!) ?? [];
    accounts.push({ kind: row.kind as MemberAccountKind, subKey: row.sub_key, balance: row.balance });
    byMember.set(row.member_id!, accounts);
  }
  return byMember;
}

/**
 * Every deposit into the member's main wallet so far, summed: the transfers from a
 * `house_deposit_clearing` account into their `member_main`, whichever channel made them (the
 * `ledger_transfer_credit_idx` prefix). One query; pass the caller's transaction to read under its lock.
 */
export async function sumDepositsToMain(db: Executor, scope: MemberScope): Promise<bigint> {
  const result = await sql<{ total: bigint | null }>`
    SELECT sum(t.amount)::int8 AS total
    FROM ledger_account main
    JOIN ledger_transfer t ON t.credit_account_id = main.id
    JOIN ledger_account source ON source.id = t.debit_account_id AND source.kind = 'house_deposit_clearing'
    WHERE main.merchant_id = ${scope.merchantId} AND main.member_id = ${scope.memberId} AND main.currency = ${scope.currency} AND main.kind = 'member_main'
  `.execute(db);
  return result.rows[0]?.total ?? 0n;
}
