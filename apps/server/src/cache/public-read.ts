import type { Language } from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PublicCache } from './public-cache.ts';
import type { Database } from '../db/schema.ts';
import type { AppInstance } from '../http/types.ts';
import type { MerchantContext } from '../modules/merchant/index.ts';

/** What a public (no-token) read needs: the data, its cache, and whose and in which language. */
export interface PublicReadContext {
  db: Kysely<Database>;
  publicCache: Pick<PublicCache, 'get'>;
  merchant: MerchantContext;
  language: Language;
}

export function publicReadContext(
  app: AppInstance,
  request: FastifyRequest,
  language: Language = request.language,
): PublicReadContext {
  return { db: app.db, publicCache: app.publicCache, merchant: request.merchant, language };
}

/**
 * A read cached per merchant and language. The cache is dropped whenever a row of the merchant
 * changes (triggers of migration 0002), so what is cached must depend only on table rows: values
 * that move with the clock (active windows) or with the caller (IP) are applied after the cache.
 * Cached values are plain JSON (numbers for times), so a shared cache could hold them too.
 */
export function cachedRead<T>(context: PublicReadContext, name: string, load: () => Promise<T>): Promise<T> {
  return context.publicCache.get(context.merchant.id, `${name}:${context.language}`, load);
}

export function pickLanguage<Row>(language: Language, th: Row, en: Row): Row {
  return language === 'TH' ? th : en;
}
