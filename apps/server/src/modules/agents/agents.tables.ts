import type { ColumnType, Generated } from 'kysely';
import type { AgentContractKind, AgentContractStatus, ContractProductType } from '@lotus/contract';

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
  /** The upline that offered it and pays it; null: the merchant's own contract with a top agent (migration 0054). */
  upline_member_id: bigint | null;
  member_id: bigint;
  kind: AgentContractKind;
  /** LIVE, RNG, ... (migration 0054). */
  product_type: ContractProductType;
  /** Dividend: D, W, H, M; hourly salary: H, BH; '' otherwise (migration 0054). */
  period: string;
  /** The tiers as contracts/contract-terms.ts stores them (JSON). */
  terms: ColumnType<unknown, string, string>;
  /** The original's letters (migration 0054): P offered, E changed offer, V termination asked, A signed, C ended, R refused. */
  status: AgentContractStatus;
  /** An E offer: the signed contract it replaces when accepted. */
  replaces_id: bigint | null;
  created_at: Date;
  updated_at: Date;
  decided_at: Date | null;
}

/** Every change of a contract's status (migration 0054): its history. */
export interface AgentContractEventTable {
  id: Generated<bigint>;
  merchant_id: number;
  contract_id: bigint;
  from_status: AgentContractStatus | null;
  to_status: AgentContractStatus;
  actor: 'upline' | 'downline' | 'operator' | 'system';
  actor_id: bigint | null;
  created_at: Date;
}

/** One statement per contract and period (migration 0055): the inputs, the amount, its payment. */
export interface AgentSettlementTable {
  id: Generated<bigint>;
  merchant_id: number;
  contract_id: bigint;
  kind: AgentContractKind;
  /** The period: a day `2026-11-26` for the daily salary. */
  period_key: string;
  holder_id: bigint;
  /** The upline paying it; null: the merchant. */
  payer_id: bigint | null;
  /** Team figures, tier and terms as computed (JSON). */
  inputs: ColumnType<unknown, string, string>;
  gross_minor: bigint;
  /** P not paid yet, A paid, R rejected, M adjusted. */
  status: 'P' | 'A' | 'R' | 'M';
  /** Why a P waits, e.g. `upline.short`. */
  note: string | null;
  computed_at: Date;
  paid_at: Date | null;
}

/** One recipient of an agent ↔ downline transfer (migration 0056). */
export interface AgentTransferTable {
  id: Generated<bigint>;
  merchant_id: number;
  kind: 'agent.transfer.downline' | 'agent.transfer.luckybag' | 'agent.transfer.upline';
  sender_id: bigint;
  receiver_id: bigint;
  amount: bigint;
  remark: string;
  /** The sender's Idempotency-Key. */
  idempotency_key: string;
  posting_id: bigint;
  created_at: Date;
}

/** An operator's action on a statement, or a re-run's change of it (migration 0057). */
export interface AgentSettlementAdjustmentTable {
  id: Generated<bigint>;
  merchant_id: number;
  settlement_id: bigint;
  action: 'approve' | 'reject' | 'adjust' | 'rerun';
  from_status: 'P' | 'A' | 'R' | 'M';
  to_status: 'P' | 'A' | 'R' | 'M';
  from_minor: bigint;
  to_minor: bigint;
  /** + payer to holder, − holder back to payer, 0 nothing moved. */
  posted_minor: bigint;
  posting_id: bigint | null;
  /** A re-run's recomputed inputs (JSON). */
  inputs: ColumnType<unknown, string | null, string | null>;
  reason: string | null;
  operator_id: bigint | null;
  created_at: Date;
}

/**
 * What the merchant advanced of a statement its payer's wallet did not cover (migration 0059,
 * `agentSettlement.shortfall: 'advance'`): the payer's carried debt, recovered from its later payments.
 */
export interface AgentSettlementDebtTable {
  id: Generated<bigint>;
  merchant_id: number;
  /** The statement advanced (one debt per statement). */
  settlement_id: bigint;
  /** The statement's payer, who owes it. */
  debtor_id: bigint;
  amount_minor: bigint;
  recovered_minor: ColumnType<bigint, bigint | undefined, bigint>;
  /** The statement's payment, which holds the advance. */
  posting_id: bigint;
  created_at: Date;
  /** When the last of it was recovered; null while some is outstanding. */
  recovered_at: Date | null;
}

/** One recovery of a carried debt, taken from a settlement payment to the debtor (migration 0059). */
export interface AgentSettlementDebtRecoveryTable {
  id: Generated<bigint>;
  merchant_id: number;
  debt_id: bigint;
  /** The statement whose payment to the debtor it was taken from. */
  settlement_id: bigint;
  amount_minor: bigint;
  posting_id: bigint;
  created_at: Date;
}

/**
 * An agent's lock or unlock of a direct downline (migration 0058): the audit trail of those actions,
 * and what decides an unlock (its own last action, same `desk_version` as the member has now).
 */
export interface AgentDownlineStatusChangeTable {
  id: Generated<bigint>;
  merchant_id: number;
  agent_id: bigint;
  member_id: bigint;
  from_status: 'active' | 'locked';
  to_status: 'active' | 'locked';
  /** The member's `desk_version` read under its row lock when the agent acted. */
  desk_version: number;
  created_at: Date;
}

export interface AgentsTables {
  member_hierarchy: MemberHierarchyTable;
  affiliate_code: AffiliateCodeTable;
  affiliate_registration: AffiliateRegistrationTable;
  member_upline_history: MemberUplineHistoryTable;
  agent_contract: AgentContractTable;
  agent_contract_event: AgentContractEventTable;
  agent_settlement: AgentSettlementTable;
  agent_settlement_adjustment: AgentSettlementAdjustmentTable;
  agent_settlement_debt: AgentSettlementDebtTable;
  agent_settlement_debt_recovery: AgentSettlementDebtRecoveryTable;
  agent_transfer: AgentTransferTable;
  agent_downline_status_change: AgentDownlineStatusChangeTable;
}
