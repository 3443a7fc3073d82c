import type { WalletRef } from '../db/schema.ts';

/** Fairness data sent along with a house round's wallet calls, for the platform's bet record. */
export interface RoundDetails {
  serverSeedHash?: string;
  serverSeed?: string;
  clientSeed?: string;
  nonce?: number;
  outcome?: string;
}

export interface WalletMove {
  roundId: string;
  transactionId: string;
  /** Minor units. */
  amount: bigint;
  roundClosed?: boolean;
  roundDetails?: RoundDetails;
}

/**
 * A player's money as the games see it, whichever brand they play: the seamless brand moves the
 * platform's wallet at every call, the transfer brand moves the balance this vendor keeps. Each call
 * is idempotent by its transaction id; the answer is the balance after it.
 */
export interface PlayerWallet {
  readonly ref: WalletRef;
  /** `seamless:<playerId>` or `transfer:<playerId>`: who the seeds and rounds belong to. */
  readonly playerKey: string;
  balance(): Promise<bigint>;
  bet(move: WalletMove): Promise<bigint>;
  win(move: WalletMove): Promise<bigint>;
  rollback(move: WalletMove & { referenceTransactionId: string }): Promise<bigint>;
}

/** The wallet refused: not enough money, session expired, player blocked... (`code` is the protocol's errorCode). */
export class WalletRefusal extends Error {
  constructor(
    readonly code: string,
    readonly balance: bigint | null = null,
  ) {
    super(`wallet refused: ${code}`);
  }
}

/** No usable answer: the call may or may not have taken effect (a retry with the same id tells). */
export class WalletUnreachable extends Error {}

export function playerKeyOf(ref: WalletRef): string {
  return `${ref.brand}:${ref.playerId}`;
}
