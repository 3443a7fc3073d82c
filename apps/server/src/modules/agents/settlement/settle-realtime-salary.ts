import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { settledRoundsOf } from '../../bet-records/index.ts';
import { findMerchant, listMerchantIds } from '../../merchant/index.ts';
import { termsOf } from '../contracts/contract-flow.ts';
import { shareOf } from './contract-math.ts';
import { payStatementsInBatches } from './pay-statements.ts';
import type { ComputedStatement } from './settle-daily-salary.ts';
import type { TreeMember } from './team-figures.ts';
import { treeAt } from './tree-at.ts';

export const realtimeSalaryJobName = 'agents.realtimeSalary';
export const realtimeSlotMs = 5 * 60_000;
const slotSizeMs = realtimeSlotMs;
/** A slot is settled a minute after it ends (rounds settled at its last second are recorded by then). */
export const realtimeGraceMs = 60_000;
const slotsLookedBack = 3;

interface RealTimeTier {
  betAmountMinor: bigint;
  lossPpm: number;
  winPpm: number;
}

/**
 * The real-time salary (kind `realtime_salary`, lottery only: product type LOTT): every 5 minutes, for
 * each round of the holder's team (any depth, never its own) settled in the slot, the tier of the
 * round's stake (the highest `betAmount` ≤ stake) pays `lossRate` of the stake when the player lost
 * (payout < stake) and `winRate` when it won. One statement per contract and slot, paid top down like
 * the other kinds (ledger kind `agent.realtime_salary`, key `realtime_salary:<contract>:<slot>`). The
 * upline's tiers are no lower at any bet size (tierProblemOf), so what it receives on its team covers
 * what it pays on the downline's.
 */
export async function settleRealtimeSalaries(
  db: Kysely<Database>,
  nowMs: number,
): Promise<{ statements: number; paid: number; waiting: number }> {
  const totals = { statements: 0, paid: 0, waiting: 0 };
  for (const merchantId of await listMerchantIds(db)) {
    const merchant = await findMerchant(db, { id: merchantId });
    if (!merchant?.config.agentContracts.realtimeSalary) continue;
    const lastEnd = Math.floor((nowMs - realtimeGraceMs) / slotSizeMs) * slotSizeMs;
    for (let back = slotsLookedBack; back >= 1; back -= 1) {
      const to = lastEnd - (back - 1) * slotSizeMs;
      const result = await settleRealtimeSlot(db, { merchantId, from: to - slotSizeMs, to, nowMs });
      totals.statements += result.statements;
      totals.paid += result.paid;
      totals.waiting += result.waiting;
    }
  }
  return totals;
}

/** The round's pay under these tiers: its tier by stake, the loss or the win rate. */
export function realtimeShareOf(tiers: readonly RealTimeTier[], round: { stakeMinor: bigint; payoutMinor: bigint }) {
  const tier = [...tiers].reverse().find((candidate) => candidate.betAmountMinor <= round.stakeMinor);
  if (!tier) return { lossMinor: 0n, winMinor: 0n };
  return round.payoutMinor < round.stakeMinor
    ? { lossMinor: shareOf(round.stakeMinor, tier.lossPpm), winMinor: 0n }
    : { lossMinor: 0n, winMinor: shareOf(round.stakeMinor, tier.winPpm) };
}

/** Whether `memberId` is below `agentId` in the tree (a team never holds the agent itself). */
function isBelow(uplineOf: Map<bigint, bigint | null>, memberId: bigint, agentId: bigint): boolean {
  const seen = new Set<bigint>();
  for (let at = uplineOf.get(memberId) ?? null; at !== null; at = uplineOf.get(at) ?? null) {
    if (at === agentId) return true;
    if (seen.has(at)) throw new Error(`the agent tree has a cycle through member ${at}`);
    seen.add(at);
  }
  return false;
}

