import {
  apiPaths,
  envelopeSchema,
  loginRequestSchema,
  loginResultSchema,
  memberInfoSchema,
  memberLanguageRequestSchema,
  registerRequestSchema,
} from '@lotus/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { getMemberInfo } from './members/get-member-info.ts';
import { updateMemberLanguage } from './identity.queries.ts';
import { logIn } from './login/log-in.ts';
import { registerMember } from './registration/register-member.ts';
import type { RegistrationAgents } from './registration/registration-agents.ts';
import { requireMember } from './sessions/require-member.ts';
import { routeContext } from './route-context.ts';
import { revokeSession } from './sessions/sessions.ts';

const tags = ['identity'];

/**
 * Per IP, on top of the per-account failure logic (captcha, lock): a ceiling on argon2 work and on
 * name guessing from one address.
 */
const credentialRateLimit = { max: 30, timeWindow: '1 minute' };

/** Answers about a member are theirs alone: never stored by a browser cache or a proxy. */
const noStore = 'no-store';

/** Register, login, logout, member info and language (spec §7). */
export async function identityRoutes(app: AppInstance, agents: RegistrationAgents): Promise<void> {
  app.put(
    apiPaths.register,
    {
      config: { sealed: true, rateLimit: credentialRateLimit },
      schema: { tags, body: registerRequestSchema, response: { 200: envelopeSchema(loginResultSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await registerMember({ ...routeContext(app, request), agents }, request.body));
    },
  );

  app.post(
    apiPaths.login,
    {
      config: { sealed: true, rateLimit: credentialRateLimit },
      schema: { tags, body: loginRequestSchema, response: { 200: envelopeSchema(loginResultSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      // By password, remember token or SMS code, as `type` says (log-in.ts).
      return ok(await logIn(routeContext(app, request), request.body));
    },
  );

  app.delete(
    apiPaths.logout,
    {
      onRequest: requireMember,
      config: { allowPendingPasswordChange: true },
      schema: { tags, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await revokeSession(app.db, request.member.sessionId, app.now());
      return ok(null);
    },
  );

  app.get(
    apiPaths.memberInfo,
    {
      onRequest: requireMember,
      config: { allowPendingPasswordChange: true },
      schema: { tags, response: { 200: envelopeSchema(memberInfoSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await getMemberInfo(app.db, request.member, request.merchant.config.agentTransfers.toUpline));
    },
  );

  app.post(
    apiPaths.memberLanguage,
    {
      onRequest: requireMember,
      config: { allowPendingPasswordChange: true },
      schema: { tags, body: memberLanguageRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await updateMemberLanguage(app.db, request.member.id, request.body.language);
      return ok(null);
    },
  );
}
