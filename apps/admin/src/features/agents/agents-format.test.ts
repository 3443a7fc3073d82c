import { describe, expect, test } from 'vitest';
import { inputLines } from './agents-format';

describe('inputLines', () => {
  test("a dividend's deduction lines are one line each, as amounts; other nested values stay JSON", () => {
    expect(
      inputLines({
        netLoss: '100000',
        lines: [
          { code: 'deposit_fee', amount: '1500' },
          { code: 'withdrawal_fee', amount: '1000' },
        ],
        base: '97500',
        charges: { platformFeePpm: 0 },
      }),
    ).toEqual([
      { key: 'netLoss', value: '1000.00', isMoney: true },
      { key: 'line_deposit_fee', value: '15.00', isMoney: true },
      { key: 'line_withdrawal_fee', value: '10.00', isMoney: true },
      { key: 'base', value: '975.00', isMoney: true },
      { key: 'charges', value: '{"platformFeePpm":0}', isMoney: false },
    ]);
  });
});
