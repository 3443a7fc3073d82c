import { createHash, randomUUID } from 'node:crypto';
import { formatMinorUnits, launchErrorCodes, parseAmount, type WalletTransferResult } from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import {
  findPostingIdByKey,
  LedgerError,
  listPostingTransfers,
  memberBalance,
  postTransfers,
  type AccountRef,
  type MemberAccountRef,
} from '../ledger/index.ts';
import type { Integration } from '../games/index.ts';
import type { TransferDirection, WalletTransferTable } from './transfer-wallet.tables.ts';
import {
  unknownOutcomeCodes,
  VendorRefusal,
  VendorUnreachable,
  type TransferVendorClient,
} from './transfer-vendor-client.ts';

/**
 * Moving money between a member's main wallet and a transfer-mode vendor's wallet (README.md).
 *
 * A transfer has two postings: the start moves the money from its source wallet into the vendor's
 * transit account (in nobody's wallet), the end moves it out of transit to the destination when the
 * vendor confirms, or back to the source when the vendor refused. A transfer whose answer was lost
 * stays `pending` until a status query of its reference tells which end to post; nothing guesses.
 * Every step for one member and vendor takes the `vendor_player` row lock, so they form a line.
 */

type TransferRow = Pick<
  WalletTransferTable,
  'merchant_id' | 'member_id' | 'vassalage' | 'direction' | 'currency' | 'reference' | 'status'
> & { id: bigint; amount: bigint };

export interface TransferContext {
  db: Kysely<Database>;
  merchantId: number;
  currency: string;
  memberId: bigint;
  nowMs: number;
  /** The vendor's client; built from its integration by the caller. */
  client: TransferVendorClient;
  integration: Integration;
}

const ledgerSource = 'wallet-transfer';

const mainWallet = (memberId: bigint): MemberAccountRef => ({ kind: 'member_main', memberId });
const vendorWallet = (memberId: bigint, vassalage: string): MemberAccountRef => ({
  kind: 'member_vendor',
  memberId,
  subKey: vassalage,
});
const transit = (vassalage: string): AccountRef => ({ kind: 'house_vendor_transit', subKey: vassalage });
const bonusWallet = (memberId: bigint): MemberAccountRef => ({ kind: 'member_bonus', memberId });

/**
 * A refused transfer into a vendor gives its bonus part back (modules/bonus README): the start
 * posting's member_bonus part, as far as the member's active grants take it back (`bonus_refund`,
 * db/functions); the rest comes back as cash.
 */
async function bonusRefundOf(
  trx: Transaction<Database>,
  row: { merchant_id: number; member_id: bigint; currency: string; reference: string },
): Promise<bigint> {
  const postingId = await findPostingIdByKey(trx as unknown as Kysely<Database>, {
    merchantId: row.merchant_id,
    source: ledgerSource,
    key: `${row.reference}:start`,
  });
  if (postingId === null) return 0n;
  const parts = await listPostingTransfers(trx as unknown as Kysely<Database>, row.merchant_id, [postingId]);
  const fromBonus = parts
    .filter((part) => part.fromAccount === 'member_bonus')
    .reduce((sum, part) => sum + part.amountMinor, 0n);
  if (fromBonus === 0n) return 0n;
  const { rows } = await sql<{ placed: string }>`
    SELECT bonus_refund(${row.member_id}, ${row.currency}, ${fromBonus}) AS placed`.execute(trx);
  return BigInt(rows[0]!.placed);
}

/** The player id a vendor knows the member by: derived, so a lost `player` answer is simply asked again. */
export function playerIdOf(merchantId: number, memberId: bigint): string {
  return `m${merchantId}p${memberId}`;
}

/** The member's player at the vendor, created there (idempotently) on first use. */
export async function ensurePlayer(context: TransferContext): Promise<string> {
  const { db, merchantId, memberId, integration } = context;
  const existing = await db
    .selectFrom('vendor_player')
    .select('player_id')
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('integration_code', '=', integration.code)
    .executeTakeFirst();
  if (existing) return existing.player_id;
  const playerId = playerIdOf(merchantId, memberId);
  await callVendor(() => context.client.call('player', { playerId, currency: context.currency }));
  await db
    .insertInto('vendor_player')
    .values({
      merchant_id: merchantId,
      member_id: memberId,
      integration_code: integration.code,
      player_id: playerId,
      created_at: new Date(context.nowMs),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return playerId;
}

/** A vendor call outside a money movement: any failure is "the vendor is unavailable". */
export async function callVendor<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof VendorRefusal || error instanceof VendorUnreachable)
      throw new AppError(503, launchErrorCodes.vendorUnavailable);
    throw error;
  }
}

