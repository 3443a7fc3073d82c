import type { Generated } from 'kysely';

/** Tables of modules/lottery/yeekee (migration 0072_lottery_yeekee). */

/** `lottery_game.kind` of a Yee-Kee game (its result computed from the members' shots). */
export const yeekeeKind = 'yeekee';

/** One number a member shot into a Yee-Kee round; never updated or deleted (the list is the proof). */
export type LotteryYeekeeShotTable = {
  id: Generated<bigint>;
  draw_id: bigint;
  /** Place in the round in arrival order, 1, 2, 3... without gaps. */
  seq: number;
  merchant_id: number;
  member_id: bigint;
  /** Exactly 5 digits, leading zeros kept. */
  number: string;
  created_at: Date;
};

/**
 * Type aliases, not interfaces: `db.withTables<LotteryYeekeeTables>()` (used until the lead adds these
 * to db/schema.ts's Database) needs types with an implicit index signature.
 */
export type LotteryYeekeeTables = {
  lottery_yeekee_shot: LotteryYeekeeShotTable;
};
