import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MerchantDirectory } from '../modules/merchant/index.ts';
import { headerLanguage, isMerchantScoped } from './request-context.ts';
import { arrivedOverTls, strictTransportSecurity } from './security.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Cache this public GET's whole response per merchant, language and URL (`true`), or also per
     * caller IP (`'per-ip'`, for answers that depend on where the caller is). Never for answers
     * that depend on a token; `'anonymous'` caches only the calls without a token (the answer of a
     * logged-in caller may hold more: members-only announcements) and sends those the long way.
     */
    responseCache?: boolean | 'per-ip' | 'anonymous';
  }
}

/**
 * Whole-response cache for the public lobby calls: the serialised envelope (and its gzip) is kept,
 * so a hit skips validation, the handler and serialisation, which is what lets these calls run
 * near a bare hello-world (docs/performance.md). Entries are dropped with the merchant's data (the
 * same LISTEN/NOTIFY as PublicCache) and live at most `ttlMs`, which bounds how late a
 * clock-driven change (an announcement's window opening) shows.
 */
interface Entry {
  body: string;
  gzip: Buffer | null;
  expiresAtMs: number;
  /** The route pattern, for the metrics of hits served by the fast path. */
  route: string;
  /** Stored from a call without a token, for such calls only (`responseCache: 'anonymous'`). */
  isAnonymousOnly: boolean;
  /** Whole header sets of a hit served by the fast path, made on first use. */
  plainHeaders?: Record<string, string | number>;
  gzipHeaders?: Record<string, string | number>;
}

const maxEntriesPerMerchant = 500;

export class ResponseCache {
  private readonly entries = new Map<number, Map<string, Entry>>();
  private readonly generations = new Map<number, number>();

  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly headers: Record<string, string>;

  constructor(options: { ttlMs?: number; now?: () => number; headers?: Record<string, string> } = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.now = options.now ?? Date.now;
    this.headers = options.headers ?? {};
  }

  /**
   * What a hit sends: the body (gzip when the client takes it and it is worth it) and every
   * header, built once per entry. Both serving paths use it, so they cannot drift apart.
   */
  answer(
    entry: Entry,
    request: { headers: IncomingHttpHeaders },
  ): { headers: Record<string, string | number>; payload: string | Buffer } {
    if (entry.body.length > 1024 && acceptsGzip(request)) {
      entry.gzip ??= gzipSync(entry.body);
      entry.gzipHeaders ??= { ...this.headers, ...gzipJsonHeaders, 'content-length': entry.gzip.length };
      return { headers: entry.gzipHeaders, payload: entry.gzip };
    }
    entry.plainHeaders ??= { ...this.headers, ...jsonHeaders, 'content-length': Buffer.byteLength(entry.body) };
    return { headers: entry.plainHeaders, payload: entry.body };
  }

  find(merchantId: number, key: string): Entry | null {
    const entry = this.entries.get(merchantId)?.get(key);
    return entry && entry.expiresAtMs > this.now() ? entry : null;
  }

  generation(merchantId: number): number {
    return this.generations.get(merchantId) ?? 0;
  }

  store(merchantId: number, key: string, body: string, generation: number, route = '', isAnonymousOnly = false): void {
    if (this.generation(merchantId) !== generation) return;
    let forMerchant = this.entries.get(merchantId);
    if (!forMerchant) this.entries.set(merchantId, (forMerchant = new Map()));
    // Query strings are client input: bound the number of variants kept.
    if (forMerchant.size >= maxEntriesPerMerchant) forMerchant.delete(forMerchant.keys().next().value as string);
    forMerchant.set(key, { body, gzip: null, expiresAtMs: this.now() + this.ttlMs, route, isAnonymousOnly });
  }

  invalidate(merchantId: number): void {
    this.generations.set(merchantId, this.generation(merchantId) + 1);
    this.entries.delete(merchantId);
  }

  invalidateAll(): void {
    for (const merchantId of new Set([...this.entries.keys(), ...this.generations.keys()])) this.invalidate(merchantId);
  }
}

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding, Language, Merchant' };
const gzipJsonHeaders = { ...jsonHeaders, 'content-encoding': 'gzip' };

