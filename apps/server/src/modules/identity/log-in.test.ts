import { describe, expect, test } from 'vitest';
import { findLockedUntilMs, lockDurationMs } from './log-in.ts';

const minute = 60_000;
const nowMs = Date.UTC(2026, 10, 22, 12, 0, 0);
/** `count` failures, newest first, the newest `newestAgoMs` before now and `spacingMs` apart. */
function failures(count: number, newestAgoMs: number, spacingMs: number): number[] {
  return Array.from({ length: count }, (_, index) => nowMs - newestAgoMs - index * spacingMs);
}

describe('findLockedUntilMs', () => {
  test.each([
    ['no failures', [], null],
    ['9 failures in a minute', failures(9, 0, 1000), null],
    ['10 failures spread over more than 15 minutes', failures(10, 0, 2 * minute), null],
    ['10 failures whose lock has run out', failures(10, 15 * minute, 1000), null],
    ['10 failures in a minute, just now', failures(10, 0, 1000), nowMs + lockDurationMs],
    ['10 failures in 14 minutes, the last 5 minutes ago', failures(10, 5 * minute, (14 * minute) / 9), nowMs + 10 * minute],
  ])('%s', (_name, list, expected) => {
    expect(findLockedUntilMs(list, nowMs)).toBe(expected);
  });
});
