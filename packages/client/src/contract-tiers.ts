import type { AgentContract, AgentContractKind, OfferContractRequest } from '@lotus/contract';

/*
 * A contract offer's tiers as a form holds them, shared by the site's downline-contracts page and the
 * back-office's offer to a top agent, so both check an offer alike before sending it and send it alike.
 * The server's rules (modules/agents `validateTiers`, `tierProblemOf`) stay the authority: these checks
 * show a problem at its field as it is typed; the server's refusal names the same `tiers.N.field`.
 */

/** A tier as typed: every value a string; rates in percent (1.2 = 1.20 %), sent as the original's fraction. */
export type TierDraft = Record<string, string>;

/** The fields of a kind's tier, in the order a form shows them (the offer call's names). */
export function tierFieldsOf(kind: AgentContractKind): string[] {
  if (kind === 'dividend') return ['minimumBet', 'netLoss', 'activeMember', 'contractRate'];
  if (kind === 'realtime_salary') return ['betAmount', 'lossRate', 'winRate'];
  return ['minimumBet', 'activeMember', 'rateType', 'rate'];
}

/** A rate typed in percent (a salary's `rate` only when it is a percent, not a fixed amount). */
export const isRateField = (field: string) => field === 'contractRate' || field === 'lossRate' || field === 'winRate';
const betField = (kind: AgentContractKind) => (kind === 'realtime_salary' ? 'betAmount' : 'minimumBet');
const rateFields = ['rate', 'contractRate', 'lossRate', 'winRate'];

export function emptyTier(kind: AgentContractKind): TierDraft {
  return Object.fromEntries(tierFieldsOf(kind).map((field) => [field, field === 'rateType' ? 'P' : '']));
}

/** A signed contract's tiers as drafts (a change starts from them). */
export function draftsOf(contract: AgentContract): TierDraft[] {
  return contract.details.map((tier) => {
    const record = tier as Record<string, unknown>;
    const draft = emptyTier(contract.kind);
    for (const field of Object.keys(draft)) {
      const source = field === 'minimumBet' && record.betVolume !== undefined ? record.betVolume : record[field];
      if (source === undefined || source === null) continue;
      const isPercent = isRateField(field) || (field === 'rate' && record.rateType !== 'F');
      draft[field] = isPercent ? String(Math.round(Number(source) * 1_000_000) / 10_000) : String(source);
    }
    return draft;
  });
}

/** The percent typed as the original's fraction, four decimals at most. */
export const fractionOf = (percent: string) => Math.round(Number(percent) * 100) / 10_000;

/** The tiers as the offer call wants them. */
export function tiersOfDrafts(kind: AgentContractKind, drafts: TierDraft[]): Array<Record<string, unknown>> {
  return drafts.map((draft) => {
    if (kind === 'dividend')
      return {
        minimumBet: draft.minimumBet,
        netLoss: draft.netLoss || '0',
        activeMember: Number(draft.activeMember || 0),
        contractRate: fractionOf(draft.contractRate ?? ''),
      };
    if (kind === 'realtime_salary')
      return {
        betAmount: draft.betAmount,
        lossRate: fractionOf(draft.lossRate ?? ''),
        winRate: fractionOf(draft.winRate ?? ''),
      };
    return draft.rateType === 'F'
      ? {
          minimumBet: draft.minimumBet,
          activeMember: Number(draft.activeMember || 0),
          rateType: 'F',
          amount: draft.rate,
        }
      : {
          minimumBet: draft.minimumBet,
          activeMember: Number(draft.activeMember || 0),
          rateType: 'P',
          rate: fractionOf(draft.rate ?? ''),
        };
  });
}

/** An offer as a form holds it: `period` is the dividend's D/W/H/M or the hourly H/BH, '' otherwise. */
export interface OfferDraft {
  kind: AgentContractKind;
  productType: string;
  period: string;
  carryForward: 'none' | 'loss' | 'loss_monthly' | 'pnl';
  tiers: TierDraft[];
}

/** The offer call's body for a draft, each kind with its own fields (the server parses it again). */
export function offerRequestOf(downlineId: string, draft: OfferDraft): OfferContractRequest {
  const tiers = tiersOfDrafts(draft.kind, draft.tiers);
  const base = { downlineId, productType: draft.productType };
  const request =
    draft.kind === 'dividend'
      ? { ...base, kind: draft.kind, computationPeriod: draft.period, carryForward: draft.carryForward, tiers }
      : draft.kind === 'hourly_salary'
        ? { ...base, kind: draft.kind, frequency: draft.period, tiers }
        : { ...base, kind: draft.kind, tiers };
  return request as OfferContractRequest;
}

