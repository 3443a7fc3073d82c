import type { ColumnType, Generated } from 'kysely';
import type { InboxAudience, InboxPushType, InboxSendType, Language } from '@lotus/contract';

/** A message's words in one language. */
export interface InboxText {
  subject: string;
  content: string;
}
/** The merchant's words in TH and EN; an agent writes one text, stored under both. */
export type InboxTexts = Record<Language, InboxText>;

/** jsonb: read as the value, written as its JSON text (null stays null). */
type Json<T> = ColumnType<T | null, string | null, never>;

/** One message, whoever the audience (migration 0061). The inbox module is its only reader and writer. */
export interface InboxMessageTable {
  id: Generated<bigint>;
  merchant_id: number;
  send_type: InboxSendType;
  push_type: InboxPushType;
  audience: InboxAudience;
  /** The merchant's and agents' messages; null for a system message. */
  texts: Json<InboxTexts>;
  /** A system message's template key (system-templates.ts) and its parameters, worded when read. */
  template: string | null;
  params: Json<Record<string, string>>;
  /** The operator who sent a merchant's message. */
  operator_id: bigint | null;
  /** The agent who sent an agent's message. */
  sender_member_id: bigint | null;
  /** Members it reached when sent (listed, or the segment's real members then). */
  recipient_count: number;
  /** A system message's cause, unique per merchant: a replayed cause writes no second message. */
  source_key: string | null;
  sent_at: Date;
}

/**
 * A member's state of one message. A listed message has a row per recipient from the start; a
 * broadcast gets one only when the member reads or deletes it.
 */
export interface InboxDeliveryTable {
  member_id: bigint;
  message_id: bigint;
  merchant_id: number;
  is_broadcast: boolean;
  /** The message's send time, copied so a member's list reads its rows in time order. */
  sent_at: Date;
  read_at: Date | null;
  deleted_at: Date | null;
}

export interface InboxTables {
  inbox_message: InboxMessageTable;
  inbox_delivery: InboxDeliveryTable;
}
