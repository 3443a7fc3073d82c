import { describe, expect, test } from 'vitest';
import type { AgentContract } from '@lotus/contract';
import { ceilingOf, emptyTier, offerRequestOf, tierProblems, type TierDraft } from './contract-tiers';

/** The offer form's checks, shared by the site and the back-office: each rule names the tier's field. */
describe('tierProblems', () => {
  const salary = (minimumBet: string, activeMember: string, rate: string, rateType = 'P'): TierDraft => ({
    minimumBet,
    activeMember,
    rateType,
    rate,
  });
  const dividend = (minimumBet: string, netLoss: string, activeMember: string, contractRate: string): TierDraft => ({
    minimumBet,
    netLoss,
    activeMember,
    contractRate,
  });

  test.each([
    [
      'an empty tier',
      'daily_salary',
      [emptyTier('daily_salary')],
      { 'tiers.0.minimumBet': 'required', 'tiers.0.rate': 'required' },
    ],
    ['a rate of zero', 'daily_salary', [salary('1000', '1', '0')], { 'tiers.0.rate': 'zero' }],
    ['not a number', 'dividend', [dividend('1000', 'x', '1', '10')], { 'tiers.0.netLoss': 'required' }],
    [
      'a bet threshold that does not rise',
      'daily_salary',
      [salary('1000', '1', '1'), salary('1000', '1', '2')],
      { 'tiers.1.minimumBet': 'rising' },
    ],
    [
      'fewer active members than the tier before',
      'hourly_salary',
      [salary('1000', '3', '1'), salary('2000', '2', '2')],
      { 'tiers.1.activeMember': 'rising' },
    ],
    [
      'a lower net loss than the tier before',
      'dividend',
      [dividend('1000', '500', '1', '10'), dividend('2000', '400', '1', '20')],
      { 'tiers.1.netLoss': 'rising' },
    ],
    [
      'a rate that does not rise',
      'dividend',
      [dividend('1000', '0', '1', '20'), dividend('2000', '0', '1', '20')],
      { 'tiers.1.contractRate': 'rising' },
    ],
    [
      'a fixed amount after a percent',
      'daily_salary',
      [salary('1000', '1', '1'), salary('2000', '1', '50', 'F')],
      { 'tiers.1.rate': 'rising' },
    ],
    [
      'a smaller single bet',
      'realtime_salary',
      [
        { betAmount: '100', lossRate: '1', winRate: '0.5' },
        { betAmount: '10', lossRate: '2', winRate: '1' },
      ],
      { 'tiers.1.betAmount': 'rising' },
    ],
  ] as const)('%s', (_name, kind, drafts, problems) => {
    expect(tierProblems(kind, [...drafts], null)).toEqual(problems);
  });

  test('rising tiers of every kind pass; a ceiling refuses a rate above it', () => {
    expect(tierProblems('daily_salary', [salary('1000', '1', '1'), salary('5000', '3', '1.5')], null)).toEqual({});
    expect(
      tierProblems('mr_daily_salary', [salary('1000', '1', '50', 'F'), salary('5000', '1', '300', 'F')], null),
    ).toEqual({});
    expect(
      tierProblems('dividend', [dividend('1000', '0', '1', '20'), dividend('5000', '100', '2', '30')], null),
    ).toEqual({});
    expect(tierProblems('dividend', [dividend('1000', '0', '1', '40')], { flat: { contractRate: 35 } })).toEqual({
      'tiers.0.contractRate': 'above_own',
    });
  });

  test("a real-time salary's tiers rise in bet size only, each capped by my own tier at its size (the server's rule)", () => {
    const own = ceilingOf({
      kind: 'realtime_salary',
      details: [
        { betAmount: '10.00', lossRate: 0.01, winRate: 0.005 },
        { betAmount: '100.00', lossRate: 0.02, winRate: 0.01 },
      ],
    } as unknown as AgentContract);
    const realtime = (betAmount: string, lossRate: string, winRate: string): TierDraft => ({
      betAmount,
      lossRate,
      winRate,
    });
    // Rates that fall from one tier to the next are fine; each is within my own at its size.
    expect(tierProblems('realtime_salary', [realtime('50', '1', '0.5'), realtime('200', '0.8', '0.4')], own)).toEqual(
      {},
    );
    // 1.5 % at 50.00 is above my 1 % there, though below my highest 2 %.
    expect(tierProblems('realtime_salary', [realtime('50', '1.5', '0.5')], own)).toEqual({
      'tiers.0.lossRate': 'above_own',
    });
    // Below my smallest bet size I have no rate to offer from.
    expect(tierProblems('realtime_salary', [realtime('5', '0.5', '0.1')], own)).toEqual({
      'tiers.0.lossRate': 'above_own',
    });
  });
});

describe('offerRequestOf', () => {
  test("each kind gets its own fields; rates typed in percent are sent as the original's fractions", () => {
    const tiers = [{ minimumBet: '1000', netLoss: '', activeMember: '2', contractRate: '12.5' }];
    expect(
      offerRequestOf('77', { kind: 'dividend', productType: 'LIVE', period: 'H', carryForward: 'pnl', tiers }),
    ).toEqual({
      kind: 'dividend',
      downlineId: '77',
      productType: 'LIVE',
      computationPeriod: 'H',
      carryForward: 'pnl',
      tiers: [{ minimumBet: '1000', netLoss: '0', activeMember: 2, contractRate: 0.125 }],
    });
    expect(
      offerRequestOf('77', {
        kind: 'hourly_salary',
        productType: 'RNG',
        period: 'BH',
        carryForward: 'none',
        tiers: [{ minimumBet: '500', activeMember: '1', rateType: 'P', rate: '0.2' }],
      }),
    ).toEqual({
      kind: 'hourly_salary',
      downlineId: '77',
      productType: 'RNG',
      frequency: 'BH',
      tiers: [{ minimumBet: '500', activeMember: 1, rateType: 'P', rate: 0.002 }],
    });
    expect(
      offerRequestOf('77', {
        kind: 'realtime_salary',
        productType: 'LOTT',
        period: '',
        carryForward: 'none',
        tiers: [{ betAmount: '10', lossRate: '1', winRate: '0.5' }],
      }),
    ).toEqual({
      kind: 'realtime_salary',
      downlineId: '77',
      productType: 'LOTT',
      tiers: [{ betAmount: '10', lossRate: 0.01, winRate: 0.005 }],
    });
  });
});
