import type { ConsolidatedFunds, ContractKind } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { MerchantContext } from '../../merchant/index.ts';

/** Which merchant switch offers each contract kind. */
const switchOf = {
  dividend: 'dividend',
  daily_salary: 'dailySalary',
  hourly_salary: 'hourlySalary',
  realtime_salary: 'realtimeSalary',
} as const;

/**
 * GET /wps/member/info/funds/consolidated: per contract kind, whether the merchant offers it and where
 * the member stands (contract: `consolidatedFundsSchema`). One indexed read of the member's open
 * contracts.
 */
export async function consolidatedFunds(
  db: Kysely<Database>,
  merchant: MerchantContext,
  memberId: bigint,
): Promise<ConsolidatedFunds> {
  const open = await db
    .selectFrom('agent_contract')
    .select(['kind', 'status'])
    .where('merchant_id', '=', merchant.id)
    .where('member_id', '=', memberId)
    .where('status', 'in', ['offered', 'active'])
    .execute();
  const stateOf = (kind: ContractKind) => {
    if (!merchant.config.agentContracts[switchOf[kind]]) return 0 as const;
    const contract = open.find((row) => row.kind === kind);
    return contract?.status === 'active' ? (3 as const) : contract?.status === 'offered' ? (2 as const) : (1 as const);
  };
  return {
    divtypereq: stateOf('dividend'),
    dailysalreqtype: stateOf('daily_salary'),
    contracthoursalreq: stateOf('hourly_salary'),
    realtimesalreqtype: stateOf('realtime_salary'),
  };
}
