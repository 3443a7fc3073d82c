import {
  errorCodes,
  identityErrorCodes,
  socialLoginErrorCodes,
  type LoginResult,
  type SocialRegisterRequest,
} from '@lotus/contract';
import { AppError } from '../../../http/app-error.ts';
import { isUsernameTaken } from '../identity.queries.ts';
import { hashUnusablePassword, insertMember, rethrowTakenConflict, type Upline } from '../members/insert-member.ts';
import { ageInYears, logInNewMember } from '../registration/register-member.ts';
import { checkRegisterField, type RuleViolation } from '../registration/register-rules.ts';
import type { RegistrationAgents } from '../registration/registration-agents.ts';
import { hashToken } from '../sessions/sessions.ts';
import { isSwitchedOn } from './social-clients.ts';
import { linkIdentity, socialRegisterMethodOf } from './social-links.ts';
import type { SocialContext } from './start-social-login.ts';
import { providerNames } from './social-providers.ts';

function ruleError(
  violation: RuleViolation | { field: string; messageKey: string; params: Record<string, string | number> },
) {
  return new AppError(400, errorCodes.validation, {
    field: violation.field,
    messageKey: violation.messageKey,
    params: violation.params,
  });
}

function registrationInvalid(): AppError {
  return new AppError(400, socialLoginErrorCodes.registrationInvalid, { field: 'registrationToken' });
}

/**
 * The merchant's registration rules that still mean something when the provider vouches for the
 * person (README "Registration"): the username's rule and uniqueness, the birthday's rule and the
 * minimum age when the merchant asks for a birthday, the affiliate code when one comes, and the
 * acceptance of the terms. Password, mobile number, SMS code, slider and captcha are not asked: the
 * provider's sign-in is the proof, and the member adds contact details in the member centre.
 */
function checkFields(context: SocialContext, request: SocialRegisterRequest) {
  const rules = context.merchant.config.registerRules;
  const username = request.username.trim();
  const usernameBreak = checkRegisterField('username', username === '' ? undefined : username, rules.username);
  if (usernameBreak) throw ruleError(usernameBreak);
  if (username === '')
    throw ruleError({ field: 'username', messageKey: 'register.field.required', params: { field: 'username' } });
  const birthday = request.birthday?.trim() || undefined;
  if (rules.birthday?.enabled || birthday !== undefined) {
    const birthdayBreak = checkRegisterField('birthday', birthday, rules.birthday);
    if (birthdayBreak) throw ruleError(birthdayBreak);
  }
  if (birthday !== undefined) {
    const age = ageInYears(birthday, context.nowMs);
    if (age === null)
      throw ruleError({ field: 'birthday', messageKey: 'register.birthday.invalid', params: { field: 'birthday' } });
    if (age < context.merchant.config.minimumAge)
      throw ruleError({
        field: 'birthday',
        messageKey: 'register.birthday.underage',
        params: { field: 'birthday', age: context.merchant.config.minimumAge },
      });
  }
  const affiliateCode = request.affiliateCode?.trim() || undefined;
  if (affiliateCode !== undefined && rules.affiliateCode) {
    const affiliateBreak = checkRegisterField('affiliateCode', affiliateCode, {
      ...rules.affiliateCode,
      enabled: true,
    });
    if (affiliateBreak) throw ruleError(affiliateBreak);
  }
  if (request.acceptTerms !== true)
    throw ruleError({ field: 'acceptTerms', messageKey: 'social.terms.required', params: { field: 'acceptTerms' } });
  return { username, birthday, affiliateCode };
}

/**
 * PUT /wps/social/register: a new member from the identity of a callback that found no account.
 * Fields first (nothing spent), then the registration token, the switch, the username and the
 * affiliate code; one transaction spends the token, creates the member (a password nobody knows),
 * links the identity, journals the login and opens the session.
 */
export async function registerSocialMember(
  context: SocialContext & { agents: RegistrationAgents; language: 'TH' | 'EN' },
  request: SocialRegisterRequest,
): Promise<LoginResult> {
  const { db, merchant, caller, nowMs } = context;
  const fields = checkFields(context, request);
  if (!/^[A-Za-z0-9_-]{43}$/.test(request.registrationToken)) throw registrationInvalid();
  const now = new Date(nowMs);
  const flow = await db
    .selectFrom('social_login_flow')
    .selectAll()
    .where('registration_token_hash', '=', hashToken(request.registrationToken))
    .where('merchant_id', '=', merchant.id)
    .where('registered_at', 'is', null)
    .where('registration_expires_at', '>', now)
    .executeTakeFirst();
  if (!flow || flow.subject === null) throw registrationInvalid();
  const provider = flow.provider;
  if (!isSwitchedOn(merchant.config, provider))
    throw new AppError(403, socialLoginErrorCodes.providerDisabled, {
      field: 'provider',
      params: { provider: providerNames[provider] },
    });
  if (await isUsernameTaken(db, merchant.id, fields.username))
    throw new AppError(409, identityErrorCodes.usernameTaken, { field: 'username' });
  const upline: Upline | null =
    fields.affiliateCode === undefined
      ? null
      : await context.agents.findInvitingAgent(db, merchant.id, fields.affiliateCode, context.host, nowMs);

  const passwordHash = await hashUnusablePassword();
  const subject = flow.subject;
  try {
    return await db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable('social_login_flow')
        .set({ registered_at: now })
        .where('id', '=', flow.id)
        .where('registered_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!spent) throw registrationInvalid();
      const memberId = await insertMember(
        trx,
        {
          merchant_id: merchant.id,
          username: fields.username,
          birthday: fields.birthday ?? null,
          nickname: flow.display_name?.slice(0, 64) ?? null,
          language: context.language,
          password_hash: passwordHash,
          password_changed_at: now,
          register_method: socialRegisterMethodOf(provider),
          register_domain: context.host.replace(/:\d+$/, '').toLowerCase().slice(0, 255) || null,
          register_ip: caller.ip,
          register_device: caller.device,
          created_at: now,
        },
        upline,
      );
      await linkIdentity(
        db,
        {
          merchantId: merchant.id,
          memberId,
          provider,
          profile: { subject, displayName: flow.display_name, email: flow.email },
          nowMs,
        },
        trx,
      );
      return logInNewMember(trx, {
        merchant,
        memberId,
        username: fields.username,
        caller,
        loginDeviceId: request.loginDeviceId ?? null,
        nowMs,
      });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    return rethrowTakenConflict(error);
  }
}
