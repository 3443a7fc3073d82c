import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  socialLoginErrorCodes,
  type SocialCallbackRequest,
  type SocialCallbackResult,
  type SocialProvider,
} from '@lotus/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { challengeCheckOptions } from '../../verification/index.ts';
import { getMemberById, isUsernameTaken } from '../identity.queries.ts';
import { finishLogin } from '../login/finish-login.ts';
import { beginCredentialAttempt } from '../login/login-throttle.ts';
import { hashToken } from '../sessions/sessions.ts';
import { requireLoginVerificationIfNeeded } from '../two-factor/login-verification.ts';
import { requireOfferedClient } from './social-clients.ts';
import type { SocialLoginFlowTable } from './social-login.tables.ts';
import { exchangeCode, type ProviderProfile } from './social-providers.ts';
import { configurationOrUnavailable, type SocialContext } from './start-social-login.ts';
import { linkIdentity } from './social-links.ts';
import { providerNames } from './social-providers.ts';

/** How long an identity of no account may still be registered after its callback. */
export const socialRegistrationLifetimeMs = 15 * 60_000;

type FlowRow = Selectable<SocialLoginFlowTable>;

function flowInvalid(): AppError {
  return new AppError(400, socialLoginErrorCodes.flowInvalid, { field: 'state' });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Spends the flow the browser's token names (one conditional update: a second callback with the same
 * token finds nothing) and checks that the state the provider sent back is the flow's own. A token
 * that is unknown, spent, expired or another merchant's, and a state that differs, all answer
 * `social.flow.invalid`; the flow is spent either way, so a tampered callback cannot be retried.
 */
async function spendFlow(context: SocialContext, request: SocialCallbackRequest): Promise<FlowRow> {
  const { db, merchant, nowMs } = context;
  if (!/^[A-Za-z0-9_-]{43}$/.test(request.flowToken)) throw flowInvalid();
  const now = new Date(nowMs);
  const row = await db
    .updateTable('social_login_flow')
    .set({ consumed_at: now })
    .where('flow_token_hash', '=', hashToken(request.flowToken))
    .where('merchant_id', '=', merchant.id)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw flowInvalid();
  if (request.error === undefined && !sameText(request.state ?? '', row.state)) throw flowInvalid();
  return row;
}

/** The callback URL as the provider built it, from the flow's own redirect URI: the query alone never names where to go. */
function callbackUrlOf(flow: FlowRow, request: SocialCallbackRequest): URL {
  const url = new URL(flow.redirect_uri);
  url.searchParams.set('code', request.code ?? '');
  url.searchParams.set('state', request.state ?? '');
  if (request.iss !== undefined) url.searchParams.set('iss', request.iss);
  return url;
}

async function verifyAtProvider(
  context: SocialContext,
  flow: FlowRow,
  request: SocialCallbackRequest,
): Promise<ProviderProfile> {
  const provider = flow.provider;
  // Switched off (or the client removed) between the button and the callback: refused too.
  const client = await requireOfferedClient(context.db, context.config, context.merchant, provider);
  const configuration = await configurationOrUnavailable(context, provider, client);
  try {
    return await exchangeCode(provider, configuration, {
      callbackUrl: callbackUrlOf(flow, request),
      state: flow.state,
      nonce: flow.nonce,
      codeVerifier: flow.code_verifier,
    });
  } catch (error) {
    context.log?.warn({ err: error, provider }, 'social login: the provider did not confirm the code');
    throw new AppError(400, socialLoginErrorCodes.callbackFailed, {
      field: 'code',
      params: { provider: providerNames[provider] },
    });
  }
}

/**
 * POST /wps/social/callback. `linkingMember` checks the request's member token; it is asked only for
 * a link flow, whose member must be the one who started it.
 */
