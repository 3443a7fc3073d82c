import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { WalletRefusal, WalletUnreachable } from './wallets/player-wallet.ts';

/** Answers in the platform's envelope shape, so one client reads both. */
export const okAnswer = <T>(value: T) => ({ success: true, value });

export function fail(
  reply: FastifyReply,
  statusCode: number,
  errorCode: string,
  value: Record<string, unknown> | null = null,
) {
  return reply.code(statusCode).send({ success: false, value, errorCode, message: errorCode });
}

/** Every game call carries the launch's token, game and currency (from the page's URL) in its body. */
export const playerBodySchema = z.object({
  token: z.string().min(16).max(512),
  gameId: z.string().min(1).max(64),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

const statusOfRefusal: Record<string, number> = {
  INSUFFICIENT_FUNDS: 409,
  INVALID_SESSION: 401,
  SESSION_EXPIRED: 401,
  PLAYER_BLOCKED: 403,
  PLAYER_NOT_FOUND: 401,
};

/** A wallet failure as the page sees it: refusals by code; a lost answer as WALLET_UNAVAILABLE (the round is finished later). */
export function walletFailure(reply: FastifyReply, error: unknown) {
  if (error instanceof WalletRefusal) {
    return fail(
      reply,
      statusOfRefusal[error.code] ?? 409,
      error.code,
      error.balance === null ? null : { balance: error.balance.toString() },
    );
  }
  if (error instanceof WalletUnreachable) return fail(reply, 503, 'WALLET_UNAVAILABLE');
  throw error;
}

/** JSON cannot carry bigint: money goes out as integer strings of minor units. */
export function plain<T>(value: T): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)),
  );
}
