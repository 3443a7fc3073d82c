import type { ColumnType, Generated } from 'kysely';
import type { Language } from '@lotus/contract';

/** The merchant's VAPID key pair (migration 0077); the private key sealed (vapid-keys.ts). */
export interface PushVapidKeyTable {
  merchant_id: number;
  public_key: string;
  private_key_sealed: string;
  created_at: Date;
}

/** The member's consent and switches; consented_at null: no consent (never given, or withdrawn). */
export interface PushPreferenceTable {
  member_id: bigint;
  merchant_id: number;
  consented_at: Date | null;
  deposit_approved: ColumnType<boolean, boolean | undefined, boolean>;
  withdrawal_paid: ColumnType<boolean, boolean | undefined, boolean>;
  promotion_issued: ColumnType<boolean, boolean | undefined, boolean>;
  contract_offered: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Date;
}

/** One subscribed browser of a member. */
export interface PushSubscriptionTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The site's language when it subscribed: the notices are worded in it. */
  language: Language;
  /**
   * The merchant's VAPID public key the browser subscribed with (migration 0080). Not the merchant's
   * current key (rotated since): stale, skipped by delivery until the site subscribes again.
   */
  vapid_public_key: string;
  /** From the User-Agent when it subscribed; null before migration 0080. */
  device: PushDevice | null;
  created_at: Date;
}

export type PushDevice = 'mobile' | 'tablet' | 'desktop';

/** The column of each kind of notice in push_preference and push_outbox.kind. */
export type PushKindColumn = 'deposit_approved' | 'withdrawal_paid' | 'promotion_issued' | 'contract_offered';

/** A notice to send (written with its cause, deleted once sent to every subscribed browser). */
export interface PushOutboxTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  kind: PushKindColumn;
  /** The inbox's system template of the cause (its words: `inbox.<template>.subject` / `.content`). */
  template: string;
  params: ColumnType<Record<string, string>, string, string>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  created_at: Date;
}

/** Per merchant and hour: pushes sent, failed, and subscriptions removed (404/410), for the back-office. */
export interface PushDeliveryHourTable {
  merchant_id: number;
  hour: Date;
  sent: ColumnType<number, number | undefined, number>;
  failed: ColumnType<number, number | undefined, number>;
  removed: ColumnType<number, number | undefined, number>;
}

export interface PushTables {
  push_vapid_key: PushVapidKeyTable;
  push_preference: PushPreferenceTable;
  push_subscription: PushSubscriptionTable;
  push_outbox: PushOutboxTable;
  push_delivery_hour: PushDeliveryHourTable;
}
