import { errorCodes } from '@lotus/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * How deep arrays and objects may nest in a JSON body. No call takes more than a few levels, and a
 * body nested thousands deep (a few kilobytes of `[`) parses fine but then overflows the stack of
 * recursive code after it (JSON.stringify of the Idempotency-Key hash, validation), a 500.
 */
export const maxJsonDepth = 64;

/**
 * The app's JSON body parser: Fastify's own (which refuses `__proto__` and `constructor.prototype`
 * keys), after a check of the nesting depth on the text. Routes that keep the raw text for a
 * signature (vendor calls, payment callbacks) have parsers of their own in their scope.
 */
export function registerJsonBodyParser(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    if (exceedsDepth(body as string, maxJsonDepth)) {
      done(new AppError(400, errorCodes.malformedBody), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}

/** Whether brackets outside strings nest deeper than `limit`; one pass over the text. */
export function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (isInString) {
      if (char === 0x5c)
        index++; // a backslash escapes the next character
      else if (char === 0x22) isInString = false;
    } else if (char === 0x22) {
      isInString = true;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return false;
}
