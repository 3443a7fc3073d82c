import {
  agentTransferErrorCodes,
  formatMinorUnits,
  type AgentTransferKind,
  type AgentTransferResult,
} from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { findMemberSummary } from '../../identity/index.ts';
import { sendSystemMessages } from '../../inbox/index.ts';
import { LedgerError, memberBalance, postTransfers } from '../../ledger/index.ts';
import type { MerchantContext } from '../../merchant/index.ts';
import { checkSecret, lockMember, secretCheckError, type SecretCheck } from '../../withdrawal/index.ts';
import { namesOf, toAgentTransfer, transferColumns } from './transfer-view.ts';

/** The ledger holds at most this many transfers in one posting: a larger lucky bag takes several. */
const transfersPerPosting = 20;
/** The daily count is over a rolling 24 hours, as withdrawals count theirs. */
const dailyWindowMs = 24 * 60 * 60_000;

export interface TransferContext {
  db: Kysely<Database>;
  merchant: Pick<MerchantContext, 'id' | 'config' | 'currency'>;
  memberId: bigint;
  nowMs: number;
  /** The request's Idempotency-Key (the idempotency layer set it). */
  idempotencyKey: string;
}

export interface Recipient {
  memberId: bigint;
  amount: bigint;
}

/** Decides who receives what, inside the sender's lock (the tree and the sender's rights are read there). */
export type RecipientsOf = (trx: Transaction<Database>) => Promise<Recipient[]>;

type Outcome = { kind: 'done' } | { kind: 'dailyCount' } | Exclude<SecretCheck, { kind: 'ok' }>;

/** The ledger key of one posting of a request: the sender's key, scoped to the sender, and the posting's index. */
export function transferPostingKey(memberId: bigint, idempotencyKey: string, index: number): string {
  return `member:${memberId}:agent-transfer:${idempotencyKey}:${index}`;
}

async function rowsOfKey(db: Kysely<Database> | Transaction<Database>, context: TransferContext) {
  return db
    .selectFrom('agent_transfer')
    .select(transferColumns)
    .where('merchant_id', '=', context.merchant.id)
    .where('sender_id', '=', context.memberId)
    .where('idempotency_key', '=', context.idempotencyKey)
    .orderBy('id')
    .execute();
}

/** The sender's name, which its recipients' messages show. */
async function usernameOf(trx: Transaction<Database>, merchantId: number, memberId: bigint): Promise<string> {
  return (await findMemberSummary(trx, merchantId, memberId))?.username ?? '';
}

/** Requests (not recipients) the sender sent in the last 24 hours: a lucky bag counts once. */
async function countRecentRequests(trx: Transaction<Database>, context: TransferContext): Promise<number> {
  const row = await trx
    .selectFrom('agent_transfer')
    .select((eb) => eb.fn.count<string>('idempotency_key').distinct().as('count'))
    .where('sender_id', '=', context.memberId)
    .where('merchant_id', '=', context.merchant.id)
    .where('created_at', '>', new Date(context.nowMs - dailyWindowMs))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Sends money from the caller's main wallet to others' main wallets. Under the caller's lock (the
 * withdrawal's: every payment-password check of a member queues there): the rows of this key if a
 * first run already committed (a rerun after a crash moves nothing), the recipients, the payment
 * password (a wrong one is counted and committed, then refused), the daily count, then the
 * postings (20 transfers each, keys derived from the request's) and one row per recipient, all in
 * one transaction. The ledger's conditional update refuses more than the balance, so parallel
 * requests never overdraw.
 */
export async function sendTransfers(
  context: TransferContext,
  kind: AgentTransferKind,
  password: string,
  remark: string,
  recipientsOf: RecipientsOf,
): Promise<AgentTransferResult> {
  const { db, merchant, memberId, nowMs, idempotencyKey } = context;
  const scope = { merchantId: merchant.id, memberId, nowMs };
  let outcome: Outcome;
  try {
    outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
      const member = { ...(await lockMember(trx, scope)), username: await usernameOf(trx, merchant.id, memberId) };
      if ((await rowsOfKey(trx, context)).length > 0) return { kind: 'done' };
      const recipients = await recipientsOf(trx);
      const check = await checkSecret(trx, scope, member.paymentPasswordHash, password, 'password');
      if (check.kind !== 'ok') return check;
      if ((await countRecentRequests(trx, context)) >= merchant.config.agentTransfers.dailyCountLimit)
        return { kind: 'dailyCount' };

      for (let index = 0; index * transfersPerPosting < recipients.length; index++) {
        const slice = recipients.slice(index * transfersPerPosting, (index + 1) * transfersPerPosting);
        const posting = await postTransfers(trx, {
          merchantId: merchant.id,
          currency: merchant.currency,
          idempotency: { source: 'member-api', key: transferPostingKey(memberId, idempotencyKey, index) },
          transfers: slice.map((recipient) => ({
            debit: { kind: 'member_main', memberId },
            credit: { kind: 'member_main', memberId: recipient.memberId },
            amount: recipient.amount,
            kind,
            reference: `agent-transfer:${memberId}:${idempotencyKey}`,
          })),
          nowMs,
        });
        await trx
          .insertInto('agent_transfer')
          .values(
            slice.map((recipient) => ({
              merchant_id: merchant.id,
              kind,
              sender_id: memberId,
              receiver_id: recipient.memberId,
              amount: recipient.amount,
              remark,
              idempotency_key: idempotencyKey,
              posting_id: posting.postingId,
              created_at: new Date(nowMs),
            })),
          )
          .execute();
        // Each recipient's inbox says who sent what (the original's push types), in this transaction.
        await sendSystemMessages(
          trx,
          slice.map((recipient) => ({
            merchantId: merchant.id,
            memberId: recipient.memberId,
            template: kind === 'agent.transfer.upline' ? 'agent.transfer.toUpline' : 'agent.transfer.toDownline',
            params: {
              amount: formatMinorUnits(recipient.amount),
              currency: merchant.currency,
              sender: member.username,
            },
            sourceKey: `agent.transfer:${memberId}:${idempotencyKey}:${recipient.memberId}`,
            nowMs,
          })),
        );
      }
      return { kind: 'done' };
    });
  } catch (error) {
    if (error instanceof LedgerError && error.code === 'ledger.insufficient.funds') {
      const available = typeof error.details.available === 'bigint' ? error.details.available : 0n;
      throw new AppError(400, agentTransferErrorCodes.balanceNotEnough, {
        field: kind === 'agent.transfer.luckybag' ? 'totalAmount' : 'transferAmount',
        params: { available: formatMinorUnits(available) },
      });
    }
    throw error;
  }

  switch (outcome.kind) {
    case 'done': {
      const [rows, balance] = await Promise.all([
        rowsOfKey(db, context),
        memberBalance(db, merchant.id, merchant.currency, { kind: 'member_main', memberId }),
      ]);
      const names = await namesOf(db, merchant.id, rows);
      return {
        transfers: rows.map((row) => toAgentTransfer(row, memberId, names)),
        balance: formatMinorUnits(balance),
      };
    }
    case 'dailyCount':
      throw new AppError(400, agentTransferErrorCodes.dailyCount, {
        params: { limit: merchant.config.agentTransfers.dailyCountLimit },
      });
    default:
      throw secretCheckError(outcome, agentTransferErrorCodes.passwordInvalid);
  }
}
