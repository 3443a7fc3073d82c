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
  'carryOut',
  'base',
  'grossMinor',
]);

export interface InputLine {
  key: string;
  value: string;
  isMoney: boolean;
}

/**
 * A statement's stored inputs as lines, in the order stored: money in minor units shown as amounts,
 * the dividend's deduction lines (`lines: [{ code, amount }]`) one line each (`line_deposit_fee`, ...),
 * other scalars as they are, other nested values (terms, rules) one line each as compact JSON.
 */
export function inputLines(inputs: Record<string, unknown>): InputLine[] {
  return Object.entries(inputs).flatMap(([key, value]): InputLine[] => {
    if (key === 'lines' && Array.isArray(value) && value.every(isDeductionLine))
      return value.map((line) => ({
        key: `line_${line.code}`,
        value: formatMinorUnits(BigInt(line.amount)),
        isMoney: true,
      }));
    if (
      moneyInputs.has(key) &&
      (typeof value === 'string' || typeof value === 'number') &&
      /^-?\d+$/.test(String(value))
    )
      return [{ key, value: formatMinorUnits(BigInt(value)), isMoney: true }];
    if (value !== null && typeof value === 'object') return [{ key, value: JSON.stringify(value), isMoney: false }];
    return [{ key, value: String(value), isMoney: false }];
  });
}

const isDeductionLine = (line: unknown): line is { code: string; amount: string } =>
  typeof (line as { code?: unknown })?.code === 'string' &&
  typeof (line as { amount?: unknown }).amount === 'string' &&
  /^-?\d+$/.test((line as { amount: string }).amount);