export async function finishSocialLogin(
  context: SocialContext,
  request: SocialCallbackRequest,
  linkingMember: () => Promise<{ id: bigint }>,
): Promise<SocialCallbackResult> {
  const flow = await spendFlow(context, request);
  if (request.error !== undefined)
    throw new AppError(400, socialLoginErrorCodes.providerDenied, {
      field: 'code',
      params: { provider: providerNames[flow.provider] },
    });
  if ((request.code ?? '').trim() === '') throw AppError.badRequest('code', 'register.field.required');
  const profile = await verifyAtProvider(context, flow, request);

  if (flow.intent === 'link') {
    const member = await linkingMember();
    if (member.id !== flow.member_id) throw flowInvalid();
    await linkIdentity(context.db, {
      merchantId: context.merchant.id,
      memberId: member.id,
      provider: flow.provider,
      profile,
      nowMs: context.nowMs,
    });
    return { outcome: 'linked', provider: flow.provider };
  }

  const linked = await context.db
    .selectFrom('social_identity')
    .select(['id', 'member_id'])
    .where('merchant_id', '=', context.merchant.id)
    .where('provider', '=', flow.provider)
    .where('subject', '=', profile.subject)
    .executeTakeFirst();
  if (linked) {
    const login = await logInLinkedMember(context, linked, profile, request.loginDeviceId ?? null);
    return { outcome: 'loggedIn', provider: flow.provider, login };
  }
  return offerRegistration(context, flow, profile);
}

/**
 * The linked member logs in as after a password: the lock of repeated failures and an operator's
 * stop refuse it (journaled), two-factor and new-IP verification apply (403 `login_verify_required`,
 * finished by the usual verification call), then finishLogin opens the session. The password was not
 * used, so it is never reported expired here (as for SMS logins).
 */
async function logInLinkedMember(
  context: SocialContext,
  linked: { id: bigint; member_id: bigint },
  profile: ProviderProfile,
  loginDeviceId: string | null,
) {
  const { db, merchant, caller, nowMs } = context;
  const member = await getMemberById(db, merchant.id, linked.member_id);
  const attempt = await beginCredentialAttempt(
    { db, merchant, caller, nowMs, pause: context.pause, checks: challengeCheckOptions(context.config, nowMs) },
    { member, usernameTried: member.username, accountKey: member.username, loginDeviceId, captcha: null },
  );
  await attempt.requireActive(member);
  await db
    .updateTable('social_identity')
    .set({ last_login_at: new Date(nowMs), display_name: profile.displayName, email: profile.email })
    .where('id', '=', linked.id)
    .execute();
  await requireLoginVerificationIfNeeded({
    db,
    merchant,
    member,
    caller,
    usernameTried: member.username,
    loginDeviceId,
    loginType: 'social',
    wantsRememberToken: false,
    rememberTokenId: null,
    nowMs,
  });
  return finishLogin(db, {
    merchant,
    member,
    caller,
    usernameTried: member.username,
    loginDeviceId,
    nowMs,
    passwordExpired: false,
    wantsRememberToken: false,
  });
}

/** A username to offer: the provider's name and 6 digits (`line482913`), free in this merchant. */
async function suggestUsername(db: Kysely<Database>, merchantId: number, provider: SocialProvider): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const candidate = `${provider === 'facebook' ? 'fb' : provider}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    if (!(await isUsernameTaken(db, merchantId, candidate))) return candidate;
  }
  return `${provider === 'facebook' ? 'fb' : provider}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * No account has this identity: the verified subject waits on the flow behind a registration token
 * (15 minutes, single use) for PUT /wps/social/register.
 */
async function offerRegistration(
  context: SocialContext,
  flow: FlowRow,
  profile: ProviderProfile,
): Promise<SocialCallbackResult> {
  const { db, nowMs } = context;
  const registrationToken = randomBytes(32).toString('base64url');
  const expiresAtMs = nowMs + socialRegistrationLifetimeMs;
  await db
    .updateTable('social_login_flow')
    .set({
      subject: profile.subject,
      display_name: profile.displayName,
      email: profile.email,
      registration_token_hash: hashToken(registrationToken),
      registration_expires_at: new Date(expiresAtMs),
    })
    .where('id', '=', flow.id)
    .execute();
  return {
    outcome: 'register',
    provider: flow.provider,
    registrationToken,
    suggestedUsername: await suggestUsername(db, context.merchant.id, flow.provider),
    displayName: profile.displayName,
    expiresAtMs,
  };
}
