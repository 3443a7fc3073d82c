import { errorCodes, type PublicKey } from '@lotus/contract';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isMerchantScoped } from '../../http/request-context.ts';
import { openSealedRequest } from './open-sealed-payload.ts';
import { claimSealedNonce } from './sealed.queries.ts';
import { SealingKeyring } from './sealing-keyring.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body arrives sealed (`{ value }` with the `Encryption` header, spec §7 "encrypted"). It is
     * opened before validation, so the route's body schema describes the payload in clear, without
     * `ts` and `nonce`. Only for merchant-scoped paths (/wps, /lgw): nonces are kept per merchant.
     */
    sealed?: boolean;
  }
  interface FastifyInstance {
    sealedPayloads: SealedPayloads;
  }
}

/**
 * A nonce is kept this long. A payload is accepted while its `ts` is within 5 minutes of the clock,
 * so from the first time a nonce is seen its payload can be accepted for at most 10 more minutes.
 */
export const sealedNonceTtlMs = 10 * 60_000;

/** Opens sealed bodies and holds the keys; one per app, shared by every route through `app.sealedPayloads`. */
export class SealedPayloads {
  readonly keyring: SealingKeyring;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {
    this.keyring = new SealingKeyring(db, now);
  }

  /** GET /wps/system/publicKey. */
  getPublicKey(): Promise<PublicKey> {
    return this.keyring.getCurrentKey();
  }

  /** Makes a new key current (operators, tests); the old one keeps opening payloads for its grace period. */
  rotateKey(): Promise<PublicKey> {
    return this.keyring.rotate();
  }

  /** The request's payload in clear, minus `ts` and `nonce`; throws AppError for anything refused. */
  async open(request: FastifyRequest): Promise<Record<string, unknown>> {
    const nowMs = this.now();
    const opened = await openSealedRequest({
      encryptionHeader: request.headers.encryption,
      body: request.body,
      nowMs,
      findPrivateKey: (keyId) => this.keyring.findOpeningKey(keyId),
    });
    const isNew = await claimSealedNonce(
      this.db,
      request.merchant.id,
      opened.nonce,
      new Date(nowMs),
      new Date(nowMs + sealedNonceTtlMs),
    );
    if (!isNew) throw new AppError(409, errorCodes.sealedReplayed);
    return opened.payload;
  }
}

/**
 * Decorates `app.sealedPayloads` and makes every route declared afterwards with `config: { sealed:
 * true }` open its body in a preValidation hook. Call before the routes are registered.
 */
export function registerSealedPayloads(
  app: FastifyInstance,
  options: { now?: () => number; callsPerMinutePerIp: number },
): void {
  const sealedPayloads = new SealedPayloads(app.db, options.now ?? Date.now);
  app.decorate('sealedPayloads', sealedPayloads);

  // One budget per IP across every sealed route, on top of each route's own limit: every sealed call
  // costs an RSA private-key operation before anything else is checked (SEALED_CALLS_PER_MINUTE_PER_IP).
  // Counted in @fastify/rate-limit's store, so in Redis when it is configured.
  const checkSealedBudget = app.createRateLimit({
    max: options.callsPerMinutePerIp,
    timeWindow: 60_000,
    keyGenerator: (request) => `sealed:${request.ip}`,
  });
  const openBody: preValidationAsyncHookHandler = async (request) => {
    const budget = await checkSealedBudget(request);
    if (!budget.isAllowed && budget.isExceeded) {
      const seconds = Math.max(1, budget.ttlInSeconds);
      throw new AppError(429, errorCodes.tooManyRequests, { params: { seconds }, retryAfterSeconds: seconds });
    }
    request.body = await sealedPayloads.open(request);
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.sealed !== true) return;
    if (!isMerchantScoped(route.url))
      throw new Error(`sealed route ${route.url} must be merchant-scoped (/wps/ or /lgw/)`);
    const existing = route.preValidation ?? [];
    route.preValidation = [openBody, ...(Array.isArray(existing) ? existing : [existing])];
    route.schema = {
      ...route.schema,
      description: [
        route.schema?.description,
        'Sealed: send { "value": base64(IV ‖ ciphertext ‖ tag) } with the header Encryption: <keyId>.<base64(RSA-OAEP(K))> (key from GET /wps/system/publicKey); the body below is the payload before sealing, plus ts and nonce.',
      ]
        .filter(Boolean)
        .join('\n\n'),
    };
  });
}
