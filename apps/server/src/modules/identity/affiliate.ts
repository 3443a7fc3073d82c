import { identityErrorCodes, type Affiliate } from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { normaliseHost } from '../merchant/merchant.service.ts';
import type { AgentType } from './identity.tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** isAgent values of agents (spec §3, §6); 0 is a member and 4 a trial account. */
export const agentTypes: ReadonlySet<AgentType> = new Set<AgentType>([1, 2, 41, 42]);

export function isAgentType(isAgent: number): boolean {
  return agentTypes.has(isAgent as AgentType);
}

export interface ResolvedAffiliate {
  code: string;
  agentId: bigint;
  agentUsername: string;
}

/**
 * The agent behind an affiliate (invitation) code on this domain, or 400 `affiliate.code.invalid`
 * naming `affiliateCode`. One answer for every reason (unknown, switched off, its owner no longer
 * an active agent, bound to another domain), so the check tells nothing about other brands' codes.
 */
export async function resolveAffiliate(
  db: Db,
  merchantId: number,
  code: string,
  domain: string | undefined,
): Promise<ResolvedAffiliate> {
  const key = code.trim().toLowerCase();
  const row =
    key === ''
      ? undefined
      : await db
          .selectFrom('affiliate_code as a')
          .innerJoin('member as m', 'm.id', 'a.agent_id')
          .select(['a.code', 'a.domain', 'a.is_active', 'm.id as agent_id', 'm.username', 'm.is_agent', 'm.status'])
          .where('a.merchant_id', '=', merchantId)
          .where('a.code_key', '=', key)
          .executeTakeFirst();
  const requestDomain = normaliseHost(domain ?? '');
  const isValid =
    row !== undefined &&
    row.is_active &&
    row.status === 'active' &&
    isAgentType(row.is_agent) &&
    (row.domain === null || row.domain === requestDomain);
  if (!isValid) throw new AppError(400, identityErrorCodes.affiliateInvalid, { field: 'affiliateCode' });
  return { code: row.code, agentId: row.agent_id, agentUsername: row.username };
}

/** `ag****01`: enough for a visitor to recognise whose team they join, not to learn an account name. */
export function maskAccount(username: string): string {
  const characters = [...username];
  if (characters.length <= 4) return `${characters[0] ?? ''}****`;
  return `${characters.slice(0, 2).join('')}****${characters.slice(-2).join('')}`;
}

/** GET /wps/agent/affiliate */
export async function checkAffiliate(
  db: Db,
  merchantId: number,
  code: string,
  domain: string | undefined,
): Promise<Affiliate> {
  const affiliate = await resolveAffiliate(db, merchantId, code, domain);
  return { affiliateCode: affiliate.code, agent: maskAccount(affiliate.agentUsername) };
}
