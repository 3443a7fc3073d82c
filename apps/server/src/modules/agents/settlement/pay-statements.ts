import type { AgentContractKind } from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { LedgerError } from '../../ledger/index.ts';
import { findMerchant } from '../../merchant/index.ts';
import { advancedNote, listDebtors, postStatementPayment } from './carried-debt.ts';

/** Statements paid per transaction: one commit for many postings (the benchmark's 2,000 in 20). */
export const statementsPerTransaction = 100;

/** Batches of a level in flight at once (connections of the pool the job takes). */
export const concurrentBatches = 3;

interface UnpaidStatement {
  id: bigint;
  contract_id: bigint;
  holder_id: bigint;
  payer_id: bigint | null;
  depth: unknown;
}

/** The statements by the holder's depth, top first, each level sorted by payer (the merchant first), then id. */
function levelsOf(statements: UnpaidStatement[]): UnpaidStatement[][] {
  const levels = new Map<number, UnpaidStatement[]>();
  for (const statement of statements) {
    const depth = Number(statement.depth);
    const level = levels.get(depth);
    if (level) level.push(statement);
    else levels.set(depth, [statement]);
  }
  const order = (a: bigint | null, b: bigint | null) =>
    a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
  return [...levels.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, level]) => level.sort((a, b) => order(a.payer_id, b.payer_id) || order(a.id, b.id)));
}

/**
 * Pays a day's unpaid daily salary statements top down (the merchant's own first, then by the
 * holder's depth, one depth after the other), `statementsPerTransaction` at a time and
 * `concurrentBatches` batches of a depth at once: each batch locks its statements (in id order,
 * so two runs never deadlock on them), posts one ledger posting per statement (idempotency key
 * `daily_salary:<contract>:<day>`) and marks them paid, in one transaction. A run killed mid-batch
 * rolls the whole batch back; a run killed after the commit finds the batch paid. Either way each
 * statement is paid once. Within a batch the order still holds (an upline is credited before it pays
 * its downlines). When anything in a batch fails (a payer's wallet does not cover a statement, a
 * deadlock with other money movements), the batch is rolled back and its statements are paid one
 * transaction each, where a short wallet leaves just that statement P with the note `upline.short`.
 *
 * Under the merchant rule `agentSettlement.shortfall: 'advance'` a short wallet pays what it holds and
 * the house the rest (the statement is paid, note `upline.advanced`, the payer carries the debt); and
 * every payment to a holder that owes such a debt gives it back first (carried-debt.ts).
 */
export function payDailySalaryStatements(
  db: Kysely<Database>,
  run: { merchantId: number; day: string; nowMs: number },
): Promise<{ paid: number; waiting: number }> {
  return payStatementsInBatches(db, {
    merchantId: run.merchantId,
    kind: 'daily_salary',
    periodKey: run.day,
    ledgerKind: 'agent.daily_salary',
    nowMs: run.nowMs,
  });
}

/**
 * The same for a period's statements of any kind (key `<kind>:<contract>:<period>`, ledger kind
 * `ledgerKind`): what pay-period-statements.ts does one transaction per statement, in batches.
 */
