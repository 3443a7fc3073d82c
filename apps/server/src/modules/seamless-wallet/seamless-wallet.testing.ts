/**
 * For tests only (never imported by the server): members with a funded wallet and a launch's session
 * token, and signed vendor calls sent to the real app, shared by the tests of the seamless wallet and
 * of what it writes (bet records).
 */
import { errorEnvelopeSchema, trialMemberType, vendorWalletAnswerSchema, type VendorWalletCall } from '@lotus/contract';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { z } from 'zod';
import { insertTestMember } from '../../testing/members.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { memberBalance, postTransfers } from '../ledger/index.ts';
import { createGameSession } from './game-sessions.ts';
import { vendorSecretKeyOf } from './secret-sealing.ts';
import { houseVendorCode, signBody } from './signature.ts';
import { rotateVendorSecret } from './vendor-credentials.ts';

/** Give it to createTestApp as HOUSE_VENDOR_SECRET. */
export const houseSecret = 'test-house-vendor-secret-0123456789';
/** An outside vendor of the demo merchant, with its own stored secret (installed by createVendorKit). */
export const otherVendor = 'ACME';
export const otherSecret = 'acme-vendor-secret-0123456789';

const okAnswer = z.object({ success: z.literal(true), value: vendorWalletAnswerSchema });

export interface Player {
  memberId: bigint;
  token: string;
  playerId: string;
  vendor: string;
  gameId: string;
}

export interface PlayerOptions {
  isAgent?: 0 | typeof trialMemberType;
  vendor?: string;
  gameId?: string;
  ttlMs?: number;
  /** Use this member instead of a new one (a second launch of the same member). */
  memberId?: bigint;
}

export type VendorKit = Awaited<ReturnType<typeof createVendorKit>>;

/**
 * The helpers, bound to one test app and its clock (`now`, read at every call so a test may move it).
 * Usernames start with `prefix`, so several files can share a merchant.
 */
export async function createVendorKit(testApp: TestApp, now: () => number, prefix: string) {
  const currency = (
    await testApp.db
      .selectFrom('merchant')
      .select('currency')
      .where('id', '=', testApp.demoMerchantId)
      .executeTakeFirstOrThrow()
  ).currency;
  await rotateVendorSecret(testApp.db, vendorSecretKeyOf(testApp.config), {
    merchantId: testApp.demoMerchantId,
    vendorCode: otherVendor,
    operatorId: null,
    nowMs: now(),
    overlapMs: 0,
    secret: otherSecret,
  });
  let sequence = 0;
  const nextId = (label: string) => `${label}${++sequence}`;

  /** A member with `balance` minor units in the main (or trial) wallet and a launch's session token. */
  async function player(balance = 10_000n, options: PlayerOptions = {}): Promise<Player> {
    const memberId = options.memberId ?? (await insertTestMember(testApp.db, testApp.demoMerchantId, nextId(prefix)));
    const trial = options.isAgent === trialMemberType;
    if (trial) await sql`UPDATE member SET is_agent = ${trialMemberType} WHERE id = ${memberId}`.execute(testApp.db);
    if (balance > 0n) {
      await postTransfers(testApp.db, {
        merchantId: testApp.demoMerchantId,
        currency,
        idempotency: { source: 'test', key: nextId(`fund-${memberId}-`) },
        transfers: [
          trial
            ? {
                debit: { kind: 'house_trial' },
                credit: { kind: 'member_trial', memberId },
                amount: balance,
                kind: 'trial.credit',
                reference: 'test',
              }
            : {
                debit: { kind: 'house_adjustment' },
                credit: { kind: 'member_main', memberId },
                amount: balance,
                kind: 'adjustment',
                reference: 'test',
              },
        ],
        nowMs: now(),
      });
    }
    const vendor = options.vendor ?? houseVendorCode;
    const gameId = options.gameId ?? 'slot-1';
    const { token } = await createGameSession(testApp.db, {
      merchantId: testApp.demoMerchantId,
      memberId,
      vendorCode: vendor,
      gameId,
      nowMs: now(),
      ...(options.ttlMs ? { ttlMs: options.ttlMs } : {}),
    });
    return { memberId, token, playerId: memberId.toString(), vendor, gameId };
  }

  /** A protocol body of `p` (round `round-1`, a new transaction id, 1.00), with `overrides`. */
  function body(p: Player, overrides: Record<string, unknown> = {}) {
    return {
      requestId: nextId('r'),
      timestamp: now(),
      sessionToken: p.token,
      playerId: p.playerId,
      currency,
      gameId: p.gameId,
      roundId: 'round-1',
      transactionId: nextId('t'),
      amount: '1.00',
      ...overrides,
    };
  }

  /** The call, signed with the vendor's secret unless told otherwise. */
  function send(
    p: Player,
    call: VendorWalletCall,
    payload: Record<string, unknown>,
    options: { secret?: string; signature?: string | null; raw?: string } = {},
  ) {
    const raw = options.raw ?? JSON.stringify(payload);
    const secret = options.secret ?? (p.vendor === houseVendorCode ? houseSecret : otherSecret);
    const signature = options.signature === undefined ? signBody(secret, raw) : options.signature;
    return testApp.app.inject({
      method: 'POST',
      url: `/vendor-api/${p.vendor}/${call}`,
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-signature': signature }) },
      payload: raw,
    });
  }

  async function expectOk(response: Awaited<ReturnType<typeof send>>) {
    expect(response.statusCode, response.body).toBe(200);
    return okAnswer.parse(response.json()).value;
  }

  async function expectError(response: Awaited<ReturnType<typeof send>>, errorCode: string) {
    expect(response.json().errorCode, response.body).toBe(errorCode);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    return errorEnvelopeSchema.parse(response.json());
  }

  const balanceOf = (p: Player, kind: 'member_main' | 'member_trial' = 'member_main') =>
    memberBalance(testApp.db, testApp.demoMerchantId, currency, { kind, memberId: p.memberId });

  return { currency, nextId, player, body, send, expectOk, expectError, balanceOf };
}
