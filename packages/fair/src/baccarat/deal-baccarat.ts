// Baccarat hands from the fair stream, under the standard third-card rules (the tableau).
import { createRoundStream, drawDistinct } from '../fairness.ts';
import type { RoundSeeds } from '../fairness.ts';

export const BACCARAT_DECKS = 8;
export const SHOE_SIZE = BACCARAT_DECKS * 52;
/** A hand never uses more than six cards: two each, and at most one third card each. */
export const CARDS_PER_HAND = 6;

export const CARD_SUITS = ['S', 'H', 'D', 'C'] as const;
export type CardSuit = (typeof CARD_SUITS)[number];

/** rank 1 is the ace, 11 to 13 are jack, queen and king. */
export interface Card {
  rank: number;
  suit: CardSuit;
}

export type BaccaratResult = 'PLAYER' | 'BANKER' | 'TIE';

export interface BaccaratOutcome {
  playerCards: Card[];
  bankerCards: Card[];
  playerTotal: number;
  bankerTotal: number;
  result: BaccaratResult;
  /** The side's first two cards have the same rank (suits may differ). */
  playerPair: boolean;
  bankerPair: boolean;
}

/**
 * The card at a shoe position. The fresh shoe is 8 decks in order; in each deck of 52, positions
 * 0-12 are spades ace to king, then hearts, diamonds and clubs.
 */
export function cardAt(shoeIndex: number): Card {
  if (!Number.isInteger(shoeIndex) || shoeIndex < 0 || shoeIndex >= SHOE_SIZE)
    throw new RangeError(`shoeIndex must be an integer in [0, ${SHOE_SIZE})`);
  const inDeck = shoeIndex % 52;
  return { rank: (inDeck % 13) + 1, suit: CARD_SUITS[Math.floor(inDeck / 13)]! };
}

/** Baccarat value of a rank: ace 1, two to nine face value, ten and court cards 0. */
export function cardValue(rank: number): number {
  return rank >= 10 ? 0 : rank;
}

/** Whether the banker draws a third card, given its two-card total and the player's third card (null when the player stood). */
export function bankerDraws(bankerTotal: number, playerThirdCardValue: number | null): boolean {
  if (playerThirdCardValue === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThirdCardValue !== 8;
    case 4:
      return playerThirdCardValue >= 2 && playerThirdCardValue <= 7;
    case 5:
      return playerThirdCardValue >= 4 && playerThirdCardValue <= 7;
    case 6:
      return playerThirdCardValue === 6 || playerThirdCardValue === 7;
    default:
      return false;
  }
}

/**
 * Plays one hand from a sequence of cards: player, banker, player, banker, then the player's
 * third card if drawn, then the banker's. A natural (8 or 9 on two cards on either side) ends the
 * hand; otherwise the player draws on 0-5 and the banker follows bankerDraws.
 */
export function playBaccaratHand(cards: readonly Card[]): BaccaratOutcome {
  let next = 0;
  const take = (): Card => {
    const card = cards[next];
    if (!card) throw new RangeError(`a hand needs up to ${CARDS_PER_HAND} cards`);
    next += 1;
    return card;
  };
  const playerCards = [take()];
  const bankerCards = [take()];
  playerCards.push(take());
  bankerCards.push(take());
  const total = (hand: Card[]) => hand.reduce((sum, card) => sum + cardValue(card.rank), 0) % 10;

  const isNatural = total(playerCards) >= 8 || total(bankerCards) >= 8;
  if (!isNatural) {
    let playerThirdCardValue: number | null = null;
    if (total(playerCards) <= 5) {
      const third = take();
      playerCards.push(third);
      playerThirdCardValue = cardValue(third.rank);
    }
    if (bankerDraws(total(bankerCards), playerThirdCardValue)) bankerCards.push(take());
  }

  const playerTotal = total(playerCards);
  const bankerTotal = total(bankerCards);
  return {
    playerCards,
    bankerCards,
    playerTotal,
    bankerTotal,
    result: playerTotal > bankerTotal ? 'PLAYER' : bankerTotal > playerTotal ? 'BANKER' : 'TIE',
    playerPair: playerCards[0]!.rank === playerCards[1]!.rank,
    bankerPair: bankerCards[0]!.rank === bankerCards[1]!.rank,
  };
}

/**
 * Deals one hand: six distinct positions of a fresh 8-deck shoe are drawn from the round's stream
 * (drawDistinct), and the hand takes those cards in that order as far as it needs them. A table
 * round uses the table's server seed, the table's public client seed and that seed's round counter as nonce.
 */
export function dealBaccarat(seeds: RoundSeeds): BaccaratOutcome {
  const positions = drawDistinct(createRoundStream(seeds), SHOE_SIZE, CARDS_PER_HAND);
  return playBaccaratHand(positions.map(cardAt));
}
