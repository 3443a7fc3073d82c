import type { AgentSettlementShortfallRule } from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { memberBalance, postTransfers, type AccountRef, type TransferRequest } from '../../ledger/index.ts';

/**
 * Carried debt (README "Carried debt", migration 0059): the merchant rule `agentSettlement.shortfall:
 * 'advance'`. An upline's wallet may never go below zero (ledger invariant 3), so when it does not hold
 * a downline's statement the house account `house_agent_pay` pays the missing part, in the statement's
 * own posting, and the upline owes it (`agent_settlement_debt`). Every later settlement payment to that
 * upline, of any kind and whoever makes it (job, claim, operator), first gives back what it still owes,
 * oldest debt first, in that payment's own posting (debtor → `house_agent_pay`, kind
 * `agent.debt_recovery`) and transaction: the payment's idempotency key makes the recovery happen once.
 */

export const advancedNote = 'upline.advanced';
export const debtRecoveryLedgerKind = 'agent.debt_recovery';

/** A posting holds at most 20 transfers: the payment, the advance, and up to this many recoveries. */
const maxRecoveriesPerPayment = 18;

const house: AccountRef = { kind: 'house_agent_pay' };
const mainOf = (memberId: bigint): AccountRef => ({ kind: 'member_main', memberId });

export interface StatementPayment {
  merchantId: number;
  currency: string;
  statement: { id: bigint; holder_id: bigint; payer_id: bigint | null };
  /** What the holder receives now (> 0). */
  amountMinor: bigint;
  ledgerKind: string;
  /** The posting's idempotency key (source `agent-settlement`). */
  key: string;
  /**
   * `advance`: the payer's wallet short of `amountMinor` pays what it holds and `house_agent_pay` the
   * rest, recorded as the payer's debt. `wait` (or a payment that is not the statement's own, such as
   * an operator's adjustment): a short wallet throws `ledger.insufficient.funds`, as without this rule.
   */
  shortfall: AgentSettlementShortfallRule;
  /** False when the caller knows the holder owes nothing (one read for a whole batch): skips the lookup. */
  mayOweDebt?: boolean;
  nowMs: number;
}

export interface PaidStatement {
  postingId: bigint;
  /** What the house paid in the payer's place (0: the payer paid it all). */
  advancedMinor: bigint;
  /** What this payment gave back of the holder's own carried debts. */
  recoveredMinor: bigint;
}

/** Which of these members owe anything now (one read; a batch then looks up only those). */
export async function listDebtors(db: Kysely<Database>, memberIds: readonly bigint[]): Promise<Set<bigint>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('agent_settlement_debt')
    .select('debtor_id')
    .distinct()
    .where('debtor_id', 'in', [...new Set(memberIds)])
    .where('recovered_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.debtor_id));
}

/**
 * Posts one statement's payment (payer or house → holder) with the holder's recoveries and, by the
 * rule, the payer's advance, in the caller's transaction, and records both. A replayed posting (its key
 * already committed, with the same request) records nothing again: the first call recorded it.
 */
