import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cascadeOf, type ContractEarning } from './cascade.ts';
import {
  comparableSalaryTier,
  dividendOf,
  salaryOf,
  shareOf,
  validateTiers,
  type CarryForwardMode,
  type SalaryTier,
} from './contract-math.ts';
import { noFigures, teamFiguresOf, type MemberFigures, type TeamFigures, type TreeMember } from './team-figures.ts';

/** A random tree: member i's upline is one of the members before it, or none (a top). */
const treeArbitrary = fc
  .array(fc.option(fc.nat(), { nil: null, freq: 6 }), { minLength: 1, maxLength: 60 })
  .map((picks): TreeMember[] =>
    picks.map((pick, index) => ({
      memberId: BigInt(index + 1),
      uplineId: index === 0 || pick === null ? null : BigInt((pick % index) + 1),
    })),
  );

const figuresArbitrary = fc.record({
  betMinor: fc.bigInt({ min: 0n, max: 5_000_000n }),
  payoutShare: fc.integer({ min: 0, max: 200 }),
  depositMinor: fc.bigInt({ min: 0n, max: 1_000_000n }),
  bonusMinor: fc.bigInt({ min: 0n, max: 50_000n }),
  rebateMinor: fc.bigInt({ min: 0n, max: 50_000n }),
  depositFeeMinor: fc.bigInt({ min: 0n, max: 5_000n }),
  withdrawalFeeMinor: fc.bigInt({ min: 0n, max: 5_000n }),
  isActive: fc.boolean(),
});

type RawFigures = typeof figuresArbitrary extends fc.Arbitrary<infer Raw> ? Raw : never;

function memberFiguresOf(rows: RawFigures[]): MemberFigures[] {
  return rows.map((row) => ({
    betMinor: row.betMinor,
    validBetMinor: (row.betMinor * 9n) / 10n,
    payoutMinor: (row.betMinor * BigInt(row.payoutShare)) / 100n,
    depositMinor: row.depositMinor,
    bonusMinor: row.bonusMinor,
    rebateMinor: row.rebateMinor,
    depositFeeMinor: row.depositFeeMinor,
    withdrawalFeeMinor: row.withdrawalFeeMinor,
    isActive: row.isActive,
  }));
}

const treeWithFigures = treeArbitrary.chain((tree) =>
  fc.tuple(fc.constant(tree), fc.array(figuresArbitrary, { minLength: tree.length, maxLength: tree.length })),
);

/** The definition, the slow way: walk up from every member and add it to each agent above it. */
function naiveTeams(tree: TreeMember[], figures: Map<bigint, MemberFigures>, agentIds: Set<bigint>) {
  const uplineOf = new Map(tree.map((member) => [member.memberId, member.uplineId]));
  const teams = new Map<bigint, TeamFigures>();
  for (const agentId of agentIds)
    teams.set(agentId, {
      betMinor: 0n,
      validBetMinor: 0n,
      payoutMinor: 0n,
      depositMinor: 0n,
      bonusMinor: 0n,
      rebateMinor: 0n,
      depositFeeMinor: 0n,
      withdrawalFeeMinor: 0n,
      size: 0,
      activeMembers: 0,
    });
  for (const { memberId } of tree) {
    const own = figures.get(memberId) ?? noFigures;
    for (let at = uplineOf.get(memberId) ?? null; at !== null; at = uplineOf.get(at) ?? null) {
      const team = teams.get(at);
      if (!team) continue;
      team.betMinor += own.betMinor;
      team.validBetMinor += own.validBetMinor;
      team.payoutMinor += own.payoutMinor;
      team.depositMinor += own.depositMinor;
      team.bonusMinor += own.bonusMinor;
      team.rebateMinor += own.rebateMinor;
      team.depositFeeMinor += own.depositFeeMinor;
      team.withdrawalFeeMinor += own.withdrawalFeeMinor;
      team.size += 1;
      team.activeMembers += own.isActive ? 1 : 0;
    }
  }
  return teams;
}

const hasDownline = (tree: TreeMember[]) => new Set(tree.flatMap((member) => member.uplineId ?? []));

