import type { ColumnType, Generated } from 'kysely';
import type { ChatConversationStatus, ChatSender } from '@lotus/contract';

/** Live chat's tables (migration 0066). The chat module is their only reader and writer. */
export interface ChatConversationTable {
  id: Generated<bigint>;
  merchant_id: number;
  /** The member; null for a visitor's conversation (then `visitor_token_hash` is set). */
  member_id: bigint | null;
  visitor_token_hash: string | null;
  language: 'TH' | 'EN';
  status: ChatConversationStatus;
  assigned_operator_id: bigint | null;
  /** The member's first message since the last operator answer; null when answered. */
  waiting_since: Date | null;
  last_message_at: Date | null;
  last_message_text: string | null;
  member_delivered_up_to: ColumnType<bigint, bigint | undefined, bigint>;
  member_read_up_to: ColumnType<bigint, bigint | undefined, bigint>;
  operator_delivered_up_to: ColumnType<bigint, bigint | undefined, bigint>;
  operator_read_up_to: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: ColumnType<Date, Date, never>;
  closed_at: Date | null;
}

export interface ChatMessageTable {
  id: Generated<bigint>;
  merchant_id: number;
  conversation_id: bigint;
  sender: ChatSender;
  operator_id: bigint | null;
  text: string | null;
  image_id: bigint | null;
  client_id: string;
  created_at: ColumnType<Date, Date, never>;
}

export interface ChatImageTable {
  id: Generated<bigint>;
  merchant_id: number;
  conversation_id: bigint;
  url_key: string;
  content_type: string;
  size_bytes: number;
  width: number;
  height: number;
  content: Buffer;
  created_at: ColumnType<Date, Date, never>;
}

export interface ChatCannedReplyTable {
  id: Generated<bigint>;
  merchant_id: number;
  language: 'TH' | 'EN';
  title: string;
  text: string;
  updated_by: bigint;
  updated_at: Date;
}

export interface ChatSettingTable {
  merchant_id: number;
  visitors_allowed: boolean;
  alert_minutes: number;
  updated_by: bigint | null;
  updated_at: Date;
}

export interface ChatTables {
  chat_conversation: ChatConversationTable;
  chat_message: ChatMessageTable;
  chat_image: ChatImageTable;
  chat_canned_reply: ChatCannedReplyTable;
  chat_setting: ChatSettingTable;
}
