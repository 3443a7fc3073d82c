import { createStore, useStore } from './create-store';

/** vassalage value meaning "every vendor of the active game type". */
export const allVendors = 'ALL';

/**
 * The active game type and vendor (spec §2: choosing a navigation item sets the active game type
 * and resets vassalage to ALL). Lobby pages read it to pick their vendor tab.
 */
export interface GameNavState {
  gameType: string | null;
  vassalage: string;
}

export const gameNavStore = createStore<GameNavState>({ gameType: null, vassalage: allVendors });

export function selectGameType(gameType: string): void {
  gameNavStore.set({ gameType, vassalage: allVendors });
}

export function selectVassalage(vassalage: string): void {
  gameNavStore.set((previous) => (previous.vassalage === vassalage ? previous : { ...previous, vassalage }));
}

export const useGameNav = (): GameNavState => useStore(gameNavStore);