export async function payStatementsInBatches(
  db: Kysely<Database>,
  run: { merchantId: number; kind: AgentContractKind; periodKey: string; ledgerKind: string; nowMs: number },
  batchSize = statementsPerTransaction,
): Promise<{ paid: number; waiting: number }> {
  const unpaid: UnpaidStatement[] = await db
    .selectFrom('agent_settlement as s')
    .innerJoin('member_hierarchy as h', (join) =>
      join.onRef('h.descendant_id', '=', 's.holder_id').onRef('h.merchant_id', '=', 's.merchant_id'),
    )
    .select(['s.id', 's.contract_id', 's.holder_id', 's.payer_id'])
    .select((eb) => eb.fn.max('h.depth').as('depth'))
    .where('s.merchant_id', '=', run.merchantId)
    .where('s.kind', '=', run.kind)
    .where('s.period_key', '=', run.periodKey)
    .where('s.status', '=', 'P')
    .groupBy(['s.id', 's.contract_id', 's.holder_id', 's.payer_id'])
    .orderBy('depth')
    .orderBy('s.id')
    .execute();
  if (unpaid.length === 0) return { paid: 0, waiting: 0 };
  const { currency, config } = (await findMerchant(db, { id: run.merchantId }))!;
  const pay: Pay = async (trx, statement, grossMinor, mayOweDebt) => {
    if (grossMinor <= 0n) return false;
    const paid = await postStatementPayment(trx, {
      merchantId: run.merchantId,
      currency,
      statement,
      amountMinor: grossMinor,
      ledgerKind: run.ledgerKind,
      key: `${run.kind}:${statement.contract_id}:${run.periodKey}`,
      shortfall: config.agentSettlement.shortfall,
      mayOweDebt,
      nowMs: run.nowMs,
    });
    return paid.advancedMinor > 0n;
  };

  let paid = 0;
  let waiting = 0;
  const payBatch = async (batch: UnpaidStatement[]) => {
    try {
      // Awaited first, then added: batches run side by side.
      const done = await db.transaction().execute(async (trx) => {
        // The amounts as they are now: an operator's re-run may have changed one since the list was read.
        const locked = await trx
          .selectFrom('agent_settlement')
          .select(['id', 'status', 'gross_minor'])
          .where(
            'id',
            'in',
            batch.map((statement) => statement.id),
          )
          .orderBy('id')
          .forUpdate()
          .execute();
        const current = new Map(locked.map((row) => [row.id, row]));
        // One read for the batch: only holders owing a carried debt are looked up (and locked) one by one.
        const debtors = await listDebtors(
          trx,
          batch.map((statement) => statement.holder_id),
        );
        const paidIds: bigint[] = [];
        const advancedIds: bigint[] = [];
        for (const statement of batch) {
          const row = current.get(statement.id);
          if (row?.status !== 'P') continue;
          if (await pay(trx, statement, row.gross_minor, debtors.has(statement.holder_id)))
            advancedIds.push(statement.id);
          else paidIds.push(statement.id);
        }
        for (const [ids, note] of [
          [paidIds, null],
          [advancedIds, advancedNote],
        ] as const)
          if (ids.length > 0)
            await trx
              .updateTable('agent_settlement')
              .set({ status: 'A', paid_at: new Date(run.nowMs), note })
              .where('id', 'in', ids)
              .execute();
        return paidIds.length + advancedIds.length;
      });
      paid += done;
    } catch {
      // One transaction per statement for this batch: the failure is found again, alone.
      for (const statement of batch) {
        const result = await payOne(db, run, statement, pay, config.agentSettlement.shortfall === 'advance' ? 3 : 1);
        if (result === 'paid') paid += 1;
        if (result === 'waiting') waiting += 1;
      }
    }
  };
  // Level by level (every payer is credited before it pays); within a level, batches run
  // `concurrentBatches` at a time. A level's batches are cut from its statements sorted by payer, so
  // batches run side by side touch different wallets (only a payer with more downlines than a batch
  // spans two, which then take turns on its row, always in the same order: no deadlock).
  for (const level of levelsOf(unpaid)) {
    const batches: UnpaidStatement[][] = [];
    for (let start = 0; start < level.length; start += batchSize) batches.push(level.slice(start, start + batchSize));
    let next = 0;
    const worker = async () => {
      while (next < batches.length) await payBatch(batches[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(concurrentBatches, batches.length) }, worker));
  }
  return { paid, waiting };
}

/** Pays one statement in the caller's transaction; true when the house advanced part of it. */
type Pay = (
  trx: Transaction<Database>,
  statement: UnpaidStatement,
  grossMinor: bigint,
  mayOweDebt: boolean,
) => Promise<boolean>;

/**
 * Pays one statement in a transaction of its own. `attempts` > 1 under `advance`, where a payer's
 * wallet spent between its read and the posting makes the posting refuse: the next try reads it again.
 * Under `wait` one refusal is the answer: the statement waits for the operator.
 */
async function payOne(
  db: Kysely<Database>,
  run: { nowMs: number },
  statement: UnpaidStatement,
  pay: Pay,
  attempts: number,
): Promise<'paid' | 'waiting' | 'done'> {
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        const locked = await trx
          .selectFrom('agent_settlement')
          .select(['status', 'gross_minor'])
          .where('id', '=', statement.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (locked.status !== 'P') return 'done' as const;
        const advanced = await pay(trx, statement, locked.gross_minor, true);
        await trx
          .updateTable('agent_settlement')
          .set({ status: 'A', paid_at: new Date(run.nowMs), note: advanced ? advancedNote : null })
          .where('id', '=', statement.id)
          .execute();
        return 'paid' as const;
      });
    } catch (error) {
      if (!(error instanceof LedgerError) || error.code !== 'ledger.insufficient.funds') throw error;
    }
  }
  await db
    .updateTable('agent_settlement')
    .set({ note: 'upline.short' })
    .where('id', '=', statement.id)
    .where('status', '=', 'P')
    .execute();
  return 'waiting';
}
