import { describe, expect, test } from 'vitest';
import { SLOT_PAYTABLE, SLOT_PAYTABLE_V1, SLOT_SYMBOLS, type LinePay } from './slot-game.ts';

/** Every place where a lower-ranked symbol (later in the table) pays more than a higher one for the same count. */
function rankOrderViolations(paytable: readonly LinePay[]): string[] {
  const violations: string[] = [];
  paytable.forEach((higher, rank) => {
    for (const lower of paytable.slice(rank + 1)) {
      higher.pays.forEach((pay, index) => {
        if (lower.pays[index]! > pay)
          violations.push(
            `${index + 3} ${lower.symbol} pay ${lower.pays[index]} > ${index + 3} ${higher.symbol} pay ${pay}`,
          );
      });
    }
  });
  return violations;
}

describe('the slot paytable', () => {
  test('lists the paying symbols in their rank order, highest first', () => {
    expect(SLOT_PAYTABLE.map((entry) => entry.symbol)).toEqual(
      SLOT_SYMBOLS.filter((symbol) => symbol !== 'WILD' && symbol !== 'SCATTER'),
    );
  });

  test('symbols pay in rank order: for every count, no symbol pays more than a higher one', () => {
    expect(rankOrderViolations(SLOT_PAYTABLE)).toEqual([]);
  });

  test('each symbol pays more for a longer run', () => {
    for (const entry of SLOT_PAYTABLE)
      expect(entry.pays[0] < entry.pays[1] && entry.pays[1] < entry.pays[2], entry.symbol).toBe(true);
  });

  test('the first version broke the order at five J over five Q, and only there (the check can fail)', () => {
    expect(rankOrderViolations(SLOT_PAYTABLE_V1)).toEqual(['5 J pay 110 > 5 Q pay 100']);
    const changed = SLOT_PAYTABLE.filter((entry, index) =>
      entry.pays.some((pay, count) => pay !== SLOT_PAYTABLE_V1[index]!.pays[count]),
    );
    expect(changed.map((entry) => entry.symbol)).toEqual(['Q', 'J']);
  });
});