async function lockPlayer(
  trx: Transaction<Database>,
  context: Pick<TransferContext, 'merchantId' | 'memberId' | 'integration'>,
) {
  return trx
    .updateTable('vendor_player')
    .set({ wallet_version: sql<bigint>`wallet_version + 1` })
    .where('merchant_id', '=', context.merchantId)
    .where('member_id', '=', context.memberId)
    .where('integration_code', '=', context.integration.code)
    .returning(['player_id', 'wallet_version'])
    .executeTakeFirstOrThrow();
}

/**
 * Brings the ledger's copy of the member's vendor wallet to the vendor's balance; the difference is
 * what the member won or lost there since the last look (`vendor.result`, against the game house).
 * Skipped when a transfer moved in between (the balance read may predate it) or one is pending.
 */
export async function syncVendorWallet(context: TransferContext, vassalage: string, playerId: string): Promise<void> {
  const { db, merchantId, memberId, integration } = context;
  const before = await db
    .selectFrom('vendor_player')
    .select('wallet_version')
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('integration_code', '=', integration.code)
    .executeTakeFirstOrThrow();
  const answer = await callVendor(() => context.client.call('balance', { playerId }));
  const vendorBalance = parseAmount(answer.balance);
  if (vendorBalance === null) throw new AppError(503, launchErrorCodes.vendorUnavailable);

  await db.transaction().execute(async (trx) => {
    const locked = await lockPlayer(trx, context);
    if (locked.wallet_version !== before.wallet_version + 1n) return;
    const pending = await trx
      .selectFrom('wallet_transfer')
      .select('id')
      .where('member_id', '=', memberId)
      .where('vassalage', '=', vassalage)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) return;
    const mirror = await memberBalance(trx, merchantId, context.currency, vendorWallet(memberId, vassalage));
    const difference = vendorBalance - mirror;
    if (difference === 0n) return;
    const house: AccountRef = { kind: 'house_game', subKey: vassalage };
    const wallet = vendorWallet(memberId, vassalage);
    await postTransfers(trx, {
      merchantId,
      currency: context.currency,
      idempotency: { source: ledgerSource, key: `sync:${randomUUID()}` },
      transfers: [
        difference > 0n
          ? {
              debit: house,
              credit: wallet,
              amount: difference,
              kind: 'vendor.result',
              reference: `vendor:${vassalage}`,
            }
          : {
              debit: wallet,
              credit: house,
              amount: -difference,
              kind: 'vendor.result',
              reference: `vendor:${vassalage}`,
            },
      ],
      nowMs: context.nowMs,
    });
  });
}

/**
 * The reference a transfer is known by, here and at the vendor. A transfer asked with an
 * Idempotency-Key gets one derived from it (and the vendor): a request run again after its first run
 * died half-way (modules/idempotency takes it over) finds the transfer that run started instead of
 * moving the money a second time. Without a key (a launch's move of the main wallet), a random one.
 */
