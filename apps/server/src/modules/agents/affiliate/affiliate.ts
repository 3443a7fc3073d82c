import { identityErrorCodes, type Affiliate } from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { findMemberSummary } from '../../identity/index.ts';
import { normaliseHost } from '../../merchant/index.ts';
import { isAgentType } from '../agent-types.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface ResolvedAffiliate {
  code: string;
  /** The link's row (`affiliate_code.id`), which a registration through it is recorded against. */
  codeId: bigint;
  agentId: bigint;
  agentUsername: string;
}

/**
 * The agent behind an affiliate (invitation) code on this domain at `nowMs`, or 400
 * `affiliate.code.invalid` naming `affiliateCode`. One answer for every reason (unknown, switched off
 * or removed, expired, its owner no longer an active agent, bound to another domain), so the check
 * tells nothing about other brands' codes.
 */
export async function resolveAffiliate(
  db: Db,
  merchantId: number,
  code: string,
  domain: string | undefined,
  nowMs: number,
): Promise<ResolvedAffiliate> {
  const key = code.trim().toLowerCase();
  const row =
    key === ''
      ? undefined
      : await db
          .selectFrom('affiliate_code')
          .select(['id', 'code', 'domain', 'is_active', 'expires_at', 'agent_id'])
          .where('merchant_id', '=', merchantId)
          .where('code_key', '=', key)
          .executeTakeFirst();
  // The agent is identity's member row. Read for an unknown code too (id 0 is nobody's), so an
  // unknown code costs what a known one does.
  const agent = await findMemberSummary(db, merchantId, row?.agent_id ?? 0n);
  const requestDomain = normaliseHost(domain ?? '');
  const isValid =
    row !== undefined &&
    agent !== undefined &&
    row.is_active &&
    (row.expires_at === null || row.expires_at.getTime() > nowMs) &&
    agent.status === 'active' &&
    isAgentType(agent.isAgent) &&
    (row.domain === null || row.domain === requestDomain);
  if (!isValid) throw new AppError(400, identityErrorCodes.affiliateInvalid, { field: 'affiliateCode' });
  return { code: row.code, codeId: row.id, agentId: agent.id, agentUsername: agent.username };
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
  nowMs: number,
): Promise<Affiliate> {
  const affiliate = await resolveAffiliate(db, merchantId, code, domain, nowMs);
  return { affiliateCode: affiliate.code, agent: maskAccount(affiliate.agentUsername) };
}

/**
 * Affiliate codes are checked before anything else a registration spends; the seed and (later) the
 * agent centre add them. A code that exists already (in any letter case) is left as it is.
 */
export async function ensureAffiliateCode(
  trx: Db,
  code: { merchantId: number; code: string; agentId: bigint; domain?: string | null; nowMs: number },
): Promise<void> {
  await trx
    .insertInto('affiliate_code')
    .values({
      merchant_id: code.merchantId,
      code: code.code,
      code_key: code.code.toLowerCase(),
      agent_id: code.agentId,
      domain: code.domain ?? null,
      created_at: new Date(code.nowMs),
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'code_key']).doNothing())
    .execute();
}
