import { createStore } from './create-store';

/** The address of the launched game (spec §4 "Game load"), drawn by /game. Set by the launch call. */
export interface LaunchedGame {
  url: string;
  title: string;
}

export const launchedGameStore = createStore<LaunchedGame | null>(null);