describe('team figures', () => {
  test('one pass over the tree gives every agent the sums of its whole team, never its own', () => {
    fc.assert(
      fc.property(treeWithFigures, fc.array(fc.nat()), ([tree, rows], extraAgents) => {
        const figures = new Map(memberFiguresOf(rows).map((row, index) => [BigInt(index + 1), row]));
        const agentIds = new Set([
          ...hasDownline(tree),
          ...extraAgents.map((pick) => BigInt((pick % tree.length) + 1)),
        ]);
        expect(teamFiguresOf(tree, figures, agentIds)).toEqual(naiveTeams(tree, figures, agentIds));
      }),
    );
  });

  test('members who share an IP address or a device with the agent do not count as its active members', () => {
    const tree: TreeMember[] = [
      { memberId: 1n, uplineId: null },
      { memberId: 2n, uplineId: 1n },
      { memberId: 3n, uplineId: 2n },
      { memberId: 4n, uplineId: null },
    ];
    const active = { ...noFigures, isActive: true, betMinor: 100n };
    const figures = new Map([
      [2n, active],
      [3n, active],
      [4n, active],
    ]);
    // 3 shares a device with 1; 4 is outside 1's team, so naming it changes nothing.
    const teams = teamFiguresOf(tree, figures, new Set([1n]), () => [3n, 4n, 3n]);
    expect(teams.get(1n)).toMatchObject({ activeMembers: 1, size: 2, betMinor: 200n });
  });

  test('a tree with a cycle is refused', () => {
    expect(() =>
      teamFiguresOf(
        [
          { memberId: 1n, uplineId: 2n },
          { memberId: 2n, uplineId: 1n },
        ],
        new Map(),
        new Set([1n]),
      ),
    ).toThrow(/cycle/);
  });
});

/** Rising percent tiers: bet thresholds and rates strictly rising, active members not falling. */
const tiersArbitrary = fc
  .array(
    fc.record({
      betStep: fc.bigInt({ min: 1n, max: 300_000n }),
      activeStep: fc.integer({ min: 0, max: 2 }),
      rateStep: fc.integer({ min: 1, max: 6_000 }),
    }),
    { minLength: 1, maxLength: 5 },
  )
  .map((steps) => {
    let bet = 0n;
    let active = 0;
    let ppm = 0;
    return steps.map((step): SalaryTier => {
      bet += step.betStep;
      active += step.activeStep;
      ppm += step.rateStep;
      return { minimumBetMinor: bet, activeMembers: active, rate: { kind: 'percent', ppm } };
    });
  });

/** A downline's offer under the upline's tiers: some of its tiers, each at a lower or equal rate. */
function tiersUnder(upline: SalaryTier[], keep: boolean[], cuts: number[]): SalaryTier[] {
  const kept = upline.filter((_, index) => keep[index % keep.length]);
  const chosen = kept.length > 0 ? kept : [upline[0]!];
  let previous = 0;
  return chosen.map((tier, index) => {
    const cap = tier.rate.kind === 'percent' ? tier.rate.ppm : 0;
    const ppm = Math.max(previous + 1, Math.floor((cap * (cuts[index % cuts.length] ?? 100)) / 100));
    previous = Math.min(ppm, cap);
    return { ...tier, rate: { kind: 'percent', ppm: Math.min(ppm, cap) } };
  });
}

