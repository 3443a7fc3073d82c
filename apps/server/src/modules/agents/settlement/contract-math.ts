import { netLossOf, type TeamFigures } from './team-figures.ts';

/**
 * What a contract earns for one period, from its holder's team figures (team-figures.ts). Pure and in
 * integers: money in minor units, rates in parts per million of the base (the original's fraction
 * 0.012, shown as 1.20 %, is 12_000 ppm). A share of a base is rounded down to the minor unit: the
 * platform never pays a fraction of a satang, and the cascade below stays covered (see cascade.ts).
 */

export const ppmScale = 1_000_000n;

/** A tier's pay: a share of the team's valid bet (`P` in the original) or a fixed amount. */
export type TierRate = { kind: 'percent'; ppm: number } | { kind: 'fixed'; amountMinor: bigint };

/** Daily, hourly (and manual-claim daily) salary tiers: team valid bet ≥ and active members ≥ → rate. */
export interface SalaryTier {
  minimumBetMinor: bigint;
  activeMembers: number;
  rate: TierRate;
}

/** Dividend tiers: period valid bet ≥, team net loss ≥ and active members ≥ → share of the net base. */
export interface DividendTier {
  minimumBetMinor: bigint;
  netLossMinor: bigint;
  activeMembers: number;
  ppm: number;
}

export const shareOf = (baseMinor: bigint, ppm: number | bigint) =>
  baseMinor <= 0n ? 0n : (baseMinor * BigInt(ppm)) / ppmScale;

/**
 * The highest tier whose every threshold the team meets, or null. Tiers rise in every threshold
 * (validateTiers), so this is the last one met; a team with the bets of tier 3 but the active members
 * of tier 1 is paid at tier 1 (the original's rule text).
 */
export function reachedTier<Tier>(tiers: readonly Tier[], meets: (tier: Tier) => boolean): number | null {
  let reached: number | null = null;
  tiers.forEach((tier, index) => {
    if (meets(tier)) reached = index;
  });
  return reached;
}

export interface SalaryResult {
  tierIndex: number | null;
  /** What the tier pays on this team's figures. */
  grossMinor: bigint;
}

export function salaryOf(tiers: readonly SalaryTier[], team: TeamFigures): SalaryResult {
  const tierIndex = reachedTier(
    tiers,
    (tier) => team.validBetMinor >= tier.minimumBetMinor && team.activeMembers >= tier.activeMembers,
  );
  if (tierIndex === null) return { tierIndex, grossMinor: 0n };
  const { rate } = tiers[tierIndex]!;
  return {
    tierIndex,
    grossMinor: rate.kind === 'fixed' ? rate.amountMinor : shareOf(team.validBetMinor, rate.ppm),
  };
}

/**
 * How a negative result is carried into the next period (the original's `reset_frequency_*`):
 * `none` (0) nothing is carried; `loss` (1) a loss is carried until profits cover it; `loss_monthly`
 * (2) as `loss`, but the carry starts at nothing each calendar month; `pnl` (3) a loss is carried, and
 * a profit that reached no tier is carried too, to be paid when a later period reaches one.
 */
export const carryForwardModes = ['none', 'loss', 'loss_monthly', 'pnl'] as const;
export type CarryForwardMode = (typeof carryForwardModes)[number];

/** The merchant's dividend charges, besides the team's own bonuses, rebates and fees. */
export interface DividendCharges {
  /** Share of the team's valid bet ("dividend service fee = period bet × service-fee rate"). */
  serviceFeePpm: number;
  /** Share of the team's net loss, when positive (the platform's and vendors' fee). */
  platformFeePpm: number;
}

export interface DeductionLine {
  /** Statements stored before the two fee lines existed have one `fees` line instead (always 0). */
  code: 'bonus' | 'rebate' | 'deposit_fee' | 'withdrawal_fee' | 'platform_fee' | 'service_fee' | 'carried';
  amountMinor: bigint;
}

export interface DividendResult {
  tierIndex: number | null;
  netLossMinor: bigint;
  /** Every deduction from the net loss, line by line (the carried line is the earlier periods' balance, sign reversed). */
  deductions: DeductionLine[];
  /** The net loss less every deduction: the base the rate applies to. */
  baseMinor: bigint;
  grossMinor: bigint;
  /** What the next period starts from (≤ 0 a loss still to recover; > 0 only in `pnl` mode). */
  carryOutMinor: bigint;
}

