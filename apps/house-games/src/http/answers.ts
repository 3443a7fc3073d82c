import { z } from 'zod';

/** Answers in the platform's envelope shape, so one client reads both (errors: error-handler.ts). */
export const okAnswer = <T>(value: T) => ({ success: true, value });

/** Every game call carries the launch's token, game and currency (from the page's URL) in its body. */
export const playerBodySchema = z.object({
  token: z.string().min(16).max(512),
  gameId: z.string().min(1).max(64),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type PlayerBody = z.infer<typeof playerBodySchema>;

/** JSON cannot carry bigint: money goes out as integer strings of minor units. */
export function plain<T>(value: T): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)),
  );
}
