/**
 * The games this vendor serves, by the game id the platform's catalogue launches. The slot engine
 * serves two brands' slots (the seamless `LTSLOT` and the transfer-mode `GOLDENELE` in the demo
 * catalogue); the baccarat table is `LTLIVE`'s.
 */
export const houseGames = {
  'lucky-lotus': { kind: 'slot' },
  'golden-elephant': { kind: 'slot' },
  baccarat: { kind: 'baccarat' },
} as const satisfies Record<string, { kind: 'slot' | 'baccarat' }>;

export type HouseGameId = keyof typeof houseGames;

export function isHouseGame(gameId: string): gameId is HouseGameId {
  return Object.hasOwn(houseGames, gameId);
}
