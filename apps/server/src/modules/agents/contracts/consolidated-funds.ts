import type { AgentContract, AgentContractKind, ConsolidatedContracts } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { MerchantContext } from '../../merchant/index.ts';
import { downlineHigherRateOf, isKindOffered, viewOf } from './contract-flow.ts';

type ByProduct = Record<string, { agent: AgentContract[] }>;
type ByPeriod = Record<string, Record<string, AgentContract[]>>;

/**
 * GET /wps/member/info/funds/consolidated: the member's contracts with its upline under the original's
 * keys (contract: `consolidatedContractsSchema`): signed ones (A, V) in the `*info*` maps, the
 * upline's requests waiting for an answer (P, E, V) in the `*req*` maps, by product type, dividends
 * also by computation period. A kind the merchant does not offer is left empty whatever the rows say.
 * One indexed read of the member's open contracts.
 */
export async function consolidatedFunds(
  db: Kysely<Database>,
  merchant: MerchantContext,
  memberId: bigint,
): Promise<ConsolidatedContracts> {
  const rows = await db
    .selectFrom('agent_contract')
    .selectAll()
    .where('merchant_id', '=', merchant.id)
    .where('member_id', '=', memberId)
    .where('status', 'in', ['P', 'E', 'V', 'A'])
    .orderBy('id')
    .execute();
  const answer: ConsolidatedContracts = {
    dailysalinfotype: {},
    contractmrdailysalinfotype: {},
    contracthoursalinfo: {},
    realtimesalinfotype: {},
    divtypeinfo: {},
    divtypecompperiodinfo: {},
    dailysalreqtype: {},
    contracthoursalreq: {},
    realtimesalreqtype: {},
    divtypereq: {},
    divtypecompperiodreq: {},
  };
  const infoKey: Record<AgentContractKind, keyof ConsolidatedContracts> = {
    daily_salary: 'dailysalinfotype',
    mr_daily_salary: 'contractmrdailysalinfotype',
    hourly_salary: 'contracthoursalinfo',
    realtime_salary: 'realtimesalinfotype',
    dividend: 'divtypeinfo',
  };
  // The original has no request map for the manual-claim daily salary: its offers show with the daily salary's.
  const requestKey: Record<AgentContractKind, keyof ConsolidatedContracts> = {
    daily_salary: 'dailysalreqtype',
    mr_daily_salary: 'dailysalreqtype',
    hourly_salary: 'contracthoursalreq',
    realtime_salary: 'realtimesalreqtype',
    dividend: 'divtypereq',
  };
  const add = (map: ByProduct, product: string, contract: AgentContract) =>
    (map[product] ??= { agent: [] }).agent.push(contract);
  const addByPeriod = (map: ByPeriod, product: string, period: string, contract: AgentContract) =>
    ((map[product] ??= {})[period] ??= []).push(contract);

  for (const row of rows) {
    if (!isKindOffered(merchant, row.kind)) continue;
    const contract = viewOf(row, await downlineHigherRateOf(db, row));
    const isSigned = row.status === 'A' || row.status === 'V';
    const isRequest = row.status !== 'A';
    if (isSigned) {
      add(answer[infoKey[row.kind]] as ByProduct, row.product_type, contract);
      if (row.kind === 'dividend') addByPeriod(answer.divtypecompperiodinfo, row.product_type, row.period, contract);
    }
    if (isRequest) {
      add(answer[requestKey[row.kind]] as ByProduct, row.product_type, contract);
      if (row.kind === 'dividend') addByPeriod(answer.divtypecompperiodreq, row.product_type, row.period, contract);
    }
  }
  return answer;
}
