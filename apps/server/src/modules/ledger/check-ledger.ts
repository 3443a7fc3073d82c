import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface AccountDifference {
  accountId: bigint;
  merchantId: number;
  currency: string;
  kind: string;
  memberId: bigint | null;
  /** What the row says (0 for house accounts, which store nothing). */
  stored: bigint;
  /** Credits minus debits over every transfer. */
  derived: bigint;
}

export interface CurrencyTotal {
  merchantId: number;
  currency: string;
  /** Member balances as stored plus house balances as derived: zero when the books balance. */
  total: bigint;
}

export interface LedgerReport {
  accounts: number;
  memberAccounts: number;
  transfers: number;
  postings: number;
  /** Member accounts whose stored balance is not credits - debits, or is below zero. */
  differences: AccountDifference[];
  currencies: CurrencyTotal[];
  /** Postings with no transfer (a partial write would show here). */
  emptyPostings: number;
  ok: boolean;
}

/**
 * Verifies the books from scratch (for `npm run ledger:check` and the operator's call): for every
 * member account, stored balance = credits - debits and not below zero; for every merchant and
 * currency, stored member balances plus derived house balances sum to zero; every posting has its
 * transfers. Reads everything once in a REPEATABLE READ snapshot so a running system can be checked.
 */
export async function checkLedger(db: Kysely<Database>, options: { merchantId?: number } = {}): Promise<LedgerReport> {
  // One merchant's books (an operator's check) or all of them (the command). Transfers never cross
  // merchants (composite foreign keys), so one merchant's accounts balance on their own.
  const accountFilter = options.merchantId === undefined ? sql`` : sql`WHERE a.merchant_id = ${options.merchantId}`;
  const transferFilter = options.merchantId === undefined ? sql`` : sql`WHERE merchant_id = ${options.merchantId}`;
  const postingFilter = options.merchantId === undefined ? sql`` : sql`AND p.merchant_id = ${options.merchantId}`;
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const accounts = await sql<{
        id: bigint;
        merchant_id: number;
        currency: string;
        kind: string;
        member_id: bigint | null;
        balance: bigint;
        derived: bigint;
      }>`
        WITH movement AS (
          SELECT credit_account_id AS account_id, amount FROM ledger_transfer ${transferFilter}
          UNION ALL
          SELECT debit_account_id, -amount FROM ledger_transfer ${transferFilter}
        ), derived AS (
          SELECT account_id, sum(amount)::bigint AS derived FROM movement GROUP BY account_id
        )
        SELECT a.id, a.merchant_id, a.currency, a.kind, a.member_id, a.balance, coalesce(d.derived, 0)::bigint AS derived
        FROM ledger_account a LEFT JOIN derived d ON d.account_id = a.id
        ${accountFilter}
        ORDER BY a.id`.execute(trx);
      const counts = await sql<{ transfers: bigint; postings: bigint; empty_postings: bigint }>`
        SELECT (SELECT count(*) FROM ledger_transfer ${transferFilter}) AS transfers,
               (SELECT count(*) FROM ledger_posting p WHERE true ${postingFilter}) AS postings,
               (SELECT count(*) FROM ledger_posting p WHERE NOT EXISTS (SELECT 1 FROM ledger_transfer t WHERE t.posting_id = p.id) ${postingFilter}) AS empty_postings`.execute(
        trx,
      );

      const differences: AccountDifference[] = [];
      const totals = new Map<string, CurrencyTotal>();
      let memberAccounts = 0;
      for (const row of accounts.rows) {
        const isMember = row.member_id !== null;
        const stored = BigInt(row.balance);
        const derived = BigInt(row.derived);
        if (isMember) memberAccounts += 1;
        if ((isMember && (stored !== derived || stored < 0n)) || (!isMember && stored !== 0n)) {
          differences.push({
            accountId: row.id,
            merchantId: row.merchant_id,
            currency: row.currency,
            kind: row.kind,
            memberId: row.member_id,
            stored,
            derived,
          });
        }
        const key = `${row.merchant_id}:${row.currency}`;
        const total = totals.get(key) ?? { merchantId: row.merchant_id, currency: row.currency, total: 0n };
        total.total += isMember ? stored : derived;
        totals.set(key, total);
      }
      const count = counts.rows[0]!;
      const currencies = [...totals.values()];
      const emptyPostings = Number(count.empty_postings);
      return {
        accounts: accounts.rows.length,
        memberAccounts,
        transfers: Number(count.transfers),
        postings: Number(count.postings),
        differences,
        currencies,
        emptyPostings,
        ok: differences.length === 0 && currencies.every((currency) => currency.total === 0n) && emptyPostings === 0,
      };
    });
}
