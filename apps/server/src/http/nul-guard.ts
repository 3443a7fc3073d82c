import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * PostgreSQL text cannot hold the NUL character: a value with one makes the driver's query fail
 * ("invalid byte sequence"), which would answer a 500 to what is only bad input. No field of ours
 * has a use for it, so any text of the query, the path or the (parsed or opened) body that holds
 * one is refused as a validation error before the handler runs. A preHandler, so that sealed
 * bodies are already opened and checked against their schema.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const field = findNul(value);
      if (field !== null) throw AppError.badRequest(field || part, 'validation.invalid_value');
    }
  });
}

/** The dotted path of the first text holding a NUL (keys too), '' for the value itself, null when none. Iterative: bodies may nest deep. */
function findNul(root: unknown): string | null {
  const pending: Array<[unknown, string]> = [[root, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}
