// Test helpers of the lottery plays (imported by their tests only, never by the package's index).
import { expect } from 'vitest';
import { BetContentError } from './types.ts';

/** `run` throws a BetContentError with this code and a message matching `message`. */
export function expectContentError(run: () => unknown, code: BetContentError['code'], message: RegExp): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(BetContentError);
  expect((caught as BetContentError).code).toBe(code);
  expect((caught as BetContentError).message).toMatch(message);
}
