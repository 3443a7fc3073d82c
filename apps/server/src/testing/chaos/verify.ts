import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { checkLedger } from '../../modules/ledger/index.ts';
import type { Operation } from './load.ts';

/**
 * What must hold after a chaos run, however the crashes fell: each a list of findings (empty: it
 * holds). `counts` says how much was checked, so a run that checked nothing cannot pass unseen.
 */
export interface Verdict {
  findings: string[];
  counts: Record<string, number>;
}

const acknowledged = (operation: Operation) => operation.answer !== null;
const succeeded = (operation: Operation) => operation.answer?.body.success === true;

export async function verify(db: Kysely<Database>, operations: Operation[], memberIds: bigint[]): Promise<Verdict> {
  const findings: string[] = [];
  const counts: Record<string, number> = {};
  const count = (name: string, n = 1) => (counts[name] = (counts[name] ?? 0) + n);

  const ledger = await checkLedger(db);
  if (!ledger.ok)
    findings.push(
      `ledger:check: ${JSON.stringify(ledger.differences, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`,
    );

  // Vendor calls: an acknowledged success exists, an acknowledged refusal does not; nothing else exists.
  const vendorRows = await db
    .selectFrom('vendor_transaction')
    .select(['transaction_id', 'kind', 'member_id', 'round_id', 'amount', 'posting_id', 'status'])
    .where('vendor_code', '=', 'HOUSE')
    .where('member_id', 'in', memberIds)
    .execute();
  const vendorById = new Map(vendorRows.map((row) => [row.transaction_id, row]));
  const vendorKeys = new Set<string>();
  for (const operation of operations.filter((o) => o.kind === 'bet' || o.kind === 'win' || o.kind === 'rollback')) {
    vendorKeys.add(operation.key);
    const row = vendorById.get(operation.key);
    if (acknowledged(operation)) count('vendor calls acknowledged');
    if (succeeded(operation) && !row)
      findings.push(`${operation.kind} ${operation.key}: acknowledged as done but not recorded`);
    if (succeeded(operation) && row && row.kind !== operation.kind)
      findings.push(`${operation.kind} ${operation.key}: recorded as ${row.kind}`);
    if (acknowledged(operation) && !succeeded(operation) && row && row.status !== 'cancelled') {
      findings.push(`${operation.kind} ${operation.key}: refused (${operation.answer!.body.errorCode}) but recorded`);
    }
  }
  for (const row of vendorRows) {
    // A rollback that came first records the bet it cancels under the bet's id (the late bet is refused).
    if (!vendorKeys.has(row.transaction_id))
      findings.push(`vendor transaction ${row.transaction_id} (${row.kind}) was never sent`);
  }

  // Bet records against the ledger: per round, the stake is the bets less the rollbacks and the payout the wins,
  // as the ledger moved them (only transactions with a posting moved money).
  const moved = await sql<{
    round_id: string;
    member_id: string;
    bets: string;
    rollbacks: string;
    wins: string;
    postings: string;
    ledger_net: string;
  }>`
    SELECT t.round_id, t.member_id::text,
           coalesce(sum(lt.amount) FILTER (WHERE t.kind = 'bet'), 0)::text AS bets,
           coalesce(sum(lt.amount) FILTER (WHERE t.kind = 'rollback'), 0)::text AS rollbacks,
           coalesce(sum(lt.amount) FILTER (WHERE t.kind = 'win'), 0)::text AS wins,
           count(lt.id)::text AS postings,
           coalesce(sum(CASE WHEN t.kind = 'bet' THEN -lt.amount ELSE lt.amount END), 0)::text AS ledger_net
    FROM vendor_transaction t
    LEFT JOIN ledger_transfer lt ON lt.posting_id = t.posting_id
    WHERE t.vendor_code = 'HOUSE' AND t.member_id = ANY(${memberIds.map(String)}::bigint[])
    GROUP BY t.round_id, t.member_id`.execute(db);
  const records = await db
    .selectFrom('bet_record')
    .select(['round_id', 'member_id', 'stake', 'payout'])
    .where('vendor_code', '=', 'HOUSE')
    .where('member_id', 'in', memberIds)
    .execute();
  const recordOf = new Map(records.map((record) => [`${record.round_id}|${record.member_id}`, record]));
  for (const round of moved.rows) {
    count('rounds checked');
    const postingsExpected = vendorRows.filter(
      (row) =>
        row.round_id === round.round_id && row.member_id.toString() === round.member_id && row.posting_id !== null,
    ).length;
    if (Number(round.postings) !== postingsExpected)
      findings.push(
        `round ${round.round_id}: ${postingsExpected} vendor transactions with a posting, ${round.postings} ledger transfers`,
      );
    const record = recordOf.get(`${round.round_id}|${round.member_id}`);
    const stake = BigInt(round.bets) - BigInt(round.rollbacks);
    if (BigInt(round.bets) === 0n) continue;
    if (!record) {
      findings.push(`round ${round.round_id}: money moved but no bet record`);
      continue;
    }
    if (record.stake !== stake || record.payout !== BigInt(round.wins)) {
      findings.push(
        `round ${round.round_id}: bet record stake ${record.stake} payout ${record.payout}, ledger stake ${stake} payout ${round.wins}`,
      );
    }
  }

  // Transfers: acknowledged ones exist with the status they were answered (a PENDING one has since been
  // resolved), none is left pending, nothing waits in transit, and no key made two.
  const transferRows = await db
    .selectFrom('wallet_transfer')
    .select(['id', 'reference', 'member_id', 'status'])
    .where('member_id', 'in', memberIds)
    .execute();
  // The answer's transferId is the transfer's reference (what the vendor is told).
  const transferByReference = new Map(transferRows.map((row) => [row.reference, row]));
  const transferOperations = operations.filter((o) => o.kind === 'transfer');
  for (const operation of transferOperations.filter(succeeded)) {
    count('transfers acknowledged');
    const value = operation.answer!.body.value as { transferId: string; status: 'SUCCESS' | 'FAILED' | 'PENDING' };
    const row = transferByReference.get(value.transferId);
    if (!row) findings.push(`transfer ${operation.key}: acknowledged as ${value.transferId} but not recorded`);
    else if (
      (value.status === 'SUCCESS' && row.status !== 'succeeded') ||
      (value.status === 'FAILED' && row.status !== 'failed')
    ) {
      findings.push(`transfer ${value.transferId}: answered ${value.status}, now ${row.status}`);
    }
  }
  for (const row of transferRows.filter((r) => r.status === 'pending'))
    findings.push(`transfer ${row.reference} still pending after reconciliation`);
  for (const memberId of memberIds) {
    const made = transferRows.filter((row) => row.member_id === memberId).length;
    const keys = transferOperations.filter((o) => o.memberId === memberId).length;
    if (made > keys) findings.push(`member ${memberId}: ${made} transfers from ${keys} keys`);
  }
  const transit = await db
    .selectFrom('ledger_account')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('balance'), sql<bigint>`0`).as('total'))
    .where('kind', '=', 'house_vendor_transit')
    .executeTakeFirstOrThrow();
  if (BigInt(transit.total) !== 0n) findings.push(`${transit.total} minor units left in transit`);

  // Deposits: one per key; an acknowledged one exists; a paid one is approved, or still pending for the
  // expiry job to ask the gateway, never expired or rejected.
  const deposits = await db
    .selectFrom('deposit')
    .select(['id', 'idempotency_key', 'status'])
    .where('member_id', 'in', memberIds)
    .execute();
  const depositKeys = new Map<string, number>();
  for (const deposit of deposits)
    depositKeys.set(deposit.idempotency_key, (depositKeys.get(deposit.idempotency_key) ?? 0) + 1);
  for (const [key, n] of depositKeys) if (n > 1) findings.push(`deposit key ${key}: ${n} deposits`);
  const depositById = new Map(deposits.map((deposit) => [deposit.id.toString(), deposit]));
  for (const operation of operations.filter((o) => o.kind === 'deposit' && succeeded(o))) {
    count('deposits acknowledged');
    const id = String((operation.answer!.body.value as { depositId: number }).depositId);
    if (depositById.get(id)?.idempotency_key !== operation.key)
      findings.push(`deposit ${operation.key}: acknowledged as ${id} but not recorded under its key`);
  }
  for (const operation of operations.filter((o) => o.kind === 'pay' && succeeded(o))) {
    count('payments acknowledged');
    const delivered = (operation.answer!.body.value as { callbackDelivered?: boolean }).callbackDelivered;
    const status = depositById.get(operation.reference!)?.status;
    if (delivered && status !== 'approved')
      findings.push(`deposit ${operation.reference}: paid and called back, but ${status}`);
  }
  const paidNotCredited = await sql<{ deposit_id: string; status: string }>`
    SELECT d.id::text AS deposit_id, d.status FROM demopay_payment p JOIN deposit d ON d.gateway_payment_id = p.id
    WHERE p.status = 'paid' AND d.status NOT IN ('approved', 'pending') AND d.member_id = ANY(${memberIds.map(String)}::bigint[])`.execute(
    db,
  );
  for (const row of paidNotCredited.rows)
    findings.push(`deposit ${row.deposit_id}: paid at the gateway but ${row.status}`);

  // Withdrawals: one per key; an acknowledged one exists; each member's held money is exactly their pending withdrawals.
  const withdrawals = await db
    .selectFrom('withdrawal')
    .select(['id', 'member_id', 'idempotency_key', 'status', 'amount'])
    .where('member_id', 'in', memberIds)
    .execute();
  const withdrawalKeys = new Map<string, number>();
  for (const withdrawal of withdrawals)
    withdrawalKeys.set(withdrawal.idempotency_key, (withdrawalKeys.get(withdrawal.idempotency_key) ?? 0) + 1);
  for (const [key, n] of withdrawalKeys) if (n > 1) findings.push(`withdrawal key ${key}: ${n} withdrawals`);
  for (const operation of operations.filter((o) => o.kind === 'withdraw' && succeeded(o))) {
    count('withdrawals acknowledged');
    const id = (operation.answer!.body.value as { withdrawalId: number }).withdrawalId;
    if (!withdrawals.some((w) => Number(w.id) === id && w.idempotency_key.endsWith(operation.key)))
      findings.push(`withdrawal ${operation.key}: acknowledged as ${id} but not recorded`);
  }
  const held = await db
    .selectFrom('ledger_account')
    .select(['member_id', 'balance'])
    .where('kind', '=', 'member_held')
    .where('member_id', 'in', memberIds)
    .execute();
  for (const memberId of memberIds) {
    const pending = withdrawals
      .filter((w) => w.member_id === memberId && w.status === 'pending')
      .reduce((sum, w) => sum + w.amount, 0n);
    const hold = held.find((row) => row.member_id === memberId)?.balance ?? 0n;
    if (hold !== pending) findings.push(`member ${memberId}: ${hold} held for ${pending} of pending withdrawals`);
  }

  count('operations', operations.length);
  count('operations never answered', operations.filter((o) => !acknowledged(o)).length);
  count(
    'requests resent',
    operations.reduce((sum, o) => sum + Math.max(0, o.attempts - 1), 0),
  );
  return { findings, counts };
}