function referenceOf(context: TransferContext, vassalage: string, requestKey: string | null): string {
  if (requestKey === null) return randomUUID().replaceAll('-', '');
  return createHash('sha256')
    .update(`${context.merchantId}:${context.memberId}:${vassalage}:${requestKey}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * Starts a transfer: the money leaves its source wallet for transit and a pending row remembers it.
 * A transfer with this reference that already exists is returned as it is (`resumed`).
 */
async function startTransfer(
  context: TransferContext,
  vassalage: string,
  direction: TransferDirection,
  amount: bigint | 'all',
  reference: string,
): Promise<{ row: TransferRow; resumed: boolean }> {
  const source: MemberAccountRef =
    direction === 'IN' ? mainWallet(context.memberId) : vendorWallet(context.memberId, vassalage);
  try {
    return await context.db.transaction().execute(async (trx) => {
      await lockPlayer(trx, context);
      const existing = await trx
        .selectFrom('wallet_transfer')
        .select([
          'id',
          'merchant_id',
          'member_id',
          'vassalage',
          'direction',
          'amount',
          'currency',
          'reference',
          'status',
        ])
        .where('reference', '=', reference)
        .executeTakeFirst();
      if (existing) return { row: existing, resumed: true };
      const pending = await trx
        .selectFrom('wallet_transfer')
        .select('id')
        .where('member_id', '=', context.memberId)
        .where('vassalage', '=', vassalage)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (pending) throw new AppError(409, launchErrorCodes.transferPending);
      // Into a vendor: cash first, then bonus (modules/bonus README "The spending rule"); out: the vendor wallet.
      const cash = await memberBalance(trx, context.merchantId, context.currency, source);
      const bonus =
        direction === 'IN'
          ? await memberBalance(trx, context.merchantId, context.currency, bonusWallet(context.memberId))
          : 0n;
      const minor = amount === 'all' ? cash + bonus : amount;
      if (minor <= 0n || minor > cash + bonus) {
        const available = formatMinorUnits(cash + bonus);
        throw new AppError(409, launchErrorCodes.transferBalanceNotEnough, {
          params: { available },
          value: { available },
        });
      }
      const fromBonus = minor > cash ? minor - cash : 0n;
      // The grants first (bonus_spend locks them), then the ledger accounts: the bets' lock order.
      if (fromBonus > 0n)
        await sql`SELECT bonus_spend(${context.memberId}, ${context.currency}, ${fromBonus})`.execute(trx);
      const now = new Date(context.nowMs);
      const row = await trx
        .insertInto('wallet_transfer')
        .values({
          merchant_id: context.merchantId,
          member_id: context.memberId,
          vassalage,
          integration_code: context.integration.code,
          direction,
          amount: minor,
          currency: context.currency,
          reference,
          status: 'pending',
          created_at: now,
          updated_at: now,
        })
        .returning([
          'id',
          'merchant_id',
          'member_id',
          'vassalage',
          'direction',
          'amount',
          'currency',
          'reference',
          'status',
        ])
        .executeTakeFirstOrThrow();
      await postTransfers(trx, {
        merchantId: context.merchantId,
        currency: context.currency,
        idempotency: { source: ledgerSource, key: `${row.reference}:start` },
        transfers: [
          ...(minor > fromBonus
            ? [
                {
                  debit: source,
                  credit: transit(vassalage),
                  amount: minor - fromBonus,
                  kind: `wallet.transfer.${direction.toLowerCase()}`,
                  reference: `transfer:${row.reference}`,
                },
              ]
            : []),
          ...(fromBonus > 0n
            ? [
                {
                  debit: bonusWallet(context.memberId),
                  credit: transit(vassalage),
                  amount: fromBonus,
                  kind: `wallet.transfer.${direction.toLowerCase()}`,
                  reference: `transfer:${row.reference}`,
                },
              ]
            : []),
        ],
        nowMs: context.nowMs,
      });
      return { row, resumed: false };
    });
  } catch (error) {
    if (error instanceof LedgerError && error.code === 'ledger.insufficient.funds') {
      const available = formatMinorUnits(BigInt(error.details.available ?? 0));
      throw new AppError(409, launchErrorCodes.transferBalanceNotEnough, {
        params: { available },
        value: { available },
      });
    }
    throw error;
  }
}

/**
 * Ends a pending transfer once its fate is known: `succeeded` moves transit to the destination,
 * `failed` back to the source. The status guard makes a second resolver (the request and the
 * reconciliation job at once) a no-op; the posting's key would refuse a second movement anyway.
 */
export async function finishTransfer(
  db: Kysely<Database>,
  transferId: bigint,
  outcome: 'succeeded' | 'failed',
  failure: string | null,
  nowMs: number,
): Promise<TransferRow> {
  return db.transaction().execute(async (trx) => {
    const now = new Date(nowMs);
    const row = await trx
      .updateTable('wallet_transfer')
      .set({ status: outcome, failure, updated_at: now, resolved_at: now })
      .where('id', '=', transferId)
      .where('status', '=', 'pending')
      .returning([
        'id',
        'merchant_id',
        'member_id',
        'vassalage',
        'direction',
        'amount',
        'currency',
        'reference',
        'status',
        'integration_code',
      ])
      .executeTakeFirst();
    if (!row) {
      return trx
        .selectFrom('wallet_transfer')
        .select([
          'id',
          'merchant_id',
          'member_id',
          'vassalage',
          'direction',
          'amount',
          'currency',
          'reference',
          'status',
        ])
        .where('id', '=', transferId)
        .executeTakeFirstOrThrow();
    }
    await lockPlayer(trx, {
      merchantId: row.merchant_id,
      memberId: row.member_id,
      integration: { code: row.integration_code, apiUrl: null, secret: null },
    });
    const toVendor = (row.direction === 'IN') === (outcome === 'succeeded');
    const destination = toVendor ? vendorWallet(row.member_id, row.vassalage) : mainWallet(row.member_id);
    const kind =
      outcome === 'succeeded' ? `wallet.transfer.${row.direction.toLowerCase()}` : 'wallet.transfer.returned';
    const toBonus = row.direction === 'IN' && outcome === 'failed' ? await bonusRefundOf(trx, row) : 0n;
    await postTransfers(trx, {
      merchantId: row.merchant_id,
      currency: row.currency,
      idempotency: { source: ledgerSource, key: `${row.reference}:end` },
      transfers: [
        ...(row.amount > toBonus
          ? [
              {
                debit: transit(row.vassalage),
                credit: destination,
                amount: row.amount - toBonus,
                kind,
                reference: `transfer:${row.reference}`,
              },
            ]
          : []),
        ...(toBonus > 0n
          ? [
              {
                debit: transit(row.vassalage),
                credit: bonusWallet(row.member_id),
                amount: toBonus,
                kind,
                reference: `transfer:${row.reference}`,
              },
            ]
          : []),
      ],
      nowMs,
    });
    return row;
  });
}

/** Asks the vendor what became of a pending transfer and ends it if the answer is definite. */
export async function resolveByStatus(
  db: Kysely<Database>,
  client: TransferVendorClient,
  transfer: Pick<TransferRow, 'id' | 'reference'>,
  nowMs: number,
): Promise<'succeeded' | 'failed' | 'pending'> {
  try {
    const answer = await client.call('transfer-status', { reference: transfer.reference });
    if (answer.status === 'SUCCESS') return (await finishTransfer(db, transfer.id, 'succeeded', null, nowMs)).status;
    return (await finishTransfer(db, transfer.id, 'failed', answer.status, nowMs)).status;
  } catch (error) {
    if (!(error instanceof VendorRefusal || error instanceof VendorUnreachable)) throw error;
    await db
      .updateTable('wallet_transfer')
      .set({ attempts: sql<number>`attempts + 1`, updated_at: new Date(nowMs), failure: error.message.slice(0, 200) })
      .where('id', '=', transfer.id)
      .where('status', '=', 'pending')
      .execute();
    return 'pending';
  }
}

/**
 * One transfer, start to end as far as the vendor lets: start, call the vendor, end on a definite
 * answer; on a lost answer ask the status once, and leave it pending for the reconciliation job if
 * that is lost too. `requestKey` is the request's Idempotency-Key (null without one): a transfer an
 * earlier run of the same request started is resumed, never started again; if it is still pending,
 * the vendor is asked what became of it, as for a lost answer.
 */
export async function transfer(
  context: TransferContext,
  vassalage: string,
  direction: TransferDirection,
  amount: bigint | 'all',
  requestKey: string | null,
): Promise<WalletTransferResult> {
  const playerId = await ensurePlayer(context);
  const reference = referenceOf(context, vassalage, requestKey);
  const earlier =
    requestKey === null
      ? undefined
      : await context.db
          .selectFrom('wallet_transfer')
          .select('id')
          .where('reference', '=', reference)
          .executeTakeFirst();
  // A resumed transfer's OUT already read the vendor's balance when it started.
  if (direction === 'OUT' && !earlier) await syncVendorWallet(context, vassalage, playerId);
  const { row: started, resumed } = await startTransfer(context, vassalage, direction, amount, reference);
  const result = (status: 'succeeded' | 'failed' | 'pending'): WalletTransferResult => ({
    transferId: started.reference,
    vassalage,
    direction: started.direction,
    amount: formatMinorUnits(started.amount),
    status: status === 'succeeded' ? 'SUCCESS' : status === 'failed' ? 'FAILED' : 'PENDING',
  });
  if (resumed)
    return result(
      started.status === 'pending'
        ? await resolveByStatus(context.db, context.client, started, context.nowMs)
        : started.status,
    );

  const body = {
    playerId,
    reference: started.reference,
    amount: formatMinorUnits(started.amount),
    currency: context.currency,
  };
  let status: 'succeeded' | 'failed' | 'pending';
  try {
    await context.client.call(direction === 'IN' ? 'fund-in' : 'fund-out', body);
    status = (await finishTransfer(context.db, started.id, 'succeeded', null, context.nowMs)).status;
  } catch (error) {
    if (error instanceof VendorRefusal && !unknownOutcomeCodes.has(error.errorCode)) {
      status = (await finishTransfer(context.db, started.id, 'failed', error.errorCode, context.nowMs)).status;
    } else if (error instanceof VendorRefusal || error instanceof VendorUnreachable) {
      status = await resolveByStatus(context.db, context.client, started, context.nowMs);
    } else {
      throw error;
    }
  }
  return result(status);
}
