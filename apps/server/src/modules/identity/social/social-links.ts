import { socialLoginErrorCodes, type SocialLinks, type SocialProvider } from '@lotus/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MerchantConfig } from '../../merchant/index.ts';
import { listOfferedProviders } from './social-clients.ts';
import type { ProviderProfile } from './social-providers.ts';
import { providerNames } from './social-providers.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** `register_method` of members made by social registration: `SOCIAL_LINE`, `SOCIAL_GOOGLE`, `SOCIAL_FACEBOOK`. */
export function socialRegisterMethodOf(provider: SocialProvider): string {
  return `SOCIAL_${provider.toUpperCase()}`;
}

/**
 * Whether the member knows a password. An account made by social registration gets one nobody knows
 * (as a mobile registration without password does); it has one once it was set since (a reset by SMS
 * or e-mail, or an operator's), which moves `password_changed_at` past the account's creation.
 */
export function hasKnownPassword(member: {
  register_method: string;
  password_changed_at: Date;
  created_at: Date;
}): boolean {
  return !(
    member.register_method.startsWith('SOCIAL_') && member.password_changed_at.getTime() <= member.created_at.getTime()
  );
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  return (
    (error as { code?: string; constraint?: string }).code === '23505' &&
    (error as { constraint?: string }).constraint === constraint
  );
}

/**
 * Links a verified provider account to the member. The same account linked again to the same member
 * is a success (the callback was replayed by the member); linked to another member: 409
 * `social.identity.taken`; the member already has another account of this provider: 409
 * `social.already.linked`. The unique indexes settle races the same way.
 */
export async function linkIdentity(
  db: Kysely<Database>,
  link: { merchantId: number; memberId: bigint; provider: SocialProvider; profile: ProviderProfile; nowMs: number },
  trx?: Transaction<Database>,
): Promise<void> {
  const target: Db = trx ?? db;
  const existing = await target
    .selectFrom('social_identity')
    .select(['member_id', 'subject'])
    .where('merchant_id', '=', link.merchantId)
    .where('provider', '=', link.provider)
    .where((eb) => eb.or([eb('subject', '=', link.profile.subject), eb('member_id', '=', link.memberId)]))
    .execute();
  if (existing.some((row) => row.member_id === link.memberId && row.subject === link.profile.subject)) return;
  if (existing.some((row) => row.subject === link.profile.subject))
    throw new AppError(409, socialLoginErrorCodes.identityTaken, {
      params: { provider: providerNames[link.provider] },
    });
  if (existing.length > 0)
    throw new AppError(409, socialLoginErrorCodes.alreadyLinked, {
      params: { provider: providerNames[link.provider] },
    });
  try {
    await target
      .insertInto('social_identity')
      .values({
        merchant_id: link.merchantId,
        member_id: link.memberId,
        provider: link.provider,
        subject: link.profile.subject,
        display_name: link.profile.displayName,
        email: link.profile.email,
        linked_at: new Date(link.nowMs),
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error, 'social_identity_subject_key'))
      throw new AppError(409, socialLoginErrorCodes.identityTaken, {
        params: { provider: providerNames[link.provider] },
      });
    if (isUniqueViolation(error, 'social_identity_member_provider_key'))
      throw new AppError(409, socialLoginErrorCodes.alreadyLinked, {
        params: { provider: providerNames[link.provider] },
      });
    throw error;
  }
}

/** GET /wps/member/social: the member's links, the providers offered now, and whether a password is known. */
export async function listSocialLinks(
  db: Kysely<Database>,
  merchant: { id: number; config: Pick<MerchantConfig, 'switches'> },
  memberId: bigint,
): Promise<SocialLinks> {
  const [rows, available, member] = await Promise.all([
    db
      .selectFrom('social_identity')
      .select(['provider', 'display_name', 'email', 'linked_at', 'last_login_at'])
      .where('merchant_id', '=', merchant.id)
      .where('member_id', '=', memberId)
      .orderBy('linked_at')
      .execute(),
    listOfferedProviders(db, merchant),
    db
      .selectFrom('member')
      .select(['register_method', 'password_changed_at', 'created_at'])
      .where('merchant_id', '=', merchant.id)
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    links: rows.map((row) => ({
      provider: row.provider,
      displayName: row.display_name,
      email: row.email,
      linkedAt: row.linked_at.getTime(),
      lastLoginAt: row.last_login_at?.getTime() ?? null,
    })),
    available,
    hasPassword: hasKnownPassword(member),
  };
}

/**
 * DELETE /wps/member/social/:provider. Under a lock of the member row, so two unlinks at once cannot
 * both pass the last-method check: an account without a known password keeps its last link (409
 * `social.unlink.last`; set a password by "forgot password" first). 404 `social.link.not.found`
 * when that provider is not linked.
 */
export async function unlinkSocialProvider(
  db: Kysely<Database>,
  merchant: { id: number; config: Pick<MerchantConfig, 'switches'> },
  memberId: bigint,
  provider: SocialProvider,
): Promise<SocialLinks> {
  await db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('member')
      .select(['register_method', 'password_changed_at', 'created_at'])
      .where('merchant_id', '=', merchant.id)
      .where('id', '=', memberId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const links = await trx
      .selectFrom('social_identity')
      .select(['id', 'provider'])
      .where('merchant_id', '=', merchant.id)
      .where('member_id', '=', memberId)
      .execute();
    const link = links.find((row) => row.provider === provider);
    if (!link)
      throw new AppError(404, socialLoginErrorCodes.linkNotFound, { params: { provider: providerNames[provider] } });
    if (links.length === 1 && !hasKnownPassword(member))
      throw new AppError(409, socialLoginErrorCodes.lastLoginMethod, { params: { provider: providerNames[provider] } });
    await trx.deleteFrom('social_identity').where('id', '=', link.id).execute();
  });
  return listSocialLinks(db, merchant, memberId);
}
