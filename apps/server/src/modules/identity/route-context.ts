import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../http/types.ts';
import { callerOf } from './caller.ts';

/**
 * What this module's calls take from the app and the request, read once per request. Each call's
 * own context type names the parts it uses; the rest is not read.
 */
export function routeContext(app: AppInstance, request: FastifyRequest) {
  return {
    db: app.db,
    config: app.config,
    senders: app.messageSenders,
    pause: app.pause,
    merchant: request.merchant,
    caller: callerOf(request),
    language: request.language,
    nowMs: app.now(),
    protocol: request.protocol,
    host: request.host,
    log: request.log,
  };
}
