import { randomUUID } from 'node:crypto';
import { formatMinorUnits, parseAmount, vendorWalletAnswerSchema, type VendorWalletCall } from '@lotus/contract';
import type { WalletRef } from '../db/schema.ts';
import { signBody } from '../signature.ts';
import {
  playerKeyOf,
  WalletRefusal,
  WalletUnreachable,
  type PlayerWallet,
  type RoundDetails,
  type WalletMove,
} from './player-wallet.ts';

/** The seamless brand's vendor code at the platform (/vendor-api/HOUSE/...). */
export const seamlessVendorCode = 'HOUSE';

export interface PlatformOptions {
  platformUrl: string;
  secret: string;
  now: () => number;
  timeoutMs?: number;
}

interface CallFields {
  roundId: string;
  transactionId: string;
  amount: bigint;
  referenceTransactionId?: string;
  roundClosed?: boolean;
  roundDetails?: RoundDetails;
}

/** One signed call of the seamless wallet protocol (apps/server/src/modules/seamless-wallet/README.md). */
async function callPlatform(
  options: PlatformOptions,
  call: VendorWalletCall,
  ref: { sessionToken: string; playerId: string; currency: string; gameId: string },
  fields: CallFields,
) {
  const body = JSON.stringify({
    requestId: randomUUID(),
    timestamp: options.now(),
    sessionToken: ref.sessionToken,
    playerId: ref.playerId,
    currency: ref.currency,
    gameId: ref.gameId,
    roundId: fields.roundId,
    transactionId: fields.transactionId,
    amount: formatMinorUnits(fields.amount),
    ...(fields.referenceTransactionId ? { referenceTransactionId: fields.referenceTransactionId } : {}),
    ...(fields.roundClosed !== undefined ? { roundClosed: fields.roundClosed } : {}),
    ...(fields.roundDetails ? { roundDetails: fields.roundDetails } : {}),
  });
  let response: Response;
  let envelope: { success?: boolean; value?: unknown; errorCode?: string };
  try {
    response = await fetch(`${options.platformUrl}/vendor-api/${seamlessVendorCode}/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': signBody(options.secret, body) },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    envelope = (await response.json()) as typeof envelope;
  } catch (error) {
    throw new WalletUnreachable(`${call}: ${(error as Error).message}`);
  }
  const answer = vendorWalletAnswerSchema.safeParse(envelope.value);
  if (envelope.success === true && answer.success) return answer.data;
  if (response.status >= 500 || typeof envelope.errorCode !== 'string')
    throw new WalletUnreachable(`${call}: HTTP ${response.status}`);
  throw new WalletRefusal(envelope.errorCode, answer.success ? parseAmount(answer.data.balance) : null);
}

/**
 * Opens a seamless player from the launch's session token: the platform's balance call answers the
 * playerId every later call carries.
 */
export async function openSeamlessWallet(
  options: PlatformOptions,
  sessionToken: string,
  gameId: string,
  currency: string,
): Promise<PlayerWallet> {
  const first = await callPlatform(
    options,
    'balance',
    { sessionToken, playerId: '', currency, gameId },
    { roundId: 'session', transactionId: `balance-${randomUUID()}`, amount: 0n },
  );
  if (!first.playerId) throw new WalletUnreachable('balance: no playerId in the answer');
  return seamlessWallet(options, { brand: 'seamless', sessionToken, playerId: first.playerId, currency, gameId });
}

export function seamlessWallet(options: PlatformOptions, ref: Extract<WalletRef, { brand: 'seamless' }>): PlayerWallet {
  const balanceOf = (answer: { balance: string }) => parseAmount(answer.balance) ?? 0n;
  return {
    ref,
    playerKey: playerKeyOf(ref),
    balance: async () =>
      balanceOf(
        await callPlatform(options, 'balance', ref, {
          roundId: 'session',
          transactionId: `balance-${randomUUID()}`,
          amount: 0n,
        }),
      ),
    bet: async (move: WalletMove) => balanceOf(await callPlatform(options, 'bet', ref, move)),
    win: async (move: WalletMove) => balanceOf(await callPlatform(options, 'win', ref, move)),
    rollback: async (move) => balanceOf(await callPlatform(options, 'rollback', ref, move)),
  };
}
