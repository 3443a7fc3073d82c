import type { ColumnType, Generated } from 'kysely';
import type { ContractKind } from '@lotus/contract';

/** Tables of modules/agent-contracts (migration 0020). */
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

export interface AgentContractTables {
  agent_contract: AgentContractTable;
}
