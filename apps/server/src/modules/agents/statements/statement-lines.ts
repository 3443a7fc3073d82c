import { formatMinorUnits, type StatementLine } from '@lotus/contract';

/**
 * A statement's stored `inputs` (JSON written by each kind's settlement) as the lines the agent is
 * shown. The daily salary stores `teamValidBet`, `teamBet` (minor units as strings), `activeMembers`,
 * `teamSize`, `tierIndex` (null: no tier reached) and the contract's `terms`. The dividend stores its
 * deductions as `lines: [{ code, amount }]`, shown one deduction line each, in order, under the names
 * of `deductionNames`; a kind may also store `deductions` as `{ name: minor }`. Keys not known here
 * are still shown, by their JSON type, so a new settlement's inputs are never hidden.
 */
const skippedKeys = new Set(['terms', 'tierIndex', 'deductions', 'lines']);
const minorPattern = /^-?\d+$/;

/** The dividend's line codes (contract-math.ts `DeductionLine`) as the names the site translates. */
const deductionNames: Record<string, string> = {
  bonus: 'bonuses',
  rebate: 'rebates',
  deposit_fee: 'depositFees',
  withdrawal_fee: 'withdrawalFees',
  // One line for both fees, in statements stored before they were split (always 0 then).
  fees: 'fees',
  platform_fee: 'platformFee',
  service_fee: 'serviceFee',
  carried: 'carried',
};

export function statementLinesOf(inputs: unknown): StatementLine[] {
  if (inputs === null || typeof inputs !== 'object') return [];
  const record = inputs as Record<string, unknown>;
  const lines: StatementLine[] = [];
  for (const [name, value] of Object.entries(record)) {
    if (skippedKeys.has(name)) continue;
    if (typeof value === 'number') lines.push({ group: 'input', name, format: 'count', value: String(value) });
    else if (typeof value === 'string' && minorPattern.test(value))
      lines.push({ group: 'input', name, format: 'money', value: formatMinorUnits(BigInt(value)) });
    else if (typeof value === 'string') lines.push({ group: 'input', name, format: 'text', value });
  }
  if ('tierIndex' in record) {
    const tierIndex = typeof record.tierIndex === 'number' ? record.tierIndex : null;
    lines.push({ group: 'input', name: 'tier', format: 'tier', value: String(tierIndex === null ? 0 : tierIndex + 1) });
    const rate = tierIndex === null ? null : rateOfTier(record.terms, tierIndex);
    if (rate) lines.push(rate);
  }
  if (Array.isArray(record.lines))
    for (const line of record.lines as Array<{ code?: unknown; amount?: unknown }>)
      if (typeof line?.code === 'string' && typeof line.amount === 'string' && minorPattern.test(line.amount))
        lines.push({
          group: 'deduction',
          name: deductionNames[line.code] ?? line.code,
          format: 'money',
          value: formatMinorUnits(BigInt(line.amount)),
        });
  const deductions = record.deductions;
  if (deductions !== null && typeof deductions === 'object')
    for (const [name, value] of Object.entries(deductions as Record<string, unknown>))
      if (typeof value === 'string' && minorPattern.test(value))
        lines.push({ group: 'deduction', name, format: 'money', value: formatMinorUnits(BigInt(value)) });
  return lines;
}

/** The rate of the tier reached, from the stored terms (salary: percent in ppm or a fixed amount; dividend: ppm). */
function rateOfTier(terms: unknown, tierIndex: number): StatementLine | null {
  const tiers = (terms as { tiers?: unknown } | null)?.tiers;
  if (!Array.isArray(tiers)) return null;
  const tier = tiers[tierIndex] as { rate?: { kind?: string; ppm?: number; amountMinor?: string }; ppm?: number };
  if (!tier) return null;
  const rate = tier.rate;
  if (rate?.kind === 'percent' && typeof rate.ppm === 'number')
    return { group: 'input', name: 'rate', format: 'rate', value: String(rate.ppm / 1_000_000) };
  if (rate?.kind === 'fixed' && typeof rate.amountMinor === 'string' && minorPattern.test(rate.amountMinor))
    return { group: 'input', name: 'fixedAmount', format: 'money', value: formatMinorUnits(BigInt(rate.amountMinor)) };
  if (typeof tier.ppm === 'number')
    return { group: 'input', name: 'rate', format: 'rate', value: String(tier.ppm / 1_000_000) };
  return null;
}
