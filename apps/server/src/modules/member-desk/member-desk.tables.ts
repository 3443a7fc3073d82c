import type { ColumnType, Generated } from 'kysely';

/** Tables of the back-office's member desk (migration 0042_member_desk). Timestamps from the app's clock. */

/** The merchant's list of member tags operators choose from. */
export interface MemberTagOptionTable {
  merchant_id: number;
  name: string;
  /** `lower(name)`: one tag per name whatever its case. */
  name_key: string;
  created_at: ColumnType<Date, Date, never>;
}

/** A member's tags (names from the list) and the version every change names. */
export interface MemberTaggingTable {
  member_id: bigint;
  merchant_id: number;
  tags: ColumnType<string[], string[], string[]>;
  version: ColumnType<number, number | undefined, number>;
  updated_at: Date;
}

/** An operator's note on a member: append-only (a trigger refuses UPDATE, DELETE, TRUNCATE). */
export interface MemberNoteTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  operator_id: bigint;
  body: string;
  created_at: ColumnType<Date, Date, never>;
}

export interface MemberDeskTables {
  member_tag_option: MemberTagOptionTable;
  member_tagging: MemberTaggingTable;
  member_note: MemberNoteTable;
}
