import { createStore } from './create-store';

/** The address of the launched game (spec §4 "Game load"), drawn by /game. Set by the launch call. */
export interface LaunchedGame {
  url: string;
  title: string;
  /**
   * A transfer-mode vendor's game plays from that vendor's own wallet: leaving it brings the money back
   * to the main wallet (GCS_walletReturn) under `returnKey`, one Idempotency-Key per launch.
   */
  transfer?: { vassalage: string; returnKey: string };
}

export const launchedGameStore = createStore<LaunchedGame | null>(null);