const generationKey = Symbol('responseCacheGeneration');
type CachedRequest = FastifyRequest & { [generationKey]?: number };

function cacheKey(request: FastifyRequest): string {
  const base = baseKey(request.language, request.url);
  return request.routeOptions.config.responseCache === 'per-ip' ? perCallerKey(request.ip, base) : base;
}

const baseKey = (language: string, url: string) => `${language}|${url}`;
const perCallerKey = (ip: string, base: string) => `${ip}|${base}`;

function acceptsGzip(request: { headers: IncomingHttpHeaders }): boolean {
  const accepted = request.headers['accept-encoding'];
  return typeof accepted === 'string' && /\bgzip\b/.test(accepted);
}

/**
 * Serves hits from `onRequest` (registered after the merchant is resolved, so a hit skips the rest
 * of the request lifecycle) and stores misses in `onSend`.
 */
export function registerResponseCache(app: FastifyInstance, cache: ResponseCache): void {
  app.addHook('onRequest', async (request: CachedRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.responseCache || request.method !== 'GET' || !request.merchant) return;
    if (request.routeOptions.config.responseCache === 'anonymous' && request.headers.authorization !== undefined)
      return;
    const entry = cache.find(request.merchant.id, cacheKey(request));
    if (!entry) {
      request[generationKey] = cache.generation(request.merchant.id);
      return;
    }
    const { headers, payload } = cache.answer(entry, request);
    return reply.headers(headers).send(payload);
  });

  app.addHook('onSend', async (request: CachedRequest, reply, payload) => {
    const generation = request[generationKey];
    if (generation === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    cache.store(
      request.merchant.id,
      cacheKey(request),
      payload,
      generation,
      request.routeOptions.url ?? '',
      request.routeOptions.config.responseCache === 'anonymous',
    );
    return payload;
  });
}

export interface CacheFastPathOptions {
  cache: ResponseCache;
  merchants: MerchantDirectory;
  /** Behind a trusted proxy the caller's IP needs Fastify's proxy rules: per-caller hits then go the long way. */
  isProxyTrusted: boolean;
  isClosing: () => boolean;
  onHit: (method: string, route: string, seconds: number) => void;
}

/**
 * The fast path of the response cache, in front of Fastify (its serverFactory): a GET whose answer
 * is cached is written straight from the entry, with exactly the headers the Fastify path sends,
 * without routing, hooks or a request logger. This is a micro-cache at the edge, the job nginx's
 * proxy_cache would do in front of the API, and it is what brings the lobby calls near a bare
 * hello-world (docs/performance.md). Anything it cannot decide at once (a merchant not looked up
 * yet, a miss, a closing server) goes to Fastify, which fills the entry.
 */
export function createCacheFastPath(
  options: CacheFastPathOptions,
): (request: IncomingMessage, response: ServerResponse) => boolean {
  return (request, response) => {
    const url = request.url ?? '';
    if (request.method !== 'GET' || !isMerchantScoped(url) || options.isClosing()) return false;
    const startedAt = process.hrtime.bigint();
    const merchantCode = request.headers.merchant;
    const merchant = options.merchants.peek(
      typeof merchantCode === 'string' ? merchantCode : undefined,
      request.headers.host,
    );
    if (!merchant || merchant.status !== 'active') return false;
    const base = baseKey(headerLanguage(request) ?? merchant.defaultLanguage, url);
    let entry = options.cache.find(merchant.id, base);
    if (!entry && !options.isProxyTrusted)
      entry = options.cache.find(merchant.id, perCallerKey(request.socket.remoteAddress ?? '', base));
    if (!entry) return false;
    // A caller with a token may be owed more than the anonymous answer: Fastify's path decides.
    if (entry.isAnonymousOnly && request.headers.authorization !== undefined) return false;

    const { headers, payload } = options.cache.answer(entry, request);
    // The Fastify path adds HSTS per request (http/security.ts); so must this one.
    if (arrivedOverTls(request, options.isProxyTrusted))
      response.setHeader(strictTransportSecurity.name, strictTransportSecurity.value);
    response.writeHead(200, headers).end(payload);
    options.onHit('GET', entry.route, Number(process.hrtime.bigint() - startedAt) / 1e9);
    return true;
  };
}
