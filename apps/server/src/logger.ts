import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from './config.ts';

/**
 * JSON logs. Secrets that can ride on a request (tokens, wrapped keys, cookies) never reach a line.
 * `destination` (default stdout) lets a test read every line written.
 */
export function createLogger(config: Pick<AppConfig, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.encryption',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        // A vendor's HMAC secret (the back-office's rotation answer, modules/seamless-wallet): never on a line.
        '*.secret',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
