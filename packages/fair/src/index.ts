export * from './fairness.ts';
export * from './slot/slot-game.ts';
export * from './slot/spin-slot.ts';
export * from './slot/exact-slot-rtp.ts';
export * from './baccarat/deal-baccarat.ts';
export * from './baccarat/settle-baccarat-bet.ts';
export * from './baccarat/exact-baccarat-returns.ts';
export * from './baccarat/roads.ts';
