import {
  agentContractErrorCodes,
  formatMinorUnits,
  parseAmount,
  type AgentContractKind,
  type OfferContractRequest,
} from '@lotus/contract';
import { z } from 'zod';
import { AppError } from '../../../http/app-error.ts';
import {
  comparableDividendTier,
  comparableSalaryTier,
  validateTiers,
  type CarryForwardMode,
  type DividendTier,
  type SalaryTier,
  type TierProblem,
} from '../settlement/contract-math.ts';

/**
 * A contract's terms as `agent_contract.terms` stores them (JSON; money in minor units as decimal
 * strings, rates in ppm), converted from an offer's request, to the settlement's tiers, and to the
 * original's names for the reads.
 */

const minor = z.string().regex(/^-?\d+$/);
const storedRate = z.union([
  z.object({ kind: z.literal('percent'), ppm: z.number().int().positive() }),
  z.object({ kind: z.literal('fixed'), amountMinor: minor }),
]);
const storedSalaryTier = z.object({ minimumBetMinor: minor, activeMembers: z.number().int(), rate: storedRate });
const storedDividendTier = z.object({
  minimumBetMinor: minor,
  netLossMinor: minor,
  activeMembers: z.number().int(),
  ppm: z.number().int().positive(),
});
const storedRealTimeTier = z.object({
  betAmountMinor: minor,
  lossPpm: z.number().int().positive(),
  winPpm: z.number().int().positive(),
});

export const storedTermsSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('salary'), tiers: z.array(storedSalaryTier).min(1) }),
  z.object({
    type: z.literal('dividend'),
    carryForward: z.enum(['none', 'loss', 'loss_monthly', 'pnl']),
    tiers: z.array(storedDividendTier).min(1),
  }),
  z.object({ type: z.literal('realtime'), tiers: z.array(storedRealTimeTier).min(1) }),
]);
export type StoredTerms = z.infer<typeof storedTermsSchema>;

const toMinor = (amount: string) => parseAmount(amount)!;
/** The original's fraction (0.012) in ppm (12,000); the request schema allows four decimals at most. */
export const ppmOf = (fraction: number) => Math.round(fraction * 1_000_000);
const fractionOf = (ppm: number) => ppm / 1_000_000;

export function termsOfOffer(offer: OfferContractRequest): StoredTerms {
  switch (offer.kind) {
    case 'dividend':
      return {
        type: 'dividend',
        carryForward: offer.carryForward,
        tiers: offer.tiers.map((tier) => ({
          minimumBetMinor: toMinor(tier.minimumBet).toString(),
          netLossMinor: toMinor(tier.netLoss).toString(),
          activeMembers: tier.activeMember,
          ppm: ppmOf(tier.contractRate),
        })),
      };
    case 'realtime_salary':
      return {
        type: 'realtime',
        tiers: offer.tiers.map((tier) => ({
          betAmountMinor: toMinor(tier.betAmount).toString(),
          lossPpm: ppmOf(tier.lossRate),
          winPpm: ppmOf(tier.winRate),
        })),
      };
    default:
      return {
        type: 'salary',
        tiers: offer.tiers.map((tier) => ({
          minimumBetMinor: toMinor(tier.minimumBet).toString(),
          activeMembers: tier.activeMember,
          rate:
            tier.rateType === 'P'
              ? { kind: 'percent' as const, ppm: ppmOf(tier.rate!) }
              : { kind: 'fixed' as const, amountMinor: toMinor(tier.amount!).toString() },
        })),
      };
  }
}

export function salaryTiersOf(terms: StoredTerms): SalaryTier[] {
  if (terms.type !== 'salary') return [];
  return terms.tiers.map((tier) => ({
    minimumBetMinor: BigInt(tier.minimumBetMinor),
    activeMembers: tier.activeMembers,
    rate:
      tier.rate.kind === 'percent'
        ? { kind: 'percent', ppm: tier.rate.ppm }
        : { kind: 'fixed', amountMinor: BigInt(tier.rate.amountMinor) },
  }));
}

export function dividendTiersOf(terms: StoredTerms): { tiers: DividendTier[]; carryForward: CarryForwardMode } {
  if (terms.type !== 'dividend') return { tiers: [], carryForward: 'none' };
  return {
    carryForward: terms.carryForward,
    tiers: terms.tiers.map((tier) => ({
      minimumBetMinor: BigInt(tier.minimumBetMinor),
      netLossMinor: BigInt(tier.netLossMinor),
      activeMembers: tier.activeMembers,
      ppm: tier.ppm,
    })),
  };
}

