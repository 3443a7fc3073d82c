import { formatMinorUnits } from '@lotus/contract';

/** Statement inputs whose values are money in minor units (as the settlement stores them). */
const moneyInputs = new Set([
  'teamValidBet',
  'teamBet',
  'teamPayout',
  'teamDeposit',
  'netLoss',
  'bonuses',
  'rebates',
  'fees',
  'platformFee',
  'serviceFee',
  'carriedIn',
  'carriedOut',
  'grossMinor',
]);

export interface InputLine {
  key: string;
  value: string;
  isMoney: boolean;
}

/**
 * A statement's stored inputs as lines, in the order stored: money in minor units shown as amounts,
 * other scalars as they are, nested values (terms, deduction lists) one line each as compact JSON.
 */
export function inputLines(inputs: Record<string, unknown>): InputLine[] {
  return Object.entries(inputs).map(([key, value]) => {
    if (
      moneyInputs.has(key) &&
      (typeof value === 'string' || typeof value === 'number') &&
      /^-?\d+$/.test(String(value))
    )
      return { key, value: formatMinorUnits(BigInt(value)), isMoney: true };
    if (value !== null && typeof value === 'object') return { key, value: JSON.stringify(value), isMoney: false };
    return { key, value: String(value), isMoney: false };
  });
}