describe('salary contracts and the cascade', () => {
  test('with valid percent tiers, what every agent receives covers what it pays its downlines; the merchant pays only its own contracts', () => {
    fc.assert(
      fc.property(
        treeWithFigures,
        tiersArbitrary,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 1 }),
        ([tree, rows], topTiers, keep, cuts, holds) => {
          const figures = new Map(memberFiguresOf(rows).map((row, index) => [BigInt(index + 1), row]));
          const uplineOf = new Map(tree.map((member) => [member.memberId, member.uplineId]));
          // Contracts down the tree: a top holds the merchant's; a member holds one from its upline
          // only if the upline holds one (an agent offers only what it has).
          const tiersOf = new Map<bigint, SalaryTier[]>();
          for (const { memberId, uplineId } of tree) {
            if (!holds[Number(memberId) % holds.length]) continue;
            if (uplineId === null) tiersOf.set(memberId, topTiers);
            else if (tiersOf.has(uplineId)) {
              const offered = tiersUnder(tiersOf.get(uplineId)!, keep, cuts);
              const problem = validateTiers(
                offered.map(comparableSalaryTier),
                tiersOf.get(uplineId)!.map(comparableSalaryTier),
              );
              if (problem) continue; // A refused offer is never signed.
              tiersOf.set(memberId, offered);
            }
          }
          const teams = teamFiguresOf(tree, figures, new Set(tiersOf.keys()));
          const earnings: ContractEarning[] = [...tiersOf].map(([holderId, tiers]) => ({
            contractId: holderId,
            holderId,
            payerId: uplineOf.get(holderId) ?? null,
            grossMinor: salaryOf(tiers, teams.get(holderId)!).grossMinor,
          }));
          const cascade = cascadeOf(earnings);
          expect(cascade.shortfalls).toEqual([]);
          let sumOfNets = 0n;
          for (const [agentId, net] of cascade.byAgent) {
            const own = earnings.find((earning) => earning.holderId === agentId)?.grossMinor ?? 0n;
            const toDownlines = earnings
              .filter((earning) => earning.payerId === agentId)
              .reduce((sum, earning) => sum + earning.grossMinor, 0n);
            expect(net).toEqual({ receivedMinor: own, paidMinor: toDownlines, netMinor: own - toDownlines });
            sumOfNets += net.netMinor;
          }
          // Money is conserved: all the agents keep, together, exactly what the merchant pays.
          expect(sumOfNets).toBe(cascade.merchantPaysMinor);
          expect(cascade.merchantPaysMinor).toBe(
            earnings
              .filter((earning) => earning.payerId === null)
              .reduce((sum, earning) => sum + earning.grossMinor, 0n),
          );
        },
      ),
    );
  });

  test('the tier is the highest whose every threshold is met: bets of the top tier with few active members pay the low rate', () => {
    const tiers: SalaryTier[] = [
      { minimumBetMinor: 100_000n, activeMembers: 1, rate: { kind: 'percent', ppm: 5_000 } },
      { minimumBetMinor: 1_000_000n, activeMembers: 5, rate: { kind: 'percent', ppm: 10_000 } },
      { minimumBetMinor: 5_000_000n, activeMembers: 10, rate: { kind: 'fixed', amountMinor: 999n } },
    ];
    const team = (validBetMinor: bigint, activeMembers: number): TeamFigures => ({
      ...noFigures,
      validBetMinor,
      activeMembers,
      size: activeMembers,
    });
    expect(salaryOf(tiers, team(9_000_000n, 2))).toEqual({ tierIndex: 0, grossMinor: 45_000n });
    expect(salaryOf(tiers, team(1_234_567n, 5))).toEqual({ tierIndex: 1, grossMinor: 12_345n });
    expect(salaryOf(tiers, team(99_999n, 50))).toEqual({ tierIndex: null, grossMinor: 0n });
    expect(salaryOf(tiers, team(5_000_000n, 10))).toEqual({ tierIndex: 2, grossMinor: 999n });
  });

  test('an offer is refused when its tiers do not rise, have a zero rate, or pay above the upline', () => {
    const tier = (bet: bigint, active: number, ppm: number) =>
      comparableSalaryTier({ minimumBetMinor: bet, activeMembers: active, rate: { kind: 'percent', ppm } });
    const upline = [tier(100n, 1, 10_000), tier(1_000n, 5, 20_000)];
    expect(validateTiers([], upline)).toEqual({ code: 'tiers.empty' });
    expect(validateTiers([tier(100n, 1, 0)], upline)).toEqual({ code: 'tier.zero', index: 0 });
    expect(validateTiers([tier(100n, 1, 5_000), tier(100n, 2, 6_000)], upline)).toEqual({
      code: 'tier.not.rising',
      index: 1,
      field: 'minimumBet',
    });
    expect(validateTiers([tier(100n, 3, 5_000), tier(200n, 2, 6_000)], upline)).toMatchObject({
      field: 'activeMember',
    });
    expect(validateTiers([tier(100n, 1, 5_000), tier(200n, 2, 5_000)], upline)).toMatchObject({ field: 'rate' });
    // 1.5 % at thresholds where the upline earns 1 %: above the upline.
    expect(validateTiers([tier(500n, 2, 15_000)], upline)).toEqual({ code: 'tier.above.upline', index: 0 });
    // Thresholds below the upline's lowest tier: the upline earns nothing there.
    expect(validateTiers([tier(50n, 1, 1_000)], upline)).toEqual({ code: 'tier.above.upline', index: 0 });
    expect(validateTiers([tier(100n, 1, 10_000), tier(2_000n, 6, 20_000)], upline)).toBeNull();
    expect(validateTiers([tier(100n, 1, 10_000)], null)).toBeNull();
  });
});

