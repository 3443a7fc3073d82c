import type { MemberInfo } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { findPreviousLoginMs, getMemberById } from '../identity.queries.ts';
import { maskEmail, maskMobile } from './mask-contact.ts';
import type { AuthenticatedMember } from '../sessions/require-member.ts';

/**
 * GET /wps/member/info. Contact details are masked; ranks and labels are fixed until the rank
 * module exists (every member is VIP0). `toUpline` is the merchant's switch (configuration
 * `agentTransfers.toUpline`, modules/agents transfers), never for an isAgent 2 agent nor a member without upline.
 */
export async function getMemberInfo(
  db: Kysely<Database>,
  member: AuthenticatedMember,
  merchantAllowsToUpline = false,
): Promise<MemberInfo> {
  const row = await getMemberById(db, member.merchantId, member.id);
  const lastLoginAt = await findPreviousLoginMs(db, member.id, member.sessionCreatedAtMs);
  return {
    id: Number(row.id),
    account: row.username,
    userName: row.payee_name,
    nickname: row.nickname,
    type: row.is_agent,
    toUpline: merchantAllowsToUpline && row.is_agent !== 2 && row.upline_id !== null,
    clubLabel: { labelName: 'VIP0', rankLevel: 0 },
    memberLabel: [],
    mobile:
      row.mobile_number !== null && row.mobile_dialing_code !== null
        ? maskMobile(row.mobile_dialing_code, row.mobile_number)
        : null,
    email: row.email === null ? null : maskEmail(row.email),
    regDate: row.created_at.getTime(),
    language: row.language,
    lastLoginAt,
  };
}
