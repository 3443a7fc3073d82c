import {
  apiPaths,
  chooseIconRequestSchema,
  codeSentSchema,
  envelopeSchema,
  freePlayRequestSchema,
  loginResultSchema,
  memberIconsSchema,
  passwordEmailRequestSchema,
  passwordEmailResetRequestSchema,
  passwordSmsRequestSchema,
  passwordVerificationRequestSchema,
  playerAvatarSchema,
  registerMobileRequestSchema,
} from '@lotus/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { chooseMemberIcon, getPlayerAvatar, listMemberIcons } from './members/avatars.ts';
import { startFreePlay } from './free-play/free-play.ts';
import { resetPasswordByEmail, sendPasswordResetEmail } from './recovery/password-reset-email.ts';
import { resetPasswordBySms, sendPasswordResetCode } from './recovery/password-reset-sms.ts';
import { registerMemberByMobile } from './registration/register-member.ts';
import type { RegistrationAgents } from './registration/registration-agents.ts';
import { requireMember } from './sessions/require-member.ts';
import { routeContext } from './route-context.ts';

const tags = ['identity'];

/** Answers about a member are theirs alone: never stored by a browser cache or a proxy. */
const noStore = 'no-store';

/** Per IP. Each bounds what one address can try or cost (argon2 work, messages, accounts). */
const rateLimits = {
  /** As registration by username. */
  register: { max: 30, timeWindow: '1 minute' },
  passwordEmail: { max: 5, timeWindow: '1 minute' },
  passwordReset: { max: 10, timeWindow: '1 minute' },
  /** Spec §5 and §9: sending an SMS is throttled to once a second. */
  passwordSms: { max: 1, timeWindow: 1000 },
  /** Every free-play login creates an account. */
  freePlay: { max: 5, timeWindow: '1 hour' },
};

/**
 * Registration by mobile, password recovery by e-mail and by phone, free play and avatars (see
 * README.md). Affiliate codes and agent-created accounts are modules/agents'.
 */
export async function accountsRoutes(app: AppInstance, agents: RegistrationAgents): Promise<void> {
  app.put(
    apiPaths.registerMobile,
    {
      config: { sealed: true, rateLimit: rateLimits.register },
      schema: { tags, body: registerMobileRequestSchema, response: { 200: envelopeSchema(loginResultSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await registerMemberByMobile({ ...routeContext(app, request), agents }, request.body));
    },
  );

  // Spec §7: a form-encoded body (registered app-wide with @fastify/formbody); JSON is accepted too.
  app.post(
    apiPaths.passwordEmail,
    {
      config: { rateLimit: rateLimits.passwordEmail },
      schema: { tags, body: passwordEmailRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      await sendPasswordResetEmail(routeContext(app, request), request.body);
      return ok(null);
    },
  );

  app.post(
    apiPaths.passwordEmailReset,
    {
      config: { sealed: true, rateLimit: rateLimits.passwordReset },
      schema: { tags, body: passwordEmailResetRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      await resetPasswordByEmail(routeContext(app, request), request.body);
      return ok(null);
    },
  );

  app.post(
    apiPaths.passwordSms,
    {
      config: { sealed: true, rateLimit: rateLimits.passwordSms },
      schema: { tags, body: passwordSmsRequestSchema, response: { 200: envelopeSchema(codeSentSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await sendPasswordResetCode(routeContext(app, request), request.body));
    },
  );

  app.post(
    apiPaths.passwordVerification,
    {
      config: { sealed: true, rateLimit: rateLimits.passwordReset },
      schema: { tags, body: passwordVerificationRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      await resetPasswordBySms(routeContext(app, request), request.body);
      return ok(null);
    },
  );

  app.post(
    apiPaths.freePlay,
    {
      config: { sealed: true, rateLimit: rateLimits.freePlay },
      schema: { tags, body: freePlayRequestSchema, response: { 200: envelopeSchema(loginResultSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await startFreePlay(routeContext(app, request), request.body));
    },
  );

  // Avatars are cosmetic and carry no money or personal data: trial accounts may choose one too.
  app.get(
    apiPaths.memberIcons,
    { onRequest: requireMember, schema: { tags, response: { 200: envelopeSchema(memberIconsSchema) } } },
    async () => ok(listMemberIcons()),
  );

  app.put(
    apiPaths.memberIcons,
    {
      onRequest: requireMember,
      schema: { tags, body: chooseIconRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await chooseMemberIcon(app.db, request.member.id, request.body.iconId);
      return ok(null);
    },
  );

  app.get(
    apiPaths.playerAvatar,
    { onRequest: requireMember, schema: { tags, response: { 200: envelopeSchema(playerAvatarSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await getPlayerAvatar(app.db, request.member.id));
    },
  );
}
