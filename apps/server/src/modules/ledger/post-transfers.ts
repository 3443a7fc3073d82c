import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { accountKey, isMemberKind, resolveAccounts, type AccountRef, type ResolvedAccount } from './accounts.ts';
import { LedgerError } from './ledger-error.ts';

/** A single amount may not exceed this (10 000 000 000 000.00 in a 2-decimal currency): sums stay far inside int8. */
export const maxTransferAmount = 1_000_000_000_000_000n;
/** Transfers one posting may hold (a hold and its fee, a bet and its jackpot share...). */
export const maxTransfersPerPosting = 20;

export interface TransferRequest {
  debit: AccountRef;
  credit: AccountRef;
  /** Minor units, > 0. */
  amount: bigint;
  /** What the movement is (`deposit`, `withdrawal.hold`, `bet`, ...), shown in the member's history. */
  kind: string;
  /** The business record it belongs to (a deposit id, a vendor round), for search and audit. */
  reference: string;
}

export interface PostingRequest {
  merchantId: number;
  currency: string;
  /** Unique per merchant and source: `source` says who chose the key (`member-api`, `vendor:HOUSE`, `operator`). */
  idempotency: { source: string; key: string };
  /** Committed together or not at all, in this order. */
  transfers: readonly TransferRequest[];
  nowMs: number;
}

export interface PostedTransfer extends TransferRequest {
  id: bigint;
  /** The member account's balance right after this transfer; null on a house side. */
  debitBalanceAfter: bigint | null;
  creditBalanceAfter: bigint | null;
}

export interface PostingResult {
  postingId: bigint;
  /** True when the key was seen before: nothing moved now, this is the first result. */
  replayed: boolean;
  createdAtMs: number;
  transfers: PostedTransfer[];
}

type Executor = Kysely<Database> | Transaction<Database>;

function validate(request: PostingRequest): void {
  const invalid = (message: string) => new LedgerError('ledger.request.invalid', message);
  if (request.transfers.length === 0 || request.transfers.length > maxTransfersPerPosting) {
    throw invalid(`a posting holds 1 to ${maxTransfersPerPosting} transfers`);
  }
  if (!/^[A-Z]{3}$/.test(request.currency)) throw invalid('currency must be three capital letters');
  const { source, key } = request.idempotency;
  if (source.length === 0 || source.length > 64 || key.length === 0 || key.length > 200)
    throw invalid('idempotency source is 1-64 and key 1-200 characters');
  for (const transfer of request.transfers) {
    if (typeof transfer.amount !== 'bigint' || transfer.amount <= 0n || transfer.amount > maxTransferAmount) {
      throw invalid(`amount must be a whole number of minor units from 1 to ${maxTransferAmount}`);
    }
    if (accountKey(transfer.debit) === accountKey(transfer.credit))
      throw invalid('a transfer needs two different accounts');
    if (transfer.kind.length === 0 || transfer.kind.length > 64 || transfer.reference.length > 200)
      throw invalid('kind is 1-64 and reference at most 200 characters');
  }
}

