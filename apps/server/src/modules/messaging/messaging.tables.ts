import type { ColumnType, Generated } from 'kysely';
import type { CodePurpose, MessageChannel } from '@lotus/contract';

/** Tables of one-time codes and the message outbox (migration 0006). */

type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface VerificationCodeTable {
  id: Generated<string>;
  merchant_id: number;
  channel: MessageChannel;
  /** `+66812345678` or a lower-cased e-mail address. */
  destination: string;
  purpose: CodePurpose;
  /** Hex SHA-256 of `code_salt` followed by the 6 digits. The code itself is never stored here. */
  code_hash: string;
  code_salt: string;
  /** Wrong tries so far; at 5 the code is dead. */
  attempts: Generated<number>;
  created_at: Date;
  expires_at: Date;
  consumed_at: NullableTimestamp;
}

export type DeliveredVia = 'outbox' | 'smtp' | 'sms-gateway';

export interface OutboxMessageTable {
  id: Generated<string>;
  merchant_id: number;
  channel: MessageChannel;
  destination: string;
  subject: string | null;
  /** The text as the member receives it (with the code): operators read it in the back-office. */
  body: string;
  created_at: Date;
  delivered_via: DeliveredVia;
  delivery_status: 'sent' | 'failed';
  /** Why delivery failed (the provider's answer, never a secret); null when sent. */
  error: string | null;
}

export interface MessagingTables {
  verification_code: VerificationCodeTable;
  outbox_message: OutboxMessageTable;
}
