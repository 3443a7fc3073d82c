import type { ColumnType, Generated } from 'kysely';
import type { FeedbackStatus, FeedbackType } from '@lotus/contract';

/** Notes written from the site (migrations 0002 and 0046). The feedback module is their only reader and writer. */
export interface FeedbackTable {
  id: Generated<bigint>;
  merchant_id: number;
  /** 1 to 140 characters (spec §5). */
  content: string;
  contact: string | null;
  /** inet; the caller's address as the proxy rules resolved it, which ties abuse to its source. */
  ip: string;
  /** The member who wrote it (sent from the member centre); null for a visitor's note. */
  member_id: bigint | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** What the writer says it is about. */
  type: ColumnType<FeedbackType, FeedbackType | undefined, never>;
  /** new → answered → closed, or new → closed; moved by the feedback desk only. */
  status: ColumnType<FeedbackStatus, never, FeedbackStatus>;
  /** The operator's answer, which the member reads in the member centre. */
  answer: ColumnType<string | null, never, string | null>;
  answered_by: ColumnType<bigint | null, never, bigint | null>;
  answered_at: ColumnType<Date | null, never, Date | null>;
  /** Every desk write names the version it read and bumps it (two operators answering at once). */
  version: ColumnType<number, never, number>;
}

export interface FeedbackTables {
  feedback: FeedbackTable;
}
