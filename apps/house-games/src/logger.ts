import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { HouseConfig } from './config.ts';

/**
 * JSON logs, configured like the platform's (apps/server/src/logger.ts). Secrets that can ride on a
 * request or a call (the vendor signature, session tokens, cookies) never reach a line.
 * `destination` (default stdout) lets a test read every line written.
 */
export function createHouseLogger(
  config: Pick<HouseConfig, 'LOG_LEVEL'>,
  destination?: DestinationStream | { write(line: string): void },
): Logger {
  const options: LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-signature"]',
        'res.headers["set-cookie"]',
        '*.secret',
        '*.password',
        '*.token',
        '*.sessionToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Game pages are opened with the player's session token in the query (`/play/x?token=`), so
      // request lines carry the path only: a token in a log is a seat anyone reading it could take.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
    },
  };
  return destination ? pino(options, destination as DestinationStream) : pino(options);
}
