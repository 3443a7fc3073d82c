import { createHash } from 'node:crypto';
import { errorCodes } from '@lotus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../http/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The call moves money: it needs an `Idempotency-Key` header, and a repeat of the key gets the
     * first answer (see README.md). Put it after the guard that sets `request.member`.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** On `idempotent` calls: the caller's key, for the handler's own idempotent writes (ledger postings). */
    idempotencyKey: string | null;
  }
}

const keyPattern = /^[A-Za-z0-9_:.-]{8,128}$/;
/** A first request that has not answered in this long is taken to have died: a retry runs it again. */
export const abandonedAfterMs = 30_000;

interface IdempotencyState {
  merchantId: number;
  scope: string;
  key: string;
}
const stateKey = Symbol('idempotency');
type IdempotentRequest = FastifyRequest & { [stateKey]?: IdempotencyState };

/** Everything the request asks: method, route, query and body (already parsed, opened and validated). */
function hashRequest(request: FastifyRequest): string {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url}${query}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

function scopeOf(request: FastifyRequest): string {
  // Null on routes without requireMember (decorated as null in app.ts).
  if (request.member) return `member:${request.member.id}`;
  throw new Error(`idempotent route ${request.routeOptions.url} has no caller: put requireMember before it`);
}

/**
 * Makes `config: { idempotent: true }` routes answer a repeated `Idempotency-Key` with the first
 * answer. The first request with a key inserts its row (the primary key decides between racing
 * copies); the others wait for nothing: a finished key replays its stored answer with
 * `Idempotent-Replayed: true`, an unfinished one answers 409 `idempotency.in.progress` (retry), a key
 * sent with a different request answers 422 `idempotency.key.reused`.
 *
 * The answer is stored after the handler, so a crash in between leaves a row without one; after
 * `abandonedAfterMs` a retry runs the handler again. Handlers therefore also pass the key to their
 * own writes (the ledger's idempotency key, unique columns), so that second run finds the first
 * one's effects instead of repeating them. 5xx answers are not stored: the key stays usable.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyKey', null);

  const begin: preHandlerAsyncHookHandler = async function (
    this: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' ? header.trim() : '';
    if (!keyPattern.test(key)) throw new AppError(400, errorCodes.idempotencyKeyInvalid, { field: 'Idempotency-Key' });
    const state = { merchantId: request.merchant.id, scope: scopeOf(request), key };
    const requestHash = hashRequest(request);
    const now = new Date(app.now());

    const claimed = await app.db
      .insertInto('idempotent_request')
      .values({
        merchant_id: state.merchantId,
        scope: state.scope,
        idempotency_key: key,
        request_hash: requestHash,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'scope', 'idempotency_key']).doNothing())
      .returning('idempotency_key')
      .executeTakeFirst();
    if (!claimed) {
      const row = await app.db
        .selectFrom('idempotent_request')
        .selectAll()
        .where('merchant_id', '=', state.merchantId)
        .where('scope', '=', state.scope)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      if (row && row.request_hash !== requestHash)
        throw new AppError(422, errorCodes.idempotencyKeyReused, { field: 'Idempotency-Key' });
      if (row?.status_code != null) {
        return reply
          .code(row.status_code)
          .header('Idempotent-Replayed', 'true')
          .header('Cache-Control', 'no-store')
          .type(row.response_type ?? 'application/json; charset=utf-8')
          .send(row.response_body ?? '');
      }
      // Unfinished: still running, or its process died. Take over only a row that is old and still unfinished.
      const takenOver = row
        ? await app.db
            .updateTable('idempotent_request')
            .set({ created_at: now })
            .where('merchant_id', '=', state.merchantId)
            .where('scope', '=', state.scope)
            .where('idempotency_key', '=', key)
            .where('status_code', 'is', null)
            .where('created_at', '<=', new Date(now.getTime() - abandonedAfterMs))
            .returning('idempotency_key')
            .executeTakeFirst()
        : await app.db
            .insertInto('idempotent_request')
            .values({
              merchant_id: state.merchantId,
              scope: state.scope,
              idempotency_key: key,
              request_hash: requestHash,
              created_at: now,
            })
            .onConflict((oc) => oc.columns(['merchant_id', 'scope', 'idempotency_key']).doNothing())
            .returning('idempotency_key')
            .executeTakeFirst();
      if (!takenOver) throw new AppError(409, errorCodes.idempotencyInProgress, { retryAfterSeconds: 1 });
    }
    (request as IdempotentRequest)[stateKey] = state;
    request.idempotencyKey = key;
  };

  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent !== true) return;
    const existing = route.preHandler ?? [];
    route.preHandler = [...(Array.isArray(existing) ? existing : [existing]), begin];
  });

  // Registered before compression (app.ts), so the stored answer is the plain JSON.
  app.addHook('onSend', async (request: IdempotentRequest, reply, payload) => {
    const state = request[stateKey];
    if (!state) return payload;
    const row = app.db
      .updateTable('idempotent_request')
      .where('merchant_id', '=', state.merchantId)
      .where('scope', '=', state.scope)
      .where('idempotency_key', '=', state.key);
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      // Our failure: nothing to replay, and the member must be able to retry with the same key.
      await app.db
        .deleteFrom('idempotent_request')
        .where('merchant_id', '=', state.merchantId)
        .where('scope', '=', state.scope)
        .where('idempotency_key', '=', state.key)
        .where('status_code', 'is', null)
        .execute();
      return payload;
    }
    await row
      .set({
        status_code: reply.statusCode,
        response_body: payload,
        response_type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        completed_at: new Date(app.now()),
      })
      .execute();
    return payload;
  });
}

/** Keys are kept a day: long enough for any retry, short enough to keep the table small. */
export const idempotencyRetentionMs = 24 * 60 * 60 * 1000;
