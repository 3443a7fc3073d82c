// Baccarat bets and what they return.
import type { BaccaratOutcome } from './deal-baccarat.ts';

export const BACCARAT_BETS = ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR'] as const;
export type BaccaratBet = (typeof BACCARAT_BETS)[number];

/** Winnings per unit staked when the bet wins, for the info screen. BANKER pays 1:1 less 5% commission. */
export const BACCARAT_PAYOUTS: Readonly<Record<BaccaratBet, number>> = {
  PLAYER: 1,
  BANKER: 0.95,
  TIE: 8,
  PLAYER_PAIR: 11,
  BANKER_PAIR: 11,
};

/**
 * What a bet returns to the player, stake included, in minor units: 0 when it loses, the stake
 * when it pushes (PLAYER and BANKER on a tie), stake plus winnings when it wins. The banker's
 * 5% commission is taken from the winnings and the winnings are rounded down to the minor unit,
 * so the house never pays a fraction; stakes in multiples of 20 minor units lose nothing to it.
 */
export function settleBaccaratBet(
  bet: BaccaratBet,
  amountMinor: number,
  outcome: Pick<BaccaratOutcome, 'result' | 'playerPair' | 'bankerPair'>,
): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 1)
    throw new RangeError('amountMinor must be a positive integer');
  switch (bet) {
    case 'PLAYER':
      return outcome.result === 'PLAYER' ? 2 * amountMinor : outcome.result === 'TIE' ? amountMinor : 0;
    case 'BANKER':
      return outcome.result === 'BANKER'
        ? amountMinor + Math.floor((amountMinor * 19) / 20)
        : outcome.result === 'TIE'
          ? amountMinor
          : 0;
    case 'TIE':
      return outcome.result === 'TIE' ? 9 * amountMinor : 0;
    case 'PLAYER_PAIR':
      return outcome.playerPair ? 12 * amountMinor : 0;
    case 'BANKER_PAIR':
      return outcome.bankerPair ? 12 * amountMinor : 0;
    default:
      throw new RangeError(`unknown baccarat bet: ${String(bet)}`);
  }
}
