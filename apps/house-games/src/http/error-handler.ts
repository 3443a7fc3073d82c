import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { WalletRefusal, WalletUnreachable } from '../wallets/player-wallet.ts';
import { HouseError } from './house-error.ts';

/**
 * What a route answers when its schema refuses the request (route `config.invalid`); default 400
 * INVALID_REQUEST. The game pages read a few calls' own codes (INVALID_BET, INVALID_CLIENT_SEED).
 */
export interface InvalidAnswer {
  statusCode: number;
  errorCode: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    invalid?: InvalidAnswer;
  }
}

/** HTTP status of each wallet refusal the game pages are told about (any other code: 409). */
const statusOfRefusal: Record<string, number> = {
  INSUFFICIENT_FUNDS: 409,
  INVALID_SESSION: 401,
  SESSION_EXPIRED: 401,
  PLAYER_BLOCKED: 403,
  PLAYER_NOT_FOUND: 401,
};

/** The error envelope, the platform's shape (`message` is the code: the pages translate codes themselves). */
export function sendFailure(
  reply: FastifyReply,
  statusCode: number,
  errorCode: string,
  value: Record<string, unknown> | null = null,
) {
  return reply.code(statusCode).send({ success: false, value, errorCode, message: errorCode });
}

/**
 * The one place an error becomes an answer (`app.setErrorHandler`): a HouseError as it says; a
 * request its route schema refuses as the route's invalid answer; a wallet refusal by its code (the
 * balance it answered in `value`); a lost wallet answer as WALLET_UNAVAILABLE (the round is finished
 * later); a body that is not JSON INVALID_REQUEST (400), one too large BODY_TOO_LARGE (413); anything
 * else INTERNAL_ERROR (500, logged, no stack trace in the answer).
 */
export function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HouseError) return sendFailure(reply, error.statusCode, error.errorCode, error.value);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const invalid = request.routeOptions.config.invalid ?? { statusCode: 400, errorCode: 'INVALID_REQUEST' };
    return sendFailure(reply, invalid.statusCode, invalid.errorCode);
  }
  if (error instanceof WalletRefusal) {
    return sendFailure(
      reply,
      statusOfRefusal[error.code] ?? 409,
      error.code,
      error.balance === null ? null : { balance: error.balance.toString() },
    );
  }
  if (error instanceof WalletUnreachable) return sendFailure(reply, 503, 'WALLET_UNAVAILABLE');
  const { statusCode } = error as FastifyError;
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500)
    return sendFailure(reply, statusCode, statusCode === 413 ? 'BODY_TOO_LARGE' : 'INVALID_REQUEST');
  request.log.error({ err: error }, 'house games request failed');
  return sendFailure(reply, 500, 'INTERNAL_ERROR');
}
