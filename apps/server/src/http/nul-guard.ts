import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * PostgreSQL text cannot hold the NUL character: a value with one makes the driver's query fail
 * ("invalid byte sequence"), which would answer a 500 to what is only bad input. No field of ours
 * has a use for it, so any text of the query, the path or the (parsed or opened) body that holds
 * one is refused as a validation error before the handler runs. Sealed calls (login, register,
 * passwords, withdrawals) are left to their own checks first, which refuse control characters
 * field by field with messages that say more (a register field's "control characters, < or >");
 * a NUL one of them lets through reaches PostgreSQL, whose refusal (SQLSTATE 22021) the error
 * handler answers the same way, naming the field (http/error-handler.ts).
 */
export function registerNulGuard(app: FastifyInstance): void {
  const guard: preHandlerAsyncHookHandler = async (request) => {
    const field = nulFieldOf(request);
    if (field !== null) throw AppError.badRequest(field, 'validation.invalid_value');
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.sealed === true) return;
    const existing = route.preHandler ?? [];
    route.preHandler = [...(Array.isArray(existing) ? existing : [existing]), guard];
  });
}

/** The field (dotted path, or the part: query, params, body) of the request's first text holding a NUL; null when none. */
export function nulFieldOf(request: FastifyRequest): string | null {
  for (const [part, value] of [
    ['query', request.query],
    ['params', request.params],
    ['body', request.body],
  ] as const) {
    const field = findNul(value);
    if (field !== null) return field || part;
  }
  return null;
}

/**
 * The dotted path of the first text holding a NUL (keys too), in the order the fields were sent; ''
 * for the value itself, null when none. Iterative (a queue, not recursion): bodies may nest deep.
 */
function findNul(root: unknown): string | null {
  const pending: Array<[unknown, string]> = [[root, '']];
  for (let next = 0; next < pending.length; next += 1) {
    const [value, path] = pending[next]!;
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
