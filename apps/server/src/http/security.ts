import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. The Content-Security-Policy allows only our own origin: no inline script or
 * style, no third-party hosts, so an injected script cannot run or send a token anywhere. The built
 * site is made to pass it (CSS in files; brand colours through the CSSOM).
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

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
