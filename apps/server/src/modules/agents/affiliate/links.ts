import { randomInt } from 'node:crypto';
import {
  affiliateValidityMs,
  agentsErrorCodes,
  identityErrorCodes,
  maxAffiliateLinksPerAgent,
  type AffiliateLink,
  type AffiliateLinkList,
  type CreateAffiliateLinkRequest,
} from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';

/**
 * An agent's affiliate links (issue 16): an invitation code with a channel label and an expiry, and
 * the members registered through it (`affiliate_registration`, one row per member, written in the
 * transaction that creates the member, so the count is exact under simultaneous registrations).
 * An agent reads and changes only its own links: another's link id is 404 like an unknown one.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface LinkOwner {
  merchantId: number;
  agentId: bigint;
}

/** Letters and digits without the look-alikes (0 O 1 I L): a code read aloud or copied by hand. */
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const generatedCodeLength = 8;

export function generateAffiliateCode(): string {
  let code = '';
  for (let index = 0; index < generatedCodeLength; index++) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return code;
}

/**
 * GET MCSFE_getAffiliateLinks: the agent's links that are not removed, newest first, with their
 * registrations; a link an operator disabled is listed as `disabled` (it registers no one).
 */
export async function listAffiliateLinks(db: Db, owner: LinkOwner, nowMs: number): Promise<AffiliateLinkList> {
  const rows = await db
    .selectFrom('affiliate_code')
    .select((eb) => [
      'id',
      'code',
      'channel',
      'domain',
      'created_at',
      'expires_at',
      'is_active',
      eb
        .selectFrom('affiliate_registration')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('affiliate_registration.affiliate_code_id', '=', 'affiliate_code.id')
        .as('register_count'),
    ])
    .where('merchant_id', '=', owner.merchantId)
    .where('agent_id', '=', owner.agentId)
    .where('removed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return {
    content: rows.map((row) => toLink({ ...row, register_count: Number(row.register_count ?? 0) }, nowMs)),
  };
}

function toLink(
  row: {
    id: bigint;
    code: string;
    channel: string;
    domain: string | null;
    created_at: Date;
    expires_at: Date | null;
    is_active: boolean;
    register_count: number;
  },
  nowMs: number,
): AffiliateLink {
  const expireTime = row.expires_at?.getTime() ?? null;
  return {
    id: String(row.id),
    affiliateCode: row.code,
    channel: row.channel,
    createTime: row.created_at.getTime(),
    expireTime,
    status: !row.is_active ? 'disabled' : expireTime !== null && expireTime <= nowMs ? 'expired' : 'normal',
    registerCount: row.register_count,
    domain: row.domain,
  };
}

/**
 * POST MCSFE_createAffiliateLink: a new link of the agent. A chosen code taken by any link of the
 * merchant (any case, removed ones too) is 409 `affiliate.code.taken`; a generated one is drawn again.
 * The agent's links are counted under a lock on the agent, so two creations at once cannot pass the
 * limit together.
 */
export async function createAffiliateLink(
  db: Kysely<Database>,
  owner: LinkOwner,
  request: { affiliateCode?: string; channel: string; validType: CreateAffiliateLinkRequest['validType'] },
  nowMs: number,
): Promise<AffiliateLink> {
  const lifetime = affiliateValidityMs[request.validType];
  const createdAt = new Date(nowMs);
  const expiresAt = lifetime === null ? null : new Date(nowMs + lifetime);
  for (let attempt = 0; ; attempt++) {
    const code = request.affiliateCode ?? generateAffiliateCode();
    try {
      return await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext('agents.affiliate_link'), ${Number(owner.agentId % 2_147_483_647n)})`.execute(
          trx,
        );
        const { n } = await trx
          .selectFrom('affiliate_code')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('merchant_id', '=', owner.merchantId)
          .where('agent_id', '=', owner.agentId)
          .where('removed_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(n) >= maxAffiliateLinksPerAgent)
          throw new AppError(409, agentsErrorCodes.affiliateLinkLimit, {
            params: { max: maxAffiliateLinksPerAgent },
          });
        const row = await trx
          .insertInto('affiliate_code')
          .values({
            merchant_id: owner.merchantId,
            code,
            code_key: code.toLowerCase(),
            agent_id: owner.agentId,
            domain: null,
            channel: request.channel,
            expires_at: expiresAt,
            removed_at: null,
            created_at: createdAt,
          })
          .returning(['id', 'code', 'channel', 'domain', 'created_at', 'expires_at', 'is_active'])
          .executeTakeFirstOrThrow();
        return toLink({ ...row, register_count: 0 }, nowMs);
      });
    } catch (error) {
      const { code: pgCode, constraint } = error as { code?: string; constraint?: string };
      const taken = pgCode === '23505' && constraint === 'affiliate_code_key_idx';
      if (!taken) throw error;
      if (request.affiliateCode !== undefined || attempt >= 4)
        throw new AppError(409, agentsErrorCodes.affiliateCodeTaken, { field: 'affiliateCode' });
    }
  }
}

/**
 * POST MCSFE_deleteAffiliateLink: the link is removed (switched off, left out of the list); its code
 * stays taken, so a link already shared never starts pointing at another agent. 404 for a link that
 * is not this agent's, or already removed.
 */
export async function removeAffiliateLink(db: Db, owner: LinkOwner, linkId: bigint, nowMs: number): Promise<void> {
  const result = await db
    .updateTable('affiliate_code')
    .set({ is_active: false, removed_at: new Date(nowMs) })
    .where('id', '=', linkId)
    .where('merchant_id', '=', owner.merchantId)
    .where('agent_id', '=', owner.agentId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw AppError.notFound();
}

/**
 * Records that a member registered through a link, in the transaction that creates the member. The
 * link is read again under a share lock (a removal waits for this registration, or this one sees the
 * removal): a link that expired or was removed since the registration's first check registers no one
 * (400 `affiliate.code.invalid`, the member's transaction rolls back).
 */
export async function recordLinkRegistration(
  trx: Transaction<Database>,
  registration: { merchantId: number; memberId: bigint; codeId: bigint; nowMs: number },
): Promise<void> {
  const link = await trx
    .selectFrom('affiliate_code')
    .select(['is_active', 'expires_at'])
    .where('id', '=', registration.codeId)
    .where('merchant_id', '=', registration.merchantId)
    .forShare()
    .executeTakeFirst();
  const open =
    link !== undefined &&
    link.is_active &&
    (link.expires_at === null || link.expires_at.getTime() > registration.nowMs);
  if (!open) throw new AppError(400, identityErrorCodes.affiliateInvalid, { field: 'affiliateCode' });
  await trx
    .insertInto('affiliate_registration')
    .values({
      member_id: registration.memberId,
      merchant_id: registration.merchantId,
      affiliate_code_id: registration.codeId,
      created_at: new Date(registration.nowMs),
    })
    .execute();
}
