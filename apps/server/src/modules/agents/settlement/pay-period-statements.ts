import type { AgentContractKind } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { LedgerError, postTransfers } from '../../ledger/index.ts';
import { findMerchant } from '../../merchant/index.ts';

/**
 * Pays a period's unpaid statements of one kind top down (the merchant's own contracts first, then by
 * the holder's depth, so an agent has received its own before it pays its downlines), each in its own
 * transaction with its ledger posting: from `house_agent_pay` for the merchant's contracts, from the
 * upline's main wallet otherwise. The posting's idempotency key is `<kind>:<contract>:<period>`, so a run
 * killed between the posting and the status and run again replays the posting instead of paying twice.
 * A statement the upline's wallet does not cover stays P with the note `upline.short` (the operator decides).
 */
export async function payPeriodStatements(
  db: Kysely<Database>,
  run: { merchantId: number; kind: AgentContractKind; periodKey: string; ledgerKind: string; nowMs: number },
): Promise<{ paid: number; waiting: number }> {
  const unpaid = await db
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
  const { currency } = (await findMerchant(db, { id: run.merchantId }))!;
  let paid = 0;
  let waiting = 0;
  for (const statement of unpaid) {
    try {
      const done = await db.transaction().execute(async (trx) => {
        // Under the row lock, as it is now: another run may have paid it, an operator changed it.
        const locked = await trx
          .selectFrom('agent_settlement')
          .select(['status', 'gross_minor'])
          .where('id', '=', statement.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (locked.status !== 'P') return false;
        if (locked.gross_minor > 0n)
          await postTransfers(trx, {
            merchantId: run.merchantId,
            currency,
            idempotency: {
              source: 'agent-settlement',
              key: `${run.kind}:${statement.contract_id}:${run.periodKey}`,
            },
            transfers: [
              {
                debit:
                  statement.payer_id === null
                    ? { kind: 'house_agent_pay' }
                    : { kind: 'member_main', memberId: statement.payer_id },
                credit: { kind: 'member_main', memberId: statement.holder_id },
                amount: locked.gross_minor,
                kind: run.ledgerKind,
                reference: `agent_settlement:${statement.id}`,
              },
            ],
            nowMs: run.nowMs,
          });
        await trx
          .updateTable('agent_settlement')
          .set({ status: 'A', paid_at: new Date(run.nowMs), note: null })
          .where('id', '=', statement.id)
          .execute();
        return true;
      });
      if (done) paid += 1;
    } catch (error) {
      if (!(error instanceof LedgerError) || error.code !== 'ledger.insufficient.funds') throw error;
      await db
        .updateTable('agent_settlement')
        .set({ note: 'upline.short' })
        .where('id', '=', statement.id)
        .where('status', '=', 'P')
        .execute();
      waiting += 1;
    }
  }
  return { paid, waiting };
}
