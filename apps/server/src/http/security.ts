import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers. The Content-Security-Policy allows only our own origin: no inline script or
 * style, no third-party hosts, so an injected script cannot run or send a token anywhere. The built
 * site is made to pass it (CSS in files; brand colours through the CSSOM). The one exception is
 * frames: the /game page frames the game vendors' pages (`gameOrigins`), nothing else.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  mediaSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  // TLS ends at the proxy in front of us; upgrading would break plain-HTTP local use.
  upgradeInsecureRequests: null,
};

/**
 * Helmet decides the headers; we ask it once at start and set the result on every reply. The
 * headers do not depend on the request, and running helmet's middleware per request halved the
 * throughput of the lobby calls (measured with `npm run bench`).
 */
export function securityHeaders(gameOrigins: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
    getHeader: (name: string) => headers[name],
  } as unknown as ServerResponse;
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...contentSecurityPolicy, frameSrc: [...contentSecurityPolicy.frameSrc, ...gameOrigins] } },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * JSON answers are never rendered as documents, so they carry the short set OWASP advises for
 * APIs (nothing may load, nothing may frame, no sniffing) instead of the site's full policy:
 * on lobby calls the full set was a third of the bytes written per answer.
 */
export const apiSecurityHeaders: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

export function registerSecurityHeaders(app: FastifyInstance, isApiPath: (url: string) => boolean, gameOrigins: readonly string[]): void {
  const siteHeaders = securityHeaders(gameOrigins);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(isApiPath(request.url) ? apiSecurityHeaders : siteHeaders);
  });
}
