/** How much of the main wallet a transfer-mode launch moves into the game's wallet (launch-request.ts). */
export type TransferMove =
  /** Nothing: play what the game's wallet holds (`confirmTrans: 0`). */
  | { kind: 'none' }
  /** The whole main wallet (`confirmTrans: 1`). */
  | { kind: 'all' }
  /** Exactly this wire amount (`confirmTrans: 1`, `transferAmount`). */
  | { kind: 'amount'; amount: string };

/** A transfer-mode game's wallets, as its launch dialog shows them (wire amounts). */
export interface TransferWallet {
  vassalage: string;
  /** The vendor's name as the lobby shows it. */
  vendorName: string;
  main: string;
  inGame: string;
  symbol: string;
}
