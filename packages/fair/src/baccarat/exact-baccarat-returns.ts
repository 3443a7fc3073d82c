// Exact odds of every baccarat bet under the dealing model of dealBaccarat: cards drawn without
// replacement from a fresh 8-deck shoe. The first four cards are summed over by rank (pairs need
// ranks) and the third cards by value (ten and the court cards all count 0), each weighted by how
// many card sequences it stands for. Weights are integers over the common total 416 x 415 x ... x
// 411 (six cards, unused ones included), which is below 2^53, so every sum is exact and only the
// final division rounds.
import { BACCARAT_DECKS, SHOE_SIZE, bankerDraws, cardValue } from './deal-baccarat.ts';
import type { BaccaratOutcome, BaccaratResult } from './deal-baccarat.ts';
import { BACCARAT_BETS, settleBaccaratBet } from './settle-baccarat-bet.ts';
import type { BaccaratBet } from './settle-baccarat-bet.ts';

export interface BetReturn {
  /** Expected amount returned per unit staked, stake included (1 would be a fair bet). */
  rtp: number;
  /** Variance of the amount returned per unit staked. */
  variance: number;
}

export interface BaccaratReturns {
  probabilities: { player: number; banker: number; tie: number; playerPair: number; bankerPair: number };
  returns: Record<BaccaratBet, BetReturn>;
}

const RANKS = 13;
const CARDS_PER_RANK = BACCARAT_DECKS * 4;
// A stake of 20 minor units makes the 5% commission whole, so the returns are the exact rules.
const UNIT_STAKE_MINOR = 20;

type Settled = Pick<BaccaratOutcome, 'result' | 'playerPair' | 'bankerPair'>;

export function exactBaccaratReturns(): BaccaratReturns {
  // Weight of each (result, playerPair, bankerPair) combination.
  const weights = new Map<string, { outcome: Settled; weight: number }>();
  const record = (result: BaccaratResult, playerPair: boolean, bankerPair: boolean, weight: number): void => {
    const key = `${result}:${playerPair}:${bankerPair}`;
    const entry = weights.get(key);
    if (entry) entry.weight += weight;
    else weights.set(key, { outcome: { result, playerPair, bankerPair }, weight });
  };
  const compare = (player: number, banker: number): BaccaratResult =>
    player > banker ? 'PLAYER' : banker > player ? 'BANKER' : 'TIE';

  const remaining = new Array<number>(RANKS).fill(CARDS_PER_RANK);
  // How many cards of each value (0 to 9) are left in the shoe.
  const remainingByValue = (): number[] => {
    const byValue = new Array<number>(10).fill(0);
    remaining.forEach((count, index) => (byValue[cardValue(index + 1)]! += count));
    return byValue;
  };
  const draw = (rank: number): number => {
    const available = remaining[rank]!;
    remaining[rank] = available - 1;
    return available;
  };
  const undraw = (rank: number): void => {
    remaining[rank]! += 1;
  };
  // Unused cards of the six still count in the weight: x (shoe left) for each one not drawn.
  const sixthWeight = SHOE_SIZE - 5;
  const fifthAndSixthWeight = (SHOE_SIZE - 4) * sixthWeight;

  for (let p1 = 0; p1 < RANKS; p1 += 1) {
    const w1 = draw(p1);
    for (let b1 = 0; b1 < RANKS; b1 += 1) {
      const w2 = w1 * draw(b1);
      for (let p2 = 0; p2 < RANKS; p2 += 1) {
        const w3 = w2 * draw(p2);
        for (let b2 = 0; b2 < RANKS; b2 += 1) {
          const w4 = w3 * draw(b2);
          const playerPair = p1 === p2;
          const bankerPair = b1 === b2;
          const player = (cardValue(p1 + 1) + cardValue(p2 + 1)) % 10;
          const banker = (cardValue(b1 + 1) + cardValue(b2 + 1)) % 10;
          const byValue = remainingByValue();
          if (player >= 8 || banker >= 8) {
            record(compare(player, banker), playerPair, bankerPair, w4 * fifthAndSixthWeight);
          } else if (player <= 5) {
            for (let third = 0; third < 10; third += 1) {
              const w5 = w4 * byValue[third]!;
              if (w5 === 0) continue;
              const playerFinal = (player + third) % 10;
              if (!bankerDraws(banker, third)) {
                record(compare(playerFinal, banker), playerPair, bankerPair, w5 * sixthWeight);
                continue;
              }
              for (let bankerThird = 0; bankerThird < 10; bankerThird += 1) {
                // The player's third card is gone from the shoe when the banker draws.
                const available = byValue[bankerThird]! - (bankerThird === third ? 1 : 0);
                record(compare(playerFinal, (banker + bankerThird) % 10), playerPair, bankerPair, w5 * available);
              }
            }
          } else if (bankerDraws(banker, null)) {
            for (let bankerThird = 0; bankerThird < 10; bankerThird += 1) {
              record(
                compare(player, (banker + bankerThird) % 10),
                playerPair,
                bankerPair,
                w4 * byValue[bankerThird]! * sixthWeight,
              );
            }
          } else {
            record(compare(player, banker), playerPair, bankerPair, w4 * fifthAndSixthWeight);
          }
          undraw(b2);
        }
        undraw(p2);
      }
      undraw(b1);
    }
    undraw(p1);
  }

  let total = 1;
  for (let drawn = 0; drawn < 6; drawn += 1) total *= SHOE_SIZE - drawn;
  const entries = [...weights.values()];
  const probability = (matches: (outcome: Settled) => boolean) =>
    entries.reduce((sum, entry) => (matches(entry.outcome) ? sum + entry.weight : sum), 0) / total;

  const returns = Object.fromEntries(
    BACCARAT_BETS.map((bet) => {
      let mean = 0;
      let square = 0;
      for (const { outcome, weight } of entries) {
        const returned = settleBaccaratBet(bet, UNIT_STAKE_MINOR, outcome) / UNIT_STAKE_MINOR;
        mean += (weight / total) * returned;
        square += (weight / total) * returned * returned;
      }
      return [bet, { rtp: mean, variance: square - mean * mean }];
    }),
  ) as Record<BaccaratBet, BetReturn>;

  return {
    probabilities: {
      player: probability((outcome) => outcome.result === 'PLAYER'),
      banker: probability((outcome) => outcome.result === 'BANKER'),
      tie: probability((outcome) => outcome.result === 'TIE'),
      playerPair: probability((outcome) => outcome.playerPair),
      bankerPair: probability((outcome) => outcome.bankerPair),
    },
    returns,
  };
}