/** SHA-256 of everything the request asks, in a fixed form: a replay must ask exactly the same. */
function hashRequest(request: PostingRequest): string {
  const canonical = JSON.stringify([
    request.currency,
    request.transfers.map((transfer) => [
      accountKey(transfer.debit),
      accountKey(transfer.credit),
      transfer.amount.toString(),
      transfer.kind,
      transfer.reference,
    ]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

function refOf(account: ResolvedAccount): AccountRef {
  const subKey = account.subKey === '' ? {} : { subKey: account.subKey };
  return account.memberId === null
    ? ({ kind: account.kind, ...subKey } as AccountRef)
    : ({ kind: account.kind, memberId: account.memberId, ...subKey } as AccountRef);
}

/** The first result of a key already used; refuses when that key asked something else. */
async function replay(db: Executor, request: PostingRequest, requestHash: string): Promise<PostingResult> {
  const { merchantId, idempotency } = request;
  const posting = await db
    .selectFrom('ledger_posting')
    .select(['id', 'request_hash', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .where('source', '=', idempotency.source)
    .where('idempotency_key', '=', idempotency.key)
    .executeTakeFirstOrThrow();
  if (posting.request_hash !== requestHash) {
    throw new LedgerError('ledger.idempotency.conflict', 'this idempotency key was used for a different request', {
      postingId: posting.id,
    });
  }
  const rows = await db
    .selectFrom('ledger_transfer as t')
    .innerJoin('ledger_account as d', 'd.id', 't.debit_account_id')
    .innerJoin('ledger_account as c', 'c.id', 't.credit_account_id')
    .select([
      't.id',
      't.amount',
      't.kind',
      't.reference',
      't.debit_balance_after',
      't.credit_balance_after',
      'd.id as d_id',
      'd.kind as d_kind',
      'd.member_id as d_member_id',
      'd.sub_key as d_sub_key',
      'c.id as c_id',
      'c.kind as c_kind',
      'c.member_id as c_member_id',
      'c.sub_key as c_sub_key',
    ])
    .where('t.posting_id', '=', posting.id)
    .orderBy('t.id')
    .execute();
  return {
    postingId: posting.id,
    replayed: true,
    createdAtMs: posting.created_at.getTime(),
    transfers: rows.map((row) => ({
      id: row.id,
      debit: refOf({ id: row.d_id, kind: row.d_kind, memberId: row.d_member_id, subKey: row.d_sub_key }),
      credit: refOf({ id: row.c_id, kind: row.c_kind, memberId: row.c_member_id, subKey: row.c_sub_key }),
      amount: row.amount,
      kind: row.kind,
      reference: row.reference,
      debitBalanceAfter: row.debit_balance_after,
      creditBalanceAfter: row.credit_balance_after,
    })),
  };
}

/**
 * Posts transfers as one unit: all of them or none. Idempotent: the first call with a key moves the
 * money; every later call with the same key and the same request returns that first result (also
 * while the first is still committing: the unique key makes the second wait for it); the same key
 * with a different request throws `ledger.idempotency.conflict`.
 *
 * Member balances change by one conditional UPDATE per account (`balance + delta >= 0`), never read
 * then written, in ascending account id so that two postings cannot deadlock; a database CHECK backs
 * the same rule. House accounts are never updated (their balance is derived), so bets do not queue
 * behind a house row. Pass a transaction to commit the posting with your own writes.
 */
export async function postTransfers(db: Executor, request: PostingRequest): Promise<PostingResult> {
  validate(request);
  if (!db.isTransaction) return db.transaction().execute((trx) => postTransfers(trx, request));

  const { merchantId, currency, idempotency, nowMs } = request;
  const requestHash = hashRequest(request);
  const now = new Date(nowMs);
  const posting = await db
    .insertInto('ledger_posting')
    .values({
      merchant_id: merchantId,
      source: idempotency.source,
      idempotency_key: idempotency.key,
      request_hash: requestHash,
      created_at: now,
    })
    .onConflict((oc) => oc.constraint('ledger_posting_idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!posting) return replay(db, request, requestHash);

  const accounts = await resolveAccounts(
    db,
    merchantId,
    currency,
    request.transfers.flatMap((transfer) => [transfer.debit, transfer.credit]),
  );
  const idOf = (account: AccountRef) => accounts.get(accountKey(account))!;

  // Net change per member account, applied in ascending id order (the fixed lock order).
  const netChange = new Map<bigint, bigint>();
  for (const transfer of request.transfers) {
    for (const [account, sign] of [
      [transfer.debit, -1n],
      [transfer.credit, 1n],
    ] as const) {
      if (!isMemberKind(account.kind)) continue;
      const id = idOf(account).id;
      netChange.set(id, (netChange.get(id) ?? 0n) + sign * transfer.amount);
    }
  }
  const finalBalance = new Map<bigint, bigint>();
  for (const id of [...netChange.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const delta = netChange.get(id)!;
    const updated = await db
      .updateTable('ledger_account')
      .set({ balance: sql<bigint>`balance + ${delta}` })
      .where('id', '=', id)
      .where(sql<boolean>`balance + ${delta} >= 0`)
      .returning('balance')
      .executeTakeFirst();
    if (!updated) {
      const current = await db
        .selectFrom('ledger_account')
        .select(['balance', 'kind', 'member_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      throw new LedgerError('ledger.insufficient.funds', 'a member account would go below zero', {
        accountKind: current.kind,
        memberId: current.member_id,
        available: current.balance,
        required: -delta,
      });
    }
    finalBalance.set(id, updated.balance);
  }

  // Balance after each transfer, walked forward from the balance before the posting.
  const running = new Map([...finalBalance].map(([id, balance]) => [id, balance - netChange.get(id)!]));
  const after = (account: AccountRef, delta: bigint): bigint | null => {
    if (!isMemberKind(account.kind)) return null;
    const id = idOf(account).id;
    const balance = running.get(id)! + delta;
    running.set(id, balance);
    return balance;
  };
  const rows = request.transfers.map((transfer) => ({
    posting_id: posting.id,
    merchant_id: merchantId,
    currency,
    debit_account_id: idOf(transfer.debit).id,
    credit_account_id: idOf(transfer.credit).id,
    amount: transfer.amount,
    kind: transfer.kind,
    reference: transfer.reference,
    debit_balance_after: after(transfer.debit, -transfer.amount),
    credit_balance_after: after(transfer.credit, transfer.amount),
    created_at: now,
  }));
  const inserted = await db.insertInto('ledger_transfer').values(rows).returning('id').execute();

  return {
    postingId: posting.id,
    replayed: false,
    createdAtMs: nowMs,
    transfers: request.transfers.map((transfer, index) => ({
      ...transfer,
      id: inserted[index]!.id,
      debitBalanceAfter: rows[index]!.debit_balance_after,
      creditBalanceAfter: rows[index]!.credit_balance_after,
    })),
  };
}