/**
 * The rule of `validateTiers` for any kind, the upline's terms (null: the merchant's own contract,
 * capped by nothing). Real-time tiers rise in single-bet size, each rate above zero and no higher
 * than the upline's at that bet size.
 */
export function tierProblemOf(terms: StoredTerms, uplineTerms: StoredTerms | null): TierProblem | null {
  if (terms.type === 'salary')
    return validateTiers(
      salaryTiersOf(terms).map(comparableSalaryTier),
      uplineTerms ? salaryTiersOf(uplineTerms).map(comparableSalaryTier) : null,
    );
  if (terms.type === 'dividend')
    return validateTiers(
      dividendTiersOf(terms).tiers.map(comparableDividendTier),
      uplineTerms ? dividendTiersOf(uplineTerms).tiers.map(comparableDividendTier) : null,
    );
  for (const [index, tier] of terms.tiers.entries()) {
    const previous = terms.tiers[index - 1];
    if (previous && BigInt(tier.betAmountMinor) <= BigInt(previous.betAmountMinor))
      return { code: 'tier.not.rising', index, field: 'minimumBet' };
    if (uplineTerms?.type === 'realtime') {
      const cap = [...uplineTerms.tiers]
        .reverse()
        .find((upline) => BigInt(upline.betAmountMinor) <= BigInt(tier.betAmountMinor));
      if (!cap || cap.lossPpm < tier.lossPpm || cap.winPpm < tier.winPpm) return { code: 'tier.above.upline', index };
    }
  }
  return null;
}

/** The offer's tier field a problem names, in the request's own names. */
function fieldOf(kind: AgentContractKind, problem: TierProblem): string {
  if (problem.code === 'tiers.empty') return 'tiers';
  const base = `tiers.${problem.index}`;
  if (problem.code !== 'tier.not.rising') return `${base}.${rateFieldOf(kind)}`;
  const names = {
    minimumBet: kind === 'realtime_salary' ? 'betAmount' : 'minimumBet',
    activeMember: 'activeMember',
    netLoss: 'netLoss',
    rate: rateFieldOf(kind),
  };
  return `${base}.${names[problem.field]}`;
}

const rateFieldOf = (kind: AgentContractKind) =>
  kind === 'dividend' ? 'contractRate' : kind === 'realtime_salary' ? 'lossRate' : 'rate';

const codeOf = {
  'tiers.empty': agentContractErrorCodes.tiersEmpty,
  'tier.not.rising': agentContractErrorCodes.tierNotRising,
  'tier.zero': agentContractErrorCodes.tierZero,
  'tier.above.upline': agentContractErrorCodes.tierAboveUpline,
} as const;

/** 400 naming the tier's field (`tiers.1.rate`), or nothing. */
export function assertTiers(kind: AgentContractKind, terms: StoredTerms, uplineTerms: StoredTerms | null): void {
  const problem = tierProblemOf(terms, uplineTerms);
  if (!problem) return;
  const field = fieldOf(kind, problem);
  throw new AppError(400, codeOf[problem.code], { field, params: { field } });
}

/** The tiers in the original's names: daily salary `details`, the others their own (original-programmes §1.3). */
export function originalTiersOf(kind: AgentContractKind, terms: StoredTerms): Array<Record<string, unknown>> {
  if (terms.type === 'dividend')
    return terms.tiers.map((tier) => ({
      minimumBet: formatMinorUnits(BigInt(tier.minimumBetMinor)),
      netLoss: formatMinorUnits(BigInt(tier.netLossMinor)),
      activeMember: tier.activeMembers,
      contractRate: fractionOf(tier.ppm),
    }));
  if (terms.type === 'realtime')
    return terms.tiers.map((tier) => ({
      betAmount: formatMinorUnits(BigInt(tier.betAmountMinor)),
      lossRate: fractionOf(tier.lossPpm),
      winRate: fractionOf(tier.winPpm),
    }));
  const betKey = kind === 'daily_salary' ? 'betVolume' : 'minimumBet';
  return terms.tiers.map((tier) => ({
    [betKey]: formatMinorUnits(BigInt(tier.minimumBetMinor)),
    activeMember: tier.activeMembers,
    ...(tier.rate.kind === 'percent'
      ? { rate: fractionOf(tier.rate.ppm), rateType: 'P' as const }
      : { rate: formatMinorUnits(BigInt(tier.rate.amountMinor)), rateType: 'F' as const }),
  }));
}