export function dividendOf(
  tiers: readonly DividendTier[],
  team: TeamFigures,
  charges: DividendCharges,
  carry: { mode: CarryForwardMode; carriedInMinor: bigint; isFirstPeriodOfMonth: boolean },
): DividendResult {
  const netLossMinor = netLossOf(team);
  const carriedInMinor =
    carry.mode === 'none' || (carry.mode === 'loss_monthly' && carry.isFirstPeriodOfMonth)
      ? 0n
      : carry.mode === 'pnl'
        ? carry.carriedInMinor
        : minBig(carry.carriedInMinor, 0n);
  const deductions: DeductionLine[] = [
    { code: 'bonus', amountMinor: team.bonusMinor },
    { code: 'rebate', amountMinor: team.rebateMinor },
    { code: 'deposit_fee', amountMinor: team.depositFeeMinor },
    { code: 'withdrawal_fee', amountMinor: team.withdrawalFeeMinor },
    { code: 'platform_fee', amountMinor: shareOf(netLossMinor, charges.platformFeePpm) },
    { code: 'service_fee', amountMinor: shareOf(team.validBetMinor, charges.serviceFeePpm) },
    { code: 'carried', amountMinor: -carriedInMinor },
  ];
  const baseMinor = deductions.reduce((base, line) => base - line.amountMinor, netLossMinor);
  const tierIndex = reachedTier(
    tiers,
    (tier) =>
      team.validBetMinor >= tier.minimumBetMinor &&
      netLossMinor >= tier.netLossMinor &&
      team.activeMembers >= tier.activeMembers,
  );
  const grossMinor = tierIndex === null ? 0n : shareOf(baseMinor, tiers[tierIndex]!.ppm);
  const carryOutMinor =
    carry.mode === 'none'
      ? 0n
      : baseMinor < 0n
        ? baseMinor
        : carry.mode === 'pnl' && tierIndex === null
          ? baseMinor
          : 0n;
  return { tierIndex, netLossMinor, deductions, baseMinor, grossMinor, carryOutMinor };
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

/** Why a set of tiers is refused; the agent centre's form names the tier and the field. */
export type TierProblem =
  | { code: 'tiers.empty' }
  | { code: 'tier.not.rising'; index: number; field: 'minimumBet' | 'activeMember' | 'netLoss' | 'rate' }
  | { code: 'tier.zero'; index: number }
  | { code: 'tier.above.upline'; index: number };

interface ComparableTier {
  thresholds: { minimumBet: bigint; activeMember: bigint; netLoss?: bigint };
  /** A percent rate (ppm), or a fixed amount; the two kinds are not compared with each other. */
  rate: TierRate;
}

export const comparableSalaryTier = (tier: SalaryTier): ComparableTier => ({
  thresholds: { minimumBet: tier.minimumBetMinor, activeMember: BigInt(tier.activeMembers) },
  rate: tier.rate,
});

export const comparableDividendTier = (tier: DividendTier): ComparableTier => ({
  thresholds: {
    minimumBet: tier.minimumBetMinor,
    activeMember: BigInt(tier.activeMembers),
    netLoss: tier.netLossMinor,
  },
  rate: { kind: 'percent', ppm: tier.ppm },
});

const rateValue = (rate: TierRate) => (rate.kind === 'fixed' ? rate.amountMinor : BigInt(rate.ppm));

/**
 * The rules of an offer's tiers (original-programmes §1.3): at least one; no zero rate; each tier
 * higher than the one before in its bet threshold and its rate, and no lower in the others; and
 * never above the upline's own contract: for each tier, the rate the upline's contract pays at that
 * tier's thresholds is at least the tier's rate. The upline's team holds the downline's, so it always
 * reaches at least that tier of its own, and with percent rates what it receives covers what it
 * pays (cascade.ts; the property test proves it on random trees).
 */
export function validateTiers(
  tiers: readonly ComparableTier[],
  uplineTiers: readonly ComparableTier[] | null,
): TierProblem | null {
  if (tiers.length === 0) return { code: 'tiers.empty' };
  for (const [index, tier] of tiers.entries()) {
    if (rateValue(tier.rate) <= 0n) return { code: 'tier.zero', index };
    const previous = tiers[index - 1];
    if (previous) {
      if (tier.thresholds.minimumBet <= previous.thresholds.minimumBet)
        return { code: 'tier.not.rising', index, field: 'minimumBet' };
      if (tier.thresholds.activeMember < previous.thresholds.activeMember)
        return { code: 'tier.not.rising', index, field: 'activeMember' };
      if ((tier.thresholds.netLoss ?? 0n) < (previous.thresholds.netLoss ?? 0n))
        return { code: 'tier.not.rising', index, field: 'netLoss' };
      if (tier.rate.kind !== previous.rate.kind || rateValue(tier.rate) <= rateValue(previous.rate))
        return { code: 'tier.not.rising', index, field: 'rate' };
    }
    if (uplineTiers) {
      const uplineIndex = reachedTier(
        uplineTiers,
        (upline) =>
          tier.thresholds.minimumBet >= upline.thresholds.minimumBet &&
          tier.thresholds.activeMember >= upline.thresholds.activeMember &&
          (tier.thresholds.netLoss ?? 0n) >= (upline.thresholds.netLoss ?? 0n),
      );
      const upline = uplineIndex === null ? null : uplineTiers[uplineIndex]!;
      if (!upline || upline.rate.kind !== tier.rate.kind || rateValue(upline.rate) < rateValue(tier.rate))
        return { code: 'tier.above.upline', index };
    }
  }
  return null;
}
