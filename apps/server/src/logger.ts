import pino, { type Logger } from 'pino';
import type { AppConfig } from './config.ts';

/** JSON logs. Secrets that can ride on a request (tokens, wrapped keys, cookies) never reach a line. */
export function createLogger(config: Pick<AppConfig, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.encryption',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}
