import type { Envelope } from '@lotus/contract';

/** A success envelope. Routes return `ok(value)`; errors are thrown as AppError. */
export function ok<T>(value: T): Envelope<T> & { success: true; value: T } {
  return { success: true, value };
}
