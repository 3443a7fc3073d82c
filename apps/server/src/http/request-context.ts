import { errorCodes, languageSchema, type Language } from '@lotus/contract';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { MerchantContext, MerchantDirectory } from '../modules/merchant/index.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant of an API call (`/wps`, `/lgw`); set before validation, so errors speak its language. */
    merchant: MerchantContext;
    /** The language of messages: the Language header, else the merchant's default, else TH. */
    language: Language;
    /** The client kind from the Device header (`web` by default), recorded with logins and logs. */
    device: string;
  }
}

/** Paths whose calls belong to a merchant. */
export const merchantScopedPrefixes = ['/wps/', '/lgw/'];

export function isMerchantScoped(url: string): boolean {
  return merchantScopedPrefixes.some((prefix) => url.startsWith(prefix));
}

const languages: ReadonlySet<string> = new Set(languageSchema.options);

/** The Language header when it names a language we ship; anything else falls back to the default. */
export function headerLanguage(request: { headers: IncomingHttpHeaders }): Language | null {
  const raw = request.headers.language;
  if (typeof raw !== 'string') return null;
  const language = raw.trim().toUpperCase();
  return languages.has(language) ? (language as Language) : null;
}

/** `web`, `h5`, `ios`, ... lower-cased; anything malformed counts as `web`. */
export function headerDevice(request: FastifyRequest): string {
  const raw = request.headers.device;
  return typeof raw === 'string' && /^[a-zA-Z0-9_-]{1,16}$/.test(raw) ? raw.toLowerCase() : 'web';
}

/**
 * Resolves the merchant from the `Merchant` header, else from the request's host through the
 * merchant's domain list. An unknown or disabled merchant is refused before anything else runs.
 */
export async function resolveMerchant(request: FastifyRequest, directory: MerchantDirectory): Promise<void> {
  const code = request.headers.merchant;
  const merchant =
    typeof code === 'string' && code.trim() !== ''
      ? await directory.findByCode(code)
      : await directory.findByDomain(request.headers.host ?? '');
  if (!merchant) throw new AppError(400, errorCodes.merchantUnknown);
  request.language = headerLanguage(request) ?? merchant.defaultLanguage;
  request.device = headerDevice(request);
  if (merchant.status !== 'active') throw new AppError(403, errorCodes.merchantDisabled);
  request.merchant = merchant;
}
