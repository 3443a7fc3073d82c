import type { AgentContract, AgentContractKind } from '@lotus/contract';
import { merchantDay } from '../../../lib/format';

/** How the money pages write numbers and dates in the member's language. */
export const localeOf = (language: string) => (language === 'TH' ? 'th-TH' : 'en-GB');

export function formatMoney(value: string, language: string): string {
  const number = Number(value);
  return new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    number,
  );
}

/** The original's fraction as a percent with two decimals (0.012 → 1.20 %). */
export function formatRate(fraction: number | string, language: string): string {
  return `${new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(fraction) * 100)} %`;
}

export function formatTime(ms: number, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/** Today and n days ago as `YYYY-MM-DD` in the merchant's calendar (the filters' defaults). */
export function dayString(offsetDays = 0, now = Date.now()): string {
  return merchantDay(now + offsetDays * 86_400_000);
}

/** Every contract of a consolidated map (by product, or by product then period), each once. */
export function contractsOf(...maps: Array<Record<string, unknown>>): AgentContract[] {
  const seen = new Map<string, AgentContract>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) for (const contract of value as AgentContract[]) seen.set(contract.id, contract);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) if (key === 'agent' || typeof inner === 'object') visit(inner);
  };
  for (const map of maps) visit(map);
  return [...seen.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

/** The tiers' columns of each kind (the original's names in `details`). */
export function tierColumnsOf(kind: AgentContractKind): string[] {
  switch (kind) {
    case 'dividend':
      return ['minimumBet', 'netLoss', 'activeMember', 'contractRate'];
    case 'realtime_salary':
      return ['betAmount', 'lossRate', 'winRate'];
    case 'daily_salary':
      return ['betVolume', 'activeMember', 'rate'];
    default:
      return ['minimumBet', 'activeMember', 'rate'];
  }
}
