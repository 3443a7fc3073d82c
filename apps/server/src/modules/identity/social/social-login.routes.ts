import {
  adminSocialProviderBodySchema,
  adminSocialProvidersSchema,
  envelopeSchema,
  loginResultSchema,
  socialCallbackRequestSchema,
  socialCallbackResultSchema,
  socialLinksSchema,
  socialLoginPaths,
  socialProviderParamsSchema,
  socialRegisterRequestSchema,
  socialStartRequestSchema,
  socialStartSchema,
  type OperatorPermission,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/envelope.ts';
import type { AppInstance } from '../../../http/types.ts';
import { findMerchant } from '../../merchant/index.ts';
import { routeContext } from '../route-context.ts';
import type { RegistrationAgents } from '../registration/registration-agents.ts';
import { requireMember } from '../sessions/require-member.ts';
import { requireRealMember } from '../sessions/require-real-member.ts';
import { deleteSocialClient, listSocialProvidersForAdmin, setSocialClient } from './social-clients.ts';
import { finishSocialLogin } from './finish-social-login.ts';
import { registerSocialMember } from './register-social-member.ts';
import { listSocialLinks, unlinkSocialProvider } from './social-links.ts';
import { startSocialLogin } from './start-social-login.ts';

const tags = ['identity: social login'];
const adminTags = ['admin: social login'];

/** As the other credential calls: a ceiling per IP on top of the hourly credential budget. */
const credentialRateLimit = { max: 30, timeWindow: '1 minute' };
const noStore = 'no-store';

/**
 * The back-office's guard and audit log (modules/backoffice depends on identity, so they come from
 * modules/routes.ts, as the site module's do).
 */
export interface SocialLoginBackoffice {
  requireOperator: (permission: OperatorPermission) => (request: FastifyRequest) => Promise<void>;
  auditContext: (request: FastifyRequest) => {
    merchantId: number;
    operatorId: bigint | null;
    ip: string;
    nowMs: number;
  };
  recordAudit: (
    db: Kysely<Database>,
    entry: {
      merchantId: number;
      operatorId: bigint | null;
      ip: string;
      nowMs: number;
      action: string;
      targetType: string;
      targetId: string | number | bigint;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    },
  ) => Promise<unknown>;
}

export interface SocialLoginRouteDeps {
  agents: RegistrationAgents;
  backoffice: SocialLoginBackoffice;
}

function socialContext(app: AppInstance, request: FastifyRequest) {
  const context = routeContext(app, request);
  return { ...context, log: request.log };
}

/** Social login's member and back-office calls (social/README.md). */
export async function socialLoginRoutes(app: AppInstance, deps: SocialLoginRouteDeps): Promise<void> {
  app.post(
    socialLoginPaths.start,
    {
      config: { rateLimit: credentialRateLimit },
      schema: { tags, body: socialStartRequestSchema, response: { 200: envelopeSchema(socialStartSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await startSocialLogin(socialContext(app, request), request.body.provider, null));
    },
  );

  app.post(
    socialLoginPaths.linkStart,
    {
      onRequest: requireRealMember,
      config: { rateLimit: credentialRateLimit },
      schema: { tags, body: socialStartRequestSchema, response: { 200: envelopeSchema(socialStartSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await startSocialLogin(socialContext(app, request), request.body.provider, request.member.id));
    },
  );

  app.post(
    socialLoginPaths.callback,
    {
      config: { rateLimit: credentialRateLimit },
      schema: {
        tags,
        body: socialCallbackRequestSchema,
        response: { 200: envelopeSchema(socialCallbackResultSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      // A link flow also needs the token of the member who started it (checked only then).
      const linkingMember = async () => {
        await requireMember(request);
        return request.member;
      };
      return ok(await finishSocialLogin(socialContext(app, request), request.body, linkingMember));
    },
  );

  app.put(
    socialLoginPaths.register,
    {
      config: { rateLimit: credentialRateLimit },
      schema: { tags, body: socialRegisterRequestSchema, response: { 200: envelopeSchema(loginResultSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const context = { ...socialContext(app, request), agents: deps.agents, language: request.language };
      return ok(await registerSocialMember(context, request.body));
    },
  );

  app.get(
    socialLoginPaths.links,
    { onRequest: requireMember, schema: { tags, response: { 200: envelopeSchema(socialLinksSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await listSocialLinks(app.db, request.merchant, request.member.id));
    },
  );

  app.delete(
    socialLoginPaths.unlink,
    {
      onRequest: requireRealMember,
      schema: { tags, params: socialProviderParamsSchema, response: { 200: envelopeSchema(socialLinksSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await unlinkSocialProvider(app.db, request.merchant, request.member.id, request.params.provider));
    },
  );

  const guard = deps.backoffice.requireOperator('brands.manage');
  const operatorMerchant = async (request: FastifyRequest) => {
    const merchant = await findMerchant(app.db, { id: request.operator.merchantId });
    if (!merchant) throw AppError.notFound();
    return merchant;
  };

  app.get(
    socialLoginPaths.adminProviders,
    { onRequest: guard, schema: { tags: adminTags, response: { 200: envelopeSchema(adminSocialProvidersSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok({ providers: await listSocialProvidersForAdmin(app.db, await operatorMerchant(request)) });
    },
  );

  app.put(
    socialLoginPaths.adminProvider,
    {
      onRequest: guard,
      schema: {
        tags: adminTags,
        params: socialProviderParamsSchema,
        body: adminSocialProviderBodySchema,
        response: { 200: envelopeSchema(adminSocialProvidersSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const merchant = await operatorMerchant(request);
      const who = deps.backoffice.auditContext(request);
      const { before, after } = await setSocialClient(app.db, app.config, {
        merchantId: merchant.id,
        provider: request.params.provider,
        operatorId: request.operator.id,
        nowMs: app.now(),
        body: request.body,
      });
      await deps.backoffice.recordAudit(app.db, {
        ...who,
        action: 'social.client.set',
        targetType: 'social_login_client',
        targetId: request.params.provider,
        before,
        after,
      });
      return ok({ providers: await listSocialProvidersForAdmin(app.db, merchant) });
    },
  );

  app.delete(
    socialLoginPaths.adminProvider,
    {
      onRequest: guard,
      schema: {
        tags: adminTags,
        params: socialProviderParamsSchema,
        response: { 200: envelopeSchema(adminSocialProvidersSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const merchant = await operatorMerchant(request);
      const before = await deleteSocialClient(app.db, merchant.id, request.params.provider);
      if (before === null) throw AppError.notFound();
      await deps.backoffice.recordAudit(app.db, {
        ...deps.backoffice.auditContext(request),
        action: 'social.client.delete',
        targetType: 'social_login_client',
        targetId: request.params.provider,
        before,
        after: null,
      });
      return ok({ providers: await listSocialProvidersForAdmin(app.db, merchant) });
    },
  );
}
