import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

/**
 * One log line per request instead of Fastify's two, and at `debug` for ordinary successes: at
 * lobby traffic rates two info lines per call cost more than the call itself (measured with
 * `npm run bench`). Client errors, server errors and slow requests stay at warn or error, each with
 * the request id. `LOG_LEVEL=debug` gives the full access log.
 */
const slowRequestMs = 1000;

/**
 * Query parameters whose values are secrets: the e-mailed reset link (`/?resetPassword=`), tokens
 * and codes some vendors and gateways put in URLs. Their values are replaced in the logged URL; the
 * rest of the query stays, because it is what makes a line useful.
 */
const secretParameter = /pass|token|secret|code|key|sig|otp|auth|session/i;

export function urlForLog(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const parts = url
    .slice(queryAt + 1)
    .split('&')
    .map((part) => {
      const equalsAt = part.indexOf('=');
      if (equalsAt < 0) return part;
      let name = part.slice(0, equalsAt);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed name is judged as written.
      }
      return secretParameter.test(name) ? `${part.slice(0, equalsAt)}=[redacted]` : part;
    });
  return `${url.slice(0, queryAt)}?${parts.join('&')}`;
}

export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const isNoteworthy = error !== null || reply.statusCode >= 400 || reply.elapsedTime > slowRequestMs;
    // The common case, a quick success with debug off, builds nothing.
    if (!isNoteworthy && !(reply.log as Logger).isLevelEnabled('debug')) return;
    const line = {
      method: request.method,
      url: urlForLog(request.url),
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
      device: request.device,
    };
    if (error || reply.statusCode >= 500) reply.log.error({ ...line, err: error ?? undefined }, 'request failed');
    else if (reply.elapsedTime > slowRequestMs) reply.log.warn(line, 'slow request');
    else if (reply.statusCode >= 400 && reply.statusCode !== 404) reply.log.info(line, 'request refused');
    else reply.log.debug(line, 'request completed');
  }
}