describe('dividends', () => {
  const oneTier = [{ minimumBetMinor: 0n, netLossMinor: -(10n ** 15n), activeMembers: 0, ppm: 300_000 }];
  const teamWithNet = (netLossMinor: bigint): TeamFigures => ({
    ...noFigures,
    betMinor: netLossMinor > 0n ? netLossMinor : 0n,
    payoutMinor: netLossMinor > 0n ? 0n : -netLossMinor,
    size: 1,
    activeMembers: 1,
  });
  const noCharges = { serviceFeePpm: 0, platformFeePpm: 0 };

  test('deductions are listed line by line and the rate applies to what is left', () => {
    const team: TeamFigures = {
      ...noFigures,
      betMinor: 1_000_000n,
      validBetMinor: 900_000n,
      payoutMinor: 600_000n,
      bonusMinor: 20_000n,
      rebateMinor: 9_000n,
      depositFeeMinor: 600n,
      withdrawalFeeMinor: 400n,
      size: 4,
      activeMembers: 3,
    };
    const result = dividendOf(
      [{ minimumBetMinor: 500_000n, netLossMinor: 100_000n, activeMembers: 3, ppm: 250_000 }],
      team,
      { serviceFeePpm: 10_000, platformFeePpm: 50_000 },
      { mode: 'loss', carriedInMinor: -70_000n, isFirstPeriodOfMonth: false },
    );
    expect(result.netLossMinor).toBe(400_000n);
    expect(result.deductions).toEqual([
      { code: 'bonus', amountMinor: 20_000n },
      { code: 'rebate', amountMinor: 9_000n },
      { code: 'deposit_fee', amountMinor: 600n },
      { code: 'withdrawal_fee', amountMinor: 400n },
      { code: 'platform_fee', amountMinor: 20_000n },
      { code: 'service_fee', amountMinor: 9_000n },
      { code: 'carried', amountMinor: 70_000n },
    ]);
    expect(result.baseMinor).toBe(271_000n);
    expect(result).toMatchObject({ tierIndex: 0, grossMinor: 67_750n, carryOutMinor: 0n });
  });

  test('carry-forward: a loss is recovered before anything is paid; every mode pays no more than carrying nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -1_000_000n, max: 1_000_000n }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom<CarryForwardMode>('loss', 'loss_monthly', 'pnl'),
        (netLosses, mode) => {
          let carried = 0n;
          let paidBases = 0n;
          let paid = 0n;
          let paidWithoutCarry = 0n;
          for (const [index, netLoss] of netLosses.entries()) {
            const result = dividendOf(oneTier, teamWithNet(netLoss), noCharges, {
              mode,
              carriedInMinor: carried,
              isFirstPeriodOfMonth: index % 4 === 0,
            });
            const withoutCarry = dividendOf(oneTier, teamWithNet(netLoss), noCharges, {
              mode: 'none',
              carriedInMinor: carried,
              isFirstPeriodOfMonth: false,
            });
            expect(withoutCarry.carryOutMinor).toBe(0n);
            if (result.baseMinor > 0n) paidBases += result.baseMinor;
            paid += result.grossMinor;
            paidWithoutCarry += withoutCarry.grossMinor;
            expect(result.grossMinor).toBe(shareOf(result.baseMinor, 300_000));
            carried = result.carryOutMinor;
          }
          expect(paid).toBeLessThanOrEqual(paidWithoutCarry);
          if (mode === 'loss') {
            // Nothing is lost or paid twice: what was paid on plus what is still owed is the periods' sum.
            expect(paidBases + carried).toBe(netLosses.reduce((sum, value) => sum + value, 0n));
          }
        },
      ),
    );
  });

  test('loss reset monthly starts the month with nothing carried; P&L mode carries a profit that reached no tier', () => {
    expect(
      dividendOf(oneTier, teamWithNet(100n), noCharges, {
        mode: 'loss_monthly',
        carriedInMinor: -500n,
        isFirstPeriodOfMonth: true,
      }),
    ).toMatchObject({ baseMinor: 100n, grossMinor: 30n, carryOutMinor: 0n });
    const highTier = [{ minimumBetMinor: 10n ** 9n, netLossMinor: 0n, activeMembers: 0, ppm: 300_000 }];
    const waiting = dividendOf(highTier, teamWithNet(1_000n), noCharges, {
      mode: 'pnl',
      carriedInMinor: 0n,
      isFirstPeriodOfMonth: false,
    });
    expect(waiting).toMatchObject({ tierIndex: null, grossMinor: 0n, carryOutMinor: 1_000n });
    expect(
      dividendOf(oneTier, teamWithNet(500n), noCharges, {
        mode: 'pnl',
        carriedInMinor: waiting.carryOutMinor,
        isFirstPeriodOfMonth: false,
      }),
    ).toMatchObject({ baseMinor: 1_500n, grossMinor: 450n, carryOutMinor: 0n });
  });
});
