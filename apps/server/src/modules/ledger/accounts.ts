import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { LedgerError } from './ledger-error.ts';
import {
  memberAccountKinds,
  type AccountKind,
  type HouseAccountKind,
  type MemberAccountKind,
} from './ledger.tables.ts';

/** An account named by what it is, not by its row id: rows are created on first use. */
export type MemberAccountRef = { kind: MemberAccountKind; memberId: bigint; subKey?: string };
export type HouseAccountRef = { kind: HouseAccountKind; subKey?: string };
export type AccountRef = MemberAccountRef | HouseAccountRef;

const memberKinds: ReadonlySet<string> = new Set(memberAccountKinds);

export function isMemberKind(kind: AccountKind): kind is MemberAccountKind {
  return memberKinds.has(kind);
}

/** A stable text form of an account's identity (for hashing requests and keying maps). */
export function accountKey(account: AccountRef): string {
  const memberId = 'memberId' in account ? String(account.memberId) : '';
  return `${account.kind}:${memberId}:${account.subKey ?? ''}`;
}

export interface ResolvedAccount {
  id: bigint;
  kind: AccountKind;
  memberId: bigint | null;
  subKey: string;
}

/**
 * The rows of these accounts in one merchant and currency, created when missing. Existing rows are
 * read first, so the usual case is one query and no sequence value is burned; missing ones are
 * inserted with ON CONFLICT DO NOTHING (a concurrent first use is harmless) and read again.
 */
export async function resolveAccounts(
  db: Kysely<Database>,
  merchantId: number,
  currency: string,
  accounts: readonly AccountRef[],
): Promise<Map<string, ResolvedAccount>> {
  const wanted = new Map(accounts.map((account) => [accountKey(account), account]));
  const found = new Map<string, ResolvedAccount>();
  const read = async (refs: AccountRef[]) => {
    const rows = await db
      .selectFrom('ledger_account')
      .select(['id', 'kind', 'member_id', 'sub_key'])
      .where('merchant_id', '=', merchantId)
      .where('currency', '=', currency)
      .where((eb) =>
        eb.or(
          refs.map((ref) =>
            eb.and([
              eb('kind', '=', ref.kind),
              'memberId' in ref ? eb('member_id', '=', ref.memberId) : eb('member_id', 'is', null),
              eb('sub_key', '=', ref.subKey ?? ''),
            ]),
          ),
        ),
      )
      .execute();
    for (const row of rows) {
      found.set(`${row.kind}:${row.member_id ?? ''}:${row.sub_key}`, {
        id: row.id,
        kind: row.kind,
        memberId: row.member_id,
        subKey: row.sub_key,
      });
    }
  };

  await read([...wanted.values()]);
  const missing = [...wanted.entries()].filter(([key]) => !found.has(key)).map(([, account]) => account);
  if (missing.length > 0) {
    try {
      await db
        .insertInto('ledger_account')
        .values(
          missing.map((account) => ({
            merchant_id: merchantId,
            currency,
            kind: account.kind,
            member_id: 'memberId' in account ? account.memberId : null,
            sub_key: account.subKey ?? '',
          })),
        )
        .onConflict((oc) => oc.constraint('ledger_account_identity_key').doNothing())
        .execute();
    } catch (error) {
      // The composite foreign key (member_id, merchant_id): the member is not this merchant's.
      if ((error as { code?: string }).code === '23503') {
        throw new LedgerError('ledger.account.invalid', 'an account names a member of another merchant or no member');
      }
      throw error;
    }
    await read(missing);
  }
  return found;
}

/** A member's accounts in one currency with their balances (accounts never used are absent). */
export async function listMemberAccounts(
  db: Kysely<Database>,
  merchantId: number,
  memberId: bigint,
  currency: string,
): Promise<Array<{ kind: MemberAccountKind; subKey: string; balance: bigint }>> {
  const rows = await db
    .selectFrom('ledger_account')
    .select(['kind', 'sub_key', 'balance'])
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('currency', '=', currency)
    .orderBy('kind')
    .orderBy('sub_key')
    .execute();
  return rows.map((row) => ({ kind: row.kind as MemberAccountKind, subKey: row.sub_key, balance: row.balance }));
}

/** The balance of one member account; 0 when it was never used. */
export async function memberBalance(
  db: Kysely<Database>,
  merchantId: number,
  currency: string,
  account: MemberAccountRef,
): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('merchant_id', '=', merchantId)
    .where('currency', '=', currency)
    .where('kind', '=', account.kind)
    .where('member_id', '=', account.memberId)
    .where('sub_key', '=', account.subKey ?? '')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

/**
 * A member account's balance with its row locked until the caller's transaction ends: nothing spends
 * between this read and a posting that takes back at most this much (a lottery result's correction).
 */
export async function lockedMemberBalance(
  trx: Transaction<Database>,
  merchantId: number,
  currency: string,
  account: MemberAccountRef,
): Promise<bigint> {
  const row = await trx
    .selectFrom('ledger_account')
    .select('balance')
    .where('merchant_id', '=', merchantId)
    .where('currency', '=', currency)
    .where('kind', '=', account.kind)
    .where('member_id', '=', account.memberId)
    .where('sub_key', '=', account.subKey ?? '')
    .forUpdate()
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

/** For tests and the checker: a house account's balance, derived from its transfers. */
export async function derivedBalance(db: Kysely<Database>, accountId: bigint): Promise<bigint> {
  const row = await sql<{ balance: bigint | null }>`
    SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_transfer WHERE credit_account_id = ${accountId})
         - (SELECT coalesce(sum(amount), 0) FROM ledger_transfer WHERE debit_account_id = ${accountId}) AS balance`.execute(
    db,
  );
  return BigInt(row.rows[0]?.balance ?? 0n);
}
