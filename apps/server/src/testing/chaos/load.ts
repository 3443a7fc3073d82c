import { randomUUID } from 'node:crypto';
import {
  apiPaths,
  depositPaths,
  errorCodes,
  launchPaths,
  publicKeySchema,
  withdrawalPaths,
  type PublicKey,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../../modules/identity/index.ts';
import { postTransfers } from '../../modules/ledger/index.ts';
import { createGameSession, signBody } from '../../modules/seamless-wallet/index.ts';
import { addWageredTurnover } from '../../modules/withdrawal/index.ts';
import { insertTestMember, insertTestSession } from '../members.ts';
import { sealForTest } from '../seal-payload.ts';
import { houseVendorSecret, sleep } from './processes.ts';

/**
 * The simulated members of a chaos run and what they do. Every operation carries its own key (the
 * vendor's transaction id, or an Idempotency-Key), and a request whose answer is lost (connection
 * refused or reset, 5xx, 429) is sent again, byte for byte the same where the protocol signs it, until
 * an answer arrives or the run's deadline passes. What each operation got is kept for the checks.
 */

export const slotGameId = 'lucky-lotus';
export const transferVassalage = 'GOLDENELE';
const paymentPassword = '246810';

export interface ChaosMember {
  memberId: bigint;
  token: string;
  gameToken: string;
  bankAccountId: number;
}

export type OperationKind = 'bet' | 'win' | 'rollback' | 'transfer' | 'deposit' | 'pay' | 'withdraw';

/** One operation and what became of it: `answer` null means no answer ever arrived (not acknowledged). */
export interface Operation {
  kind: OperationKind;
  memberId: bigint;
  /** The vendor's transaction id, or the Idempotency-Key. */
  key: string;
  attempts: number;
  answer: { status: number; body: Envelope } | null;
  /** For wins and rollbacks: the bet's transaction id; for pay: the deposit id. */
  reference?: string;
}

export interface Envelope {
  success: boolean;
  errorCode?: string | null;
  value?: unknown;
}

/** A small seeded generator (mulberry32): the same seed replays the same choices. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Members with 10,000.00, a session, a launch of the house slot, a bank account, a payment password and turnover done. */
export async function createMembers(db: Kysely<Database>, count: number, runId: string): Promise<ChaosMember[]> {
  const merchant = await db
    .selectFrom('merchant')
    .select(['id', 'currency'])
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  const paymentHash = await hashPassword(paymentPassword);
  const members: ChaosMember[] = [];
  for (let index = 0; index < count; index += 1) {
    const nowMs = Date.now();
    const memberId = await insertTestMember(db, merchant.id, `chaos${runId}x${index}`);
    await db
      .updateTable('member')
      .set({ payee_name: 'Somchai Jaidee', payment_password_hash: paymentHash })
      .where('id', '=', memberId)
      .execute();
    await postTransfers(db, {
      merchantId: merchant.id,
      currency: merchant.currency,
      idempotency: { source: 'chaos', key: `fund-${memberId}` },
      transfers: [
        {
          debit: { kind: 'house_adjustment' },
          credit: { kind: 'member_main', memberId },
          amount: 1_000_000n,
          kind: 'adjustment',
          reference: 'chaos',
        },
      ],
      nowMs,
    });
    await addWageredTurnover(db, { merchantId: merchant.id, memberId, amountMinor: 100_000_000n, nowMs });
    const bank = await db
      .insertInto('member_bank_account')
      .values({
        merchant_id: merchant.id,
        member_id: memberId,
        bank_code: 'KBANK',
        account_number: `1${String(index).padStart(9, '0')}`,
        account_name: 'Somchai Jaidee',
        created_at: new Date(nowMs),
        updated_at: new Date(nowMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await insertTestSession(db, merchant.id, memberId, nowMs);
    const { token: gameToken } = await createGameSession(db, {
      merchantId: merchant.id,
      memberId,
      vendorCode: 'HOUSE',
      gameId: slotGameId,
      nowMs,
      ttlMs: 24 * 3_600_000,
    });
    members.push({ memberId, token, gameToken, bankAccountId: Number(bank.id) });
  }
  return members;
}

export interface LoadOptions {
  apiOrigin: string;
  currency: string;
  /** Set by the run when its kills are done: no new operation starts after `stopAt`; a lost answer is asked again until `giveUpAt`. */
  deadlines: { stopAt: number; giveUpAt: number };
  random: () => number;
}

/** Sends one request until it is answered (a status below 500, not 429, not "in progress") or `giveUpAt` passes. */
async function deliver(
  options: LoadOptions,
  operation: Operation,
  build: () => Promise<{ url: string; init: RequestInit }>,
): Promise<void> {
  while (Date.now() < options.deadlines.giveUpAt) {
    operation.attempts += 1;
    try {
      const { url, init } = await build();
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
      const text = await response.text();
      const body = response.status < 500 && response.status !== 429 ? (JSON.parse(text) as Envelope) : null;
      // An unfinished first attempt (its process was killed) holds the key for a while: not an answer yet.
      if (body && body.errorCode !== errorCodes.idempotencyInProgress) {
        operation.answer = { status: response.status, body };
        return;
      }
    } catch {
      // Refused, reset or timed out: the answer is lost; the same request goes again.
    }
    await sleep(150 + Math.floor(options.random() * 250));
  }
}

const memberHeaders = (member: ChaosMember, key?: string) => ({
  Merchant: 'demo',
  Language: 'EN',
  Authorization: member.token,
  'content-type': 'application/json',
  ...(key ? { 'Idempotency-Key': key } : {}),
});

/** One member's loop of random operations until `stopAt`; returns every operation it started. */
export async function runMember(options: LoadOptions, member: ChaosMember): Promise<Operation[]> {
  const operations: Operation[] = [];
  const start = (kind: OperationKind, key: string, reference?: string): Operation => {
    const operation: Operation = {
      kind,
      memberId: member.memberId,
      key,
      attempts: 0,
      answer: null,
      ...(reference ? { reference } : {}),
    };
    operations.push(operation);
    return operation;
  };
  const vendorCall = async (call: 'bet' | 'win' | 'rollback', body: Record<string, unknown>, reference?: string) => {
    const operation = start(call, String(body.transactionId), reference);
    // The same bytes every time: a vendor resends exactly what it signed.
    const raw = JSON.stringify(body);
    await deliver(options, operation, async () => ({
      url: `${options.apiOrigin}/vendor-api/HOUSE/${call}`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signBody(houseVendorSecret, raw) },
        body: raw,
      },
    }));
    return operation;
  };

  while (Date.now() < options.deadlines.stopAt) {
    const choice = options.random();
    if (choice < 0.5) {
      const roundId = randomUUID();
      const base = {
        requestId: randomUUID(),
        timestamp: Date.now(),
        sessionToken: member.gameToken,
        playerId: String(member.memberId),
        currency: options.currency,
        gameId: slotGameId,
        roundId,
      };
      const stake = 100 + Math.floor(options.random() * 400);
      const bet = await vendorCall('bet', {
        ...base,
        transactionId: `${roundId}:bet`,
        amount: (stake / 100).toFixed(2),
      });
      if (!bet.answer?.body.success) continue;
      if (options.random() < 0.2) {
        await vendorCall(
          'rollback',
          {
            ...base,
            requestId: randomUUID(),
            timestamp: Date.now(),
            transactionId: `${roundId}:rollback`,
            referenceTransactionId: `${roundId}:bet`,
            amount: (stake / 100).toFixed(2),
          },
          bet.key,
        );
      } else {
        const payout = Math.floor(options.random() * 2 * stake);
        await vendorCall(
          'win',
          {
            ...base,
            requestId: randomUUID(),
            timestamp: Date.now(),
            transactionId: `${roundId}:win`,
            amount: (payout / 100).toFixed(2),
            roundClosed: true,
          },
          bet.key,
        );
      }
    } else if (choice < 0.7) {
      const direction = options.random() < 0.6 ? 'IN' : 'OUT';
      const operation = start('transfer', randomUUID());
      const body = JSON.stringify({
        vassalage: transferVassalage,
        direction,
        amount: direction === 'IN' ? '20.00' : '10.00',
      });
      await deliver(options, operation, async () => ({
        url: `${options.apiOrigin}${launchPaths.walletTransfer}`,
        init: { method: 'POST', headers: memberHeaders(member, operation.key), body },
      }));
    } else if (choice < 0.85) {
      const created = start('deposit', randomUUID());
      const body = JSON.stringify({ methodCode: 'DEMOPAY', amount: '100.00' });
      await deliver(options, created, async () => ({
        url: `${options.apiOrigin}${depositPaths.create}`,
        init: { method: 'POST', headers: memberHeaders(member, created.key), body },
      }));
      const value = created.answer?.body.value as { depositId?: number; payUrl?: string } | undefined;
      if (!created.answer?.body.success || !value?.payUrl) continue;
      const payPath = new URL(value.payUrl, options.apiOrigin).pathname;
      const pay = start('pay', payPath, String(value.depositId));
      await deliver(options, pay, async () => ({
        url: `${options.apiOrigin}${payPath}`,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ result: 'success' }),
        },
      }));
    } else {
      const operation = start('withdraw', `wd-${randomUUID()}`);
      await deliver(options, operation, async () => {
        // Sealed afresh for each attempt (a sealed body carries its time and nonce), with the same key.
        const keyResponse = await fetch(`${options.apiOrigin}${apiPaths.publicKey}`, { headers: { Merchant: 'demo' } });
        const publicKey: PublicKey = publicKeySchema.parse(((await keyResponse.json()) as { value: unknown }).value);
        const sealed = sealForTest({ amount: '1.00', bankAccountId: member.bankAccountId, paymentPassword }, publicKey);
        return {
          url: `${options.apiOrigin}${withdrawalPaths.withdraw}`,
          init: {
            method: 'POST',
            headers: { ...memberHeaders(member, operation.key), Encryption: sealed.encryptionHeader },
            body: JSON.stringify(sealed.body),
          },
        };
      });
    }
  }
  return operations;
}
