// The baccarat page's pure rules: the bet slip (chips collected before one bet call), the
// countdown corrected for the clock difference with the server, and how cards are written.
import { BACCARAT_PAYOUTS, type BaccaratBet, type Card } from '@lotus/fair';

export type Bets = Partial<Record<BaccaratBet, number>>;

export interface BetLimits {
  minMinor: number;
  maxMinor: number;
  chips: readonly number[];
}

export type AddChipResult = { ok: true; slip: Bets } | { ok: false; reason: 'OVER_LIMIT' | 'OVER_BALANCE' };

export function betsTotal(bets: Bets): number {
  return Object.values(bets).reduce((sum, amount) => sum + (amount ?? 0), 0);
}

/**
 * Adds a chip to a spot of the slip. A spot takes at most `maxMinor` in a round, counting what is
 * already confirmed there (the server counts the same way), and the slip never exceeds the
 * balance. Chips are never below `minMinor`, so every spot on a slip meets the minimum.
 */
export function addChip(
  slip: Bets,
  spot: BaccaratBet,
  chipMinor: number,
  context: { confirmed: Bets; limits: BetLimits; balanceMinor: bigint },
): AddChipResult {
  const onSpot = (slip[spot] ?? 0) + chipMinor;
  if ((context.confirmed[spot] ?? 0) + onSpot > context.limits.maxMinor) return { ok: false, reason: 'OVER_LIMIT' };
  if (BigInt(betsTotal(slip) + chipMinor) > context.balanceMinor) return { ok: false, reason: 'OVER_BALANCE' };
  return { ok: true, slip: { ...slip, [spot]: onSpot } };
}

/** Whole seconds of betting left (rounded up), from the server's clock: `serverOffsetMs` = server now - local now. */
export function secondsLeft(closesAtMs: number, localNowMs: number, serverOffsetMs: number): number {
  return Math.max(0, Math.ceil((closesAtMs - (localNowMs + serverOffsetMs)) / 1_000));
}

/** How long to wait before reconnecting after `attempt` failed tries: 1 s, 2 s, 4 s ... at most 15 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(15_000, 1_000 * 2 ** Math.max(0, attempt));
}

const rankNames: Record<number, string> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
const suitSymbols: Record<Card['suit'], string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

export function cardFace(card: Card): { rank: string; suit: string; isRed: boolean } {
  return {
    rank: rankNames[card.rank] ?? String(card.rank),
    suit: suitSymbols[card.suit],
    isRed: card.suit === 'H' || card.suit === 'D',
  };
}

/** A spot's payout as the table shows it: "1:1", "0.95:1", "8:1", "11:1". */
export function oddsLabel(spot: BaccaratBet): string {
  return `${BACCARAT_PAYOUTS[spot]}:1`;
}

/** Short chip label in whole currency units: 10, 50, 100, 500, 1K, 10K. */
export function chipLabel(chipMinor: number): string {
  const units = chipMinor / 100;
  return units >= 1_000 && units % 1_000 === 0 ? `${units / 1_000}K` : String(units);
}