/**
 * What my own contract lets me offer (percent): `flat`, the highest rate of each field, shown beside the
 * inputs; `atBet`, for a real-time salary, the rates of my own tier at a single bet's size (my tier with
 * the largest bet amount not above it; null: none, so nothing can be offered at that size), which is the
 * server's rule (`tierProblemOf`): a real-time tier is capped by the upline's tier at its bet size.
 */
export interface Ceiling {
  flat: Record<string, number>;
  atBet?: (betAmount: number) => Record<string, number> | null;
}

/** My own contract's ceiling of what I offer; null: no ceiling (the merchant's own offer). */
export function ceilingOf(own: AgentContract | undefined): Ceiling | null {
  if (!own) return null;
  const tiers = own.details as Array<Record<string, unknown>>;
  const flat: Record<string, number> = {};
  for (const tier of tiers)
    for (const field of rateFields)
      if (typeof tier[field] === 'number' && (field !== 'rate' || tier.rateType !== 'F'))
        flat[field] = Math.max(flat[field] ?? 0, (tier[field] as number) * 100);
  if (own.kind !== 'realtime_salary') return { flat };
  const byBet = tiers
    .map((tier) => ({
      bet: Number(tier.betAmount),
      rates: { lossRate: Number(tier.lossRate) * 100, winRate: Number(tier.winRate) * 100 },
    }))
    .sort((a, b) => a.bet - b.bet);
  return {
    flat,
    atBet: (betAmount) => byBet.findLast((tier) => tier.bet <= betAmount)?.rates ?? null,
  };
}

/** Why a tier's field is refused: empty, zero, not above (or below) the tier before, above my own rate. */
export type TierProblemCode = 'required' | 'zero' | 'rising' | 'above_own';

const isNumber = (value: string) => value.trim() !== '' && !Number.isNaN(Number(value)) && Number(value) >= 0;

/**
 * The rules the server enforces, checked as typed so the problem shows at its field: every bet and rate
 * given, bets and rates rising strictly (a real-time salary: its bet sizes only), rates above zero, active
 * members and net loss no lower than the tier before, and no rate above my own (`ceiling`: my highest, or
 * a real-time salary's at the tier's bet size; null for the merchant's own offer). Answers
 * `tiers.N.field` → problem, in the server's field names.
 */
export function tierProblems(
  kind: AgentContractKind,
  drafts: TierDraft[],
  ceiling: Ceiling | null,
): Record<string, TierProblemCode> {
  const problems: Record<string, TierProblemCode> = {};
  const bet = betField(kind);
  drafts.forEach((draft, index) => {
    for (const field of tierFieldsOf(kind)) {
      if (field === 'rateType' || field === 'netLoss' || field === 'activeMember') continue;
      const value = draft[field] ?? '';
      if (!isNumber(value)) problems[`tiers.${index}.${field}`] = 'required';
      else if (field !== bet && Number(value) <= 0) problems[`tiers.${index}.${field}`] = 'zero';
    }
    for (const field of ['netLoss', 'activeMember'])
      if (field in draft && (draft[field] ?? '').trim() !== '' && !isNumber(draft[field]!))
        problems[`tiers.${index}.${field}`] = 'required';
    if (index > 0) {
      const before = drafts[index - 1]!;
      if (Number(draft[bet]) <= Number(before[bet]) && !problems[`tiers.${index}.${bet}`])
        problems[`tiers.${index}.${bet}`] = 'rising';
      // Thresholds a team may meet at several tiers at once: never lower than the tier before.
      for (const field of ['activeMember', 'netLoss'])
        if (field in draft && !problems[`tiers.${index}.${field}`])
          if (Number(draft[field] || 0) < Number(before[field] || 0)) problems[`tiers.${index}.${field}`] = 'rising';
      // Rates (or a salary's fixed amounts) rise strictly; a percent never follows a fixed amount or back.
      // A real-time salary's tiers rise in bet size only: its rates are capped at each size instead.
      for (const field of kind === 'realtime_salary' ? [] : rateFields)
        if (field in draft && !problems[`tiers.${index}.${field}`])
          if ((field === 'rate' && draft.rateType !== before.rateType) || Number(draft[field]) <= Number(before[field]))
            problems[`tiers.${index}.${field}`] = 'rising';
    }
    const caps = ceiling?.atBet && isNumber(draft[bet] ?? '') ? ceiling.atBet(Number(draft[bet])) : ceiling?.flat;
    if (ceiling && caps === null)
      problems[`tiers.${index}.${rateFields.find((field) => field in draft)}`] ??= 'above_own';
    for (const [field, max] of Object.entries(caps ?? {}))
      if (field in draft && !(field === 'rate' && draft.rateType === 'F') && Number(draft[field]) > max + 1e-9)
        problems[`tiers.${index}.${field}`] ??= 'above_own';
  });
  return problems;
}
