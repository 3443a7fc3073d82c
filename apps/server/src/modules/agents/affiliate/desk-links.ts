import type {
  AdminAgentLink,
  AdminAgentLinkPage,
  AdminAgentLinkQuery,
  AdminAgentLinkStatus,
  DisableAgentLinkBody,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { auditContext, recordAudit } from '../../backoffice/index.ts';
import { findMemberSummaryByUsername, listMemberSummaries } from '../../identity/index.ts';

/**
 * The back-office's view of agents' affiliate links (README "Affiliate links in the back-office"):
 * every link of the brand with its registrations, and an operator switching one off. A link off
 * (`is_active` false) registers no one: `resolveAffiliate` refuses it at the check and
 * `recordLinkRegistration` again in the member's transaction, exactly as an expired one.
 */

interface LinkRow {
  id: bigint;
  code: string;
  channel: string;
  domain: string | null;
  agent_id: bigint;
  is_active: boolean;
  created_at: Date;
  expires_at: Date | null;
  removed_at: Date | null;
}

/** removed (by its agent) before disabled (off otherwise) before expired: the reason it registers no one. */
function statusOf(row: LinkRow, nowMs: number): AdminAgentLinkStatus {
  if (row.removed_at !== null) return 'removed';
  if (!row.is_active) return 'disabled';
  if (row.expires_at !== null && row.expires_at.getTime() <= nowMs) return 'expired';
  return 'active';
}

/** GET /admin-api/agents/links: the brand's links, newest first, filtered by agent, code and status. */
export async function listLinksForDesk(
  db: Kysely<Database>,
  merchantId: number,
  query: AdminAgentLinkQuery,
  nowMs: number,
): Promise<AdminAgentLinkPage> {
  const empty = { items: [], page: query.page, pageSize: query.pageSize, total: 0 };
  let base = db.selectFrom('affiliate_code').where('merchant_id', '=', merchantId);
  if (query.agent !== undefined && query.agent !== '') {
    const agent = await findMemberSummaryByUsername(db, merchantId, query.agent);
    if (!agent) return empty;
    base = base.where('agent_id', '=', agent.id);
  }
  if (query.code !== undefined && query.code !== '') base = base.where('code_key', '=', query.code.toLowerCase());
  const now = new Date(nowMs);
  switch (query.status) {
    case 'removed':
      base = base.where('removed_at', 'is not', null);
      break;
    case 'disabled':
      base = base.where('removed_at', 'is', null).where('is_active', '=', false);
      break;
    case 'expired':
      base = base
        .where('removed_at', 'is', null)
        .where('is_active', '=', true)
        .where('expires_at', 'is not', null)
        .where('expires_at', '<=', now);
      break;
    case 'active':
      base = base
        .where('removed_at', 'is', null)
        .where('is_active', '=', true)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
      break;
  }
  const [count, rows] = await Promise.all([
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    base
      .select((eb) => [
        'id',
        'code',
        'channel',
        'domain',
        'agent_id',
        'is_active',
        'created_at',
        'expires_at',
        'removed_at',
        eb
          .selectFrom('affiliate_registration')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('affiliate_registration.affiliate_code_id', '=', 'affiliate_code.id')
          .as('registrations'),
      ])
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const agents = await listMemberSummaries(db, merchantId, [...new Set(rows.map((row) => row.agent_id))]);
  return {
    ...empty,
    total: Number(count.n),
    items: rows.map((row) => ({
      ...linkOf(row, agents.get(row.agent_id)?.username ?? '', nowMs),
      registrations: Number(row.registrations ?? 0),
    })),
  };
}

function linkOf(row: LinkRow, agentUsername: string, nowMs: number): Omit<AdminAgentLink, 'registrations'> {
  return {
    id: row.id.toString(),
    code: row.code,
    channel: row.channel,
    domain: row.domain,
    agentId: row.agent_id.toString(),
    agentUsername,
    status: statusOf(row, nowMs),
    createdAt: row.created_at.getTime(),
    expiresAt: row.expires_at?.getTime() ?? null,
    removedAt: row.removed_at?.getTime() ?? null,
  };
}

/**
 * POST /admin-api/agents/links/:linkId/disable: the link registers no one from now on. Under the link's
 * row lock, so a registration reading it (FOR SHARE, in the member's transaction) either committed
 * before and is counted, or waits and is refused. A link already off (disabled, removed) answers as it
 * is and writes nothing; another brand's or an unknown id is 404. Audited `agent.link.disable` with the
 * status before and after and the reason.
 */
export async function disableLinkForDesk(
  db: Kysely<Database>,
  request: FastifyRequest,
  linkId: bigint,
  body: DisableAgentLinkBody,
): Promise<AdminAgentLink> {
  const audit = auditContext(request);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('affiliate_code')
      .select(['id', 'code', 'channel', 'domain', 'agent_id', 'is_active', 'created_at', 'expires_at', 'removed_at'])
      .where('id', '=', linkId)
      .where('merchant_id', '=', audit.merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw AppError.notFound();
    const agents = await listMemberSummaries(trx, audit.merchantId, [row.agent_id]);
    const agentUsername = agents.get(row.agent_id)?.username ?? '';
    const { n } = await trx
      .selectFrom('affiliate_registration')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('affiliate_code_id', '=', row.id)
      .executeTakeFirstOrThrow();
    const registrations = Number(n);
    if (!row.is_active) return { ...linkOf(row, agentUsername, audit.nowMs), registrations };
    const updated = await trx
      .updateTable('affiliate_code')
      .set({ is_active: false })
      .where('id', '=', row.id)
      .returning(['id', 'code', 'channel', 'domain', 'agent_id', 'is_active', 'created_at', 'expires_at', 'removed_at'])
      .executeTakeFirstOrThrow();
    const before = { ...linkOf(row, agentUsername, audit.nowMs), registrations };
    const after = { ...linkOf(updated, agentUsername, audit.nowMs), registrations };
    await recordAudit(trx, {
      ...audit,
      action: 'agent.link.disable',
      targetType: 'affiliate_link',
      targetId: row.id.toString(),
      before: { status: before.status, code: before.code, agentId: before.agentId },
      after: { status: after.status, code: after.code, agentId: after.agentId, reason: body.reason },
    });
    return after;
  });
}
