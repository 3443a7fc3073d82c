import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { merchantColumns, toMerchantContext } from './find-merchant.ts';
import type { MerchantContext } from './merchant.config.ts';

/**
 * Finds merchants by code (the `Merchant` header) or by host (the request's domain). Lookups are
 * cached in this process and the cache is dropped on any change notification (see PublicCache).
 */
export class MerchantDirectory {
  private byCode = new Map<string, Promise<MerchantContext | null>>();
  private byDomain = new Map<string, Promise<MerchantContext | null>>();
  /** Lookups that have finished, for callers that cannot wait (the response cache's fast path). */
  private settledByCode = new Map<string, MerchantContext | null>();
  private settledByDomain = new Map<string, MerchantContext | null>();

  constructor(private readonly db: Kysely<Database>) {}

  findByCode(code: string): Promise<MerchantContext | null> {
    const key = code.trim().toLowerCase();
    return remember(this.byCode, this.settledByCode, key, () =>
      this.load((query) => query.where((eb) => eb.fn('lower', ['merchant.code']), '=', key)),
    );
  }

  findByDomain(host: string): Promise<MerchantContext | null> {
    const domain = normaliseHost(host);
    if (!domain) return Promise.resolve(null);
    return remember(this.byDomain, this.settledByDomain, domain, () =>
      this.load((query) =>
        query.where('merchant.id', 'in', (eb) =>
          eb.selectFrom('merchant_domain').select('merchant_id').where('domain', '=', domain),
        ),
      ),
    );
  }

  /** The merchant of a code or host if it has been looked up already; undefined if not yet known. */
  peek(code: string | undefined, host: string | undefined): MerchantContext | null | undefined {
    if (code !== undefined && code.trim() !== '') return this.settledByCode.get(code.trim().toLowerCase());
    return this.settledByDomain.get(normaliseHost(host ?? ''));
  }

  forget(): void {
    this.byCode = new Map();
    this.byDomain = new Map();
    this.settledByCode = new Map();
    this.settledByDomain = new Map();
  }

  private async load(
    filter: (query: ReturnType<MerchantDirectory['baseQuery']>) => ReturnType<MerchantDirectory['baseQuery']>,
  ): Promise<MerchantContext | null> {
    const row = await filter(this.baseQuery()).executeTakeFirst();
    return row ? toMerchantContext(row) : null;
  }

  private baseQuery() {
    return this.db.selectFrom('merchant').select(merchantColumns);
  }
}

function remember<T>(
  cache: Map<string, Promise<T>>,
  settled: Map<string, T>,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const cached = cache.get(key);
  if (cached) return cached;
  const loading = load();
  cache.set(key, loading);
  loading.then(
    (value) => {
      // Only while this lookup is still the current one (forget() may have run meanwhile).
      if (cache.get(key) === loading) settled.set(key, value);
    },
    () => {},
  );
  if (settled.size > 1000) settled.delete(settled.keys().next().value as string);
  // A failed load (database down) must not be remembered.
  loading.catch(() => cache.delete(key));
  // Bound the maps: hosts are client input, so a flood of random hosts must not grow memory.
  if (cache.size > 1000) cache.delete(cache.keys().next().value as string);
  return loading;
}

/** `Demo.Example.com:8080` -> `demo.example.com`; IPv6 literals keep their brackets off. */
export function normaliseHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']'));
  return trimmed.split(':')[0] ?? '';
}
