import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
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
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...contentSecurityPolicy, frameSrc: [...contentSecurityPolicy.frameSrc, ...gameOrigins] },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent per request, only over TLS (see registerSecurityHeaders).
    strictTransportSecurity: false,
  })({} as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error;
  });
  headers['Permissions-Policy'] = permissionsPolicy;
  return headers;
}

/**
 * Powerful browser features nothing of ours uses are switched off, so an injected or framed script
 * cannot ask for them either. Fullscreen, autoplay and the clipboard stay: the /game page puts its
 * frame in fullscreen and lets the game autoplay, and the money pages copy account numbers. Only
 * features Chromium knows: an unknown one (`bluetooth`) is a console warning on every page.
 */
export const permissionsPolicy =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), display-capture=()';

/**
 * HSTS only means something over TLS (browsers ignore it on plain HTTP, RFC 6797 §8.1), and TLS
 * usually ends at the proxy in front of us, so it is sent when the request came over TLS: the
 * socket's own, or `X-Forwarded-Proto: https` from a proxy listed in TRUST_PROXY (Fastify's
 * `request.protocol`). Sent on plain-HTTP local use it would only add noise.
 */
export const strictTransportSecurity = {
  name: 'Strict-Transport-Security',
  value: 'max-age=31536000; includeSubDomains',
} as const;

/**
 * For the response cache's fast path, which answers before Fastify (no `request.protocol` there):
 * TLS on the socket, or the last `X-Forwarded-Proto` (as Fastify reads it) when a proxy is trusted.
 * It cannot check that the socket is that proxy; a client that forges the header only gets an HSTS
 * header its own browser then ignores on plain HTTP, so erring that way costs nothing.
 */
export function arrivedOverTls(request: IncomingMessage, isProxyTrusted: boolean): boolean {
  if ((request.socket as TLSSocket).encrypted) return true;
  const forwarded = request.headers['x-forwarded-proto'];
  if (!isProxyTrusted || typeof forwarded !== 'string') return false;
  return forwarded.split(',').at(-1)?.trim() === 'https';
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
  'Permissions-Policy': permissionsPolicy,
};

export function registerSecurityHeaders(
  app: FastifyInstance,
  isApiPath: (url: string) => boolean,
  gameOrigins: readonly string[],
): void {
  const siteHeaders = securityHeaders(gameOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const isApi = isApiPath(request.url);
    reply.headers(isApi ? apiSecurityHeaders : siteHeaders);
    // An answer to a call that carries a member's or an operator's token is about that person (their
    // money, their account) and must never be kept by a browser or a proxy, errors included; set here
    // once, before any guard or handler runs, rather than remembered by every route.
    if (isApi && request.headers.authorization !== undefined) reply.header('Cache-Control', 'no-store');
    if (request.protocol === 'https') reply.header(strictTransportSecurity.name, strictTransportSecurity.value);
  });
}
