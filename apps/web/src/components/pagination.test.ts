import { describe, expect, test } from 'vitest';
import { buildPageItems } from './pagination';

const render = (current: number, total: number) =>
  buildPageItems(current, total)
    .map((item) => (item.kind === 'gap' ? '…' : String(item.page)))
    .join(' ');

describe('buildPageItems (page range 3, margin pages 1)', () => {
  test.each([
    [1, 0, ''],
    [1, 1, '1'],
    [2, 5, '1 2 3 4 5'],
    [1, 10, '1 2 3 … 10'],
    [5, 10, '1 … 4 5 6 … 10'],
    [10, 10, '1 … 8 9 10'],
    [3, 10, '1 2 3 4 … 10'],
  ])('page %i of %i → %s', (current, total, expected) => {
    expect(render(current, total)).toBe(expected);
  });
});