export async function postStatementPayment(
  trx: Transaction<Database>,
  payment: StatementPayment,
): Promise<PaidStatement> {
  const { statement, amountMinor } = payment;
  // The holder's outstanding debts under lock (oldest first), so two payments to it never recover one twice.
  const owed =
    payment.mayOweDebt === false
      ? []
      : await trx
          .selectFrom('agent_settlement_debt')
          .select(['id', 'amount_minor', 'recovered_minor'])
          .where('debtor_id', '=', statement.holder_id)
          .where('recovered_at', 'is', null)
          .orderBy('id')
          .limit(maxRecoveriesPerPayment)
          .forUpdate()
          .execute();
  const recoveries: Array<{ debtId: bigint; amountMinor: bigint }> = [];
  let left = amountMinor;
  for (const debt of owed) {
    if (left === 0n) break;
    const take = min(debt.amount_minor - debt.recovered_minor, left);
    recoveries.push({ debtId: debt.id, amountMinor: take });
    left -= take;
  }

  let fromPayerMinor = amountMinor;
  if (payment.shortfall === 'advance' && statement.payer_id !== null) {
    // Read, not locked: if the wallet is spent before the posting, the posting refuses and the caller
    // retries (a fresh read then); a wallet never goes below zero either way.
    const balance = await memberBalance(trx, payment.merchantId, payment.currency, {
      memberId: statement.payer_id,
      kind: 'member_main',
    });
    fromPayerMinor = min(balance, amountMinor);
  }
  const advancedMinor = amountMinor - fromPayerMinor;
  const reference = `agent_settlement:${statement.id}`;
  const holder = mainOf(statement.holder_id);
  const transfers: TransferRequest[] = [];
  if (fromPayerMinor > 0n)
    transfers.push({
      debit: statement.payer_id === null ? house : mainOf(statement.payer_id),
      credit: holder,
      amount: fromPayerMinor,
      kind: payment.ledgerKind,
      reference,
    });
  if (advancedMinor > 0n)
    transfers.push({ debit: house, credit: holder, amount: advancedMinor, kind: payment.ledgerKind, reference });
  for (const recovery of recoveries)
    transfers.push({
      debit: holder,
      credit: house,
      amount: recovery.amountMinor,
      kind: debtRecoveryLedgerKind,
      reference: `agent_settlement_debt:${recovery.debtId}`,
    });

  const posting = await postTransfers(trx, {
    merchantId: payment.merchantId,
    currency: payment.currency,
    idempotency: { source: 'agent-settlement', key: payment.key },
    transfers,
    nowMs: payment.nowMs,
  });
  const recoveredMinor = recoveries.reduce((total, recovery) => total + recovery.amountMinor, 0n);
  if (posting.replayed) return { postingId: posting.postingId, advancedMinor, recoveredMinor };

  const now = new Date(payment.nowMs);
  if (advancedMinor > 0n)
    await trx
      .insertInto('agent_settlement_debt')
      .values({
        merchant_id: payment.merchantId,
        settlement_id: statement.id,
        debtor_id: statement.payer_id!,
        amount_minor: advancedMinor,
        posting_id: posting.postingId,
        created_at: now,
        recovered_at: null,
      })
      .execute();
  for (const recovery of recoveries) {
    await trx
      .insertInto('agent_settlement_debt_recovery')
      .values({
        merchant_id: payment.merchantId,
        debt_id: recovery.debtId,
        settlement_id: statement.id,
        amount_minor: recovery.amountMinor,
        posting_id: posting.postingId,
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('agent_settlement_debt')
      .set({
        recovered_minor: sql<bigint>`recovered_minor + ${recovery.amountMinor}`,
        recovered_at: sql<Date | null>`CASE WHEN recovered_minor + ${recovery.amountMinor} = amount_minor THEN ${now}::timestamptz END`,
      })
      .where('id', '=', recovery.debtId)
      .execute();
  }
  return { postingId: posting.postingId, advancedMinor, recoveredMinor };
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * Money taken back from a statement's holder (an operator's adjust down, a re-run's lower amount): what
 * the house advanced of this statement and its payer still owes goes back to the house first, and that
 * much of the payer's debt is settled by it (a recovery row of the statement itself; a statement's own
 * payment never recovers its own debt, which is the payer's, so such a row is this case only); the rest
 * goes back to the payer's wallet. One posting, under the caller's key, in the caller's transaction.
 */
export async function postStatementTakeBack(
  trx: Transaction<Database>,
  takeBack: {
    merchantId: number;
    currency: string;
    statement: StatementPayment['statement'];
    /** What the holder gives back (> 0). */
    amountMinor: bigint;
    ledgerKind: string;
    key: string;
    nowMs: number;
  },
): Promise<{ postingId: bigint; toHouseMinor: bigint }> {
  const { statement } = takeBack;
  const holder = mainOf(statement.holder_id);
  const payer = statement.payer_id === null ? house : mainOf(statement.payer_id);
  const debt =
    statement.payer_id === null
      ? undefined
      : await trx
          .selectFrom('agent_settlement_debt')
          .select(['id', 'amount_minor', 'recovered_minor'])
          .where('settlement_id', '=', statement.id)
          .forUpdate()
          .executeTakeFirst();
  const toHouseMinor = debt ? min(debt.amount_minor - debt.recovered_minor, takeBack.amountMinor) : 0n;
  const toPayerMinor = takeBack.amountMinor - toHouseMinor;
  const posting = await postTransfers(trx, {
    merchantId: takeBack.merchantId,
    currency: takeBack.currency,
    idempotency: { source: 'agent-settlement', key: takeBack.key },
    transfers: [
      ...(toHouseMinor > 0n
        ? [
            {
              debit: holder,
              credit: house,
              amount: toHouseMinor,
              kind: takeBack.ledgerKind,
              reference: `agent_settlement_debt:${debt!.id}`,
            },
          ]
        : []),
      ...(toPayerMinor > 0n
        ? [
            {
              debit: holder,
              credit: payer,
              amount: toPayerMinor,
              kind: takeBack.ledgerKind,
              reference: `agent_settlement:${statement.id}`,
            },
          ]
        : []),
    ],
    nowMs: takeBack.nowMs,
  });
  if (toHouseMinor > 0n && !posting.replayed) {
    const now = new Date(takeBack.nowMs);
    await trx
      .insertInto('agent_settlement_debt_recovery')
      .values({
        merchant_id: takeBack.merchantId,
        debt_id: debt!.id,
        settlement_id: statement.id,
        amount_minor: toHouseMinor,
        posting_id: posting.postingId,
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('agent_settlement_debt')
      .set({
        recovered_minor: sql<bigint>`recovered_minor + ${toHouseMinor}`,
        recovered_at: sql<Date | null>`CASE WHEN recovered_minor + ${toHouseMinor} = amount_minor THEN ${now}::timestamptz END`,
      })
      .where('id', '=', debt!.id)
      .execute();
  }
  return { postingId: posting.postingId, toHouseMinor };
}

/** What a member owes now: the sum of its outstanding carried debts (0 when none). */
export async function carriedDebtOf(db: Kysely<Database>, memberId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('agent_settlement_debt')
    .select(sql<string | null>`sum(amount_minor - recovered_minor)`.as('owed'))
    .where('debtor_id', '=', memberId)
    .where('recovered_at', 'is', null)
    .executeTakeFirstOrThrow();
  return BigInt(row.owed ?? 0);
}

/** Per member, what each owes now (members owing nothing are left out). */
export async function carriedDebtsOf(db: Kysely<Database>, memberIds: readonly bigint[]): Promise<Map<bigint, bigint>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('agent_settlement_debt')
    .select(['debtor_id', sql<string>`sum(amount_minor - recovered_minor)`.as('owed')])
    .where('debtor_id', 'in', [...new Set(memberIds)])
    .where('recovered_at', 'is', null)
    .groupBy('debtor_id')
    .execute();
  return new Map(rows.map((row) => [row.debtor_id, BigInt(row.owed)]));
}

/** Per statement: what the house advanced of it, and what its payment recovered of the holder's debts. */
export async function debtLinesOf(
  db: Kysely<Database>,
  settlementIds: readonly bigint[],
): Promise<Map<bigint, { advancedMinor: bigint; recoveredMinor: bigint }>> {
  const lines = new Map<bigint, { advancedMinor: bigint; recoveredMinor: bigint }>();
  if (settlementIds.length === 0) return lines;
  const ids = [...new Set(settlementIds)];
  const [advances, recoveries] = await Promise.all([
    db
      .selectFrom('agent_settlement_debt')
      .select(['settlement_id', 'amount_minor'])
      .where('settlement_id', 'in', ids)
      .execute(),
    // What each statement's payments recovered of its holder's debts; a take-back of the statement's own
    // advance (postStatementTakeBack) settles its payer's debt and is not the holder's recovery.
    db
      .selectFrom('agent_settlement_debt_recovery as r')
      .innerJoin('agent_settlement_debt as d', 'd.id', 'r.debt_id')
      .select(['r.settlement_id', sql<string>`sum(r.amount_minor)`.as('recovered')])
      .where('r.settlement_id', 'in', ids)
      .whereRef('d.settlement_id', '<>', 'r.settlement_id')
      .groupBy('r.settlement_id')
      .execute(),
  ]);
  const lineOf = (id: bigint) => {
    let line = lines.get(id);
    if (!line) lines.set(id, (line = { advancedMinor: 0n, recoveredMinor: 0n }));
    return line;
  };
  for (const row of advances) lineOf(row.settlement_id).advancedMinor = row.amount_minor;
  for (const row of recoveries) lineOf(row.settlement_id).recoveredMinor = BigInt(row.recovered);
  return lines;
}
