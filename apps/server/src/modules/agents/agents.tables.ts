import type { ColumnType, Generated } from 'kysely';
import type { ContractKind } from '@lotus/contract';

/**
 * Tables of modules/agents: the agent tree and the affiliate codes (migration 0008_accounts) and the
 * contracts (migration 0020). Timestamps are written from the app's clock. Members themselves are
 * identity's (`member`); agents reads and creates them only through identity's index.ts.
 */

/** Closure of the agent tree: every (ancestor, descendant) pair at every depth, and each member to itself at depth 0. */
export interface MemberHierarchyTable {
  merchant_id: number;
  ancestor_id: bigint;
  descendant_id: bigint;
  /** 0 for the member itself, 1 for its direct upline, and so on. */
  depth: number;
}

export interface AffiliateCodeTable {
  id: Generated<bigint>;
  merchant_id: number;
  /** As the agent chose it (`LOTUS88`). */
  code: string;
  /** `lower(code)`: codes are matched without regard to case. */
  code_key: string;
  /** The agent whose team a member registering with the code joins. */
  agent_id: bigint;
  /** Lower-case host the code is bound to; null for every domain of the merchant. */
  domain: string | null;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date, never>;
  /** Where the agent posts the link (migration 0052): a forum, a LINE group; '' none. */
  channel: ColumnType<string, string | undefined, string>;
  /** The link registers no one from this moment on; null: never expires. */
  expires_at: Date | null;
  /** The agent removed the link: hidden from its list, the code stays taken and refused. */
  removed_at: Date | null;
}

/** Which link each member registered through (migration 0052): a link's registrations are a count of these. */
export interface AffiliateRegistrationTable {
  member_id: bigint;
  merchant_id: number;
  affiliate_code_id: bigint;
  created_at: Date;
}

/**
 * The direct upline a member had in each period (migration 0053), written when an operator moves it;
 * a member that never moved has no rows. `valid_to` null: the current period.
 */
export interface MemberUplineHistoryTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: bigint;
  upline_id: bigint | null;
  valid_from: Date;
  valid_to: Date | null;
}

/** A salary or dividend contract an upline offers a downline. */
export interface AgentContractTable {
  id: Generated<bigint>;
  merchant_id: number;
  upline_member_id: bigint;
  member_id: bigint;
  kind: ContractKind;
  /** The offer's terms (rates, thresholds) as the upline set them. */
  terms: ColumnType<Record<string, unknown>, string, string>;
  status: 'offered' | 'active' | 'rejected' | 'terminated';
  created_at: Date;
  decided_at: Date | null;
}

export interface AgentsTables {
  member_hierarchy: MemberHierarchyTable;
  affiliate_code: AffiliateCodeTable;
  affiliate_registration: AffiliateRegistrationTable;
  member_upline_history: MemberUplineHistoryTable;
  agent_contract: AgentContractTable;
}