export async function settleRealtimeSlot(
  db: Kysely<Database>,
  run: { merchantId: number; from: number; to: number; nowMs: number },
): Promise<{ statements: number; paid: number; waiting: number }> {
  const periodKey = new Date(run.from).toISOString();
  const statements = await db.transaction().execute(async (trx) => {
    await lockRealtimeSalaries(trx, run.merchantId);
    let stored = 0;
    for (const { contract, inputs, grossMinor } of await realtimeSalaryStatementsOf(trx, run, {
      unsettledOnly: true,
    })) {
      const inserted = await trx
        .insertInto('agent_settlement')
        .values({
          merchant_id: run.merchantId,
          contract_id: contract.id,
          kind: 'realtime_salary',
          period_key: periodKey,
          holder_id: contract.member_id,
          payer_id: contract.upline_member_id,
          inputs: JSON.stringify(inputs),
          gross_minor: grossMinor,
          status: 'P',
          note: null,
          computed_at: new Date(run.nowMs),
          paid_at: null,
        })
        .onConflict((conflict) => conflict.columns(['contract_id', 'period_key']).doNothing())
        .executeTakeFirst();
      stored += Number(inserted.numInsertedOrUpdatedRows ?? 0n);
    }
    return stored;
  });
  const { paid, waiting } = await payStatementsInBatches(db, {
    merchantId: run.merchantId,
    kind: 'realtime_salary',
    periodKey,
    ledgerKind: 'agent.realtime_salary',
    nowMs: run.nowMs,
  });
  return { statements, paid, waiting };
}

/** The lock a merchant's real-time salary computation holds (the job's run and the operator's re-run). */
export async function lockRealtimeSalaries(trx: Transaction<Database>, merchantId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('agents.realtimeSalary'), ${merchantId})`.execute(trx);
}

/**
 * Every real-time salary contract's statement of the slot [from, to) as computed from the rounds as they
 * are now (the job stores the new ones, `unsettledOnly`; the operator's re-run compares all with the
 * stored ones).
 */
export async function realtimeSalaryStatementsOf(
  db: Kysely<Database>,
  run: { merchantId: number; from: number; to: number },
  options: { unsettledOnly: boolean },
): Promise<ComputedStatement[]> {
  const periodKey = new Date(run.from).toISOString();
  const [from, to] = [new Date(run.from), new Date(run.to)];
  let contractQuery = db
    .selectFrom('agent_contract')
    .selectAll()
    .where('merchant_id', '=', run.merchantId)
    .where('kind', '=', 'realtime_salary')
    .where('status', 'in', ['A', 'V'])
    .where('decided_at', '<', to);
  if (options.unsettledOnly)
    contractQuery = contractQuery.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('agent_settlement as s')
            .select('s.id')
            .whereRef('s.contract_id', '=', 'agent_contract.id')
            .where('s.period_key', '=', periodKey),
        ),
      ),
    );
  const contracts = await contractQuery.orderBy('id').execute();
  if (contracts.length === 0) return [];
  const rounds = await settledRoundsOf(db, run.merchantId, 'LOTT', from, to);
  const tree: TreeMember[] = rounds.length === 0 ? [] : await treeAt(db, run.merchantId, to);
  const uplineOf = new Map(tree.map((member) => [member.memberId, member.uplineId]));
  return contracts.map((contract) => {
    const terms = termsOf(contract);
    const tiers: RealTimeTier[] =
      terms.type === 'realtime'
        ? terms.tiers.map((tier) => ({
            betAmountMinor: BigInt(tier.betAmountMinor),
            lossPpm: tier.lossPpm,
            winPpm: tier.winPpm,
          }))
        : [];
    let [bets, stake, lossSalary, winSalary] = [0, 0n, 0n, 0n];
    for (const round of rounds) {
      if (!isBelow(uplineOf, round.memberId, contract.member_id)) continue;
      const share = realtimeShareOf(tiers, round);
      bets += 1;
      stake += round.stakeMinor;
      lossSalary += share.lossMinor;
      winSalary += share.winMinor;
    }
    const inputs = {
      productType: 'LOTT',
      startTime: run.from,
      endTime: run.to,
      bets,
      teamStake: stake.toString(),
      lines: [
        { code: 'loss_salary', amount: lossSalary.toString() },
        { code: 'win_salary', amount: winSalary.toString() },
      ],
      terms: contract.terms,
    };
    return { contract, inputs, grossMinor: lossSalary + winSalary };
  });
}
