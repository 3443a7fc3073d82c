import {
  apiPaths,
  codeSentSchema,
  envelopeSchema,
  forgetRememberRequestSchema,
  loginResultSchema,
  loginVerificationCodeRequestSchema,
  loginVerificationRequestSchema,
  passwordChangeRequestSchema,
  sendLoginSmsRequestSchema,
  totpCodeRequestSchema,
  totpEnrolmentSchema,
  totpStatusSchema,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { changePassword } from './passwords/change-password.ts';
import { completeLoginVerification, sendLoginVerificationCode } from './two-factor/login-verification.ts';
import { forgetRememberToken } from './sessions/remember-tokens.ts';
import { requireRealMember } from './sessions/require-real-member.ts';
import { routeContext } from './route-context.ts';
import { sendLoginSms } from './login/sms-login.ts';
import { confirmTotpEnrolment, disableTotp, findTotpState, startTotpEnrolment } from './two-factor/totp.ts';

const tags = ['identity'];

/** Spec §5 and §9: sending an SMS (or e-mail) code is throttled to once a second per IP. */
const codeSendRateLimit = { max: 1, timeWindow: 1000 };
/** As for login: a ceiling per IP on argon2 work and on guessing, on top of the per-account counts. */
const credentialRateLimit = { max: 30, timeWindow: '1 minute' };
/**
 * Authenticator codes typed with a token, per token: a stolen session cannot search the million
 * codes that would switch two-factor login off (with ±1 step, 5 a minute is weeks of guessing).
 */
const totpCodeRateLimit = {
  max: 5,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `totp:${String(request.headers.authorization ?? request.ip)}`,
};

/** Answers about a member, their tokens and their secrets are theirs alone: never stored by a cache. */
const noStore = 'no-store';

/** SMS login, remember tokens, new-IP verification, two-factor enrolment and password change (see README.md). */
export async function loginSecurityRoutes(app: AppInstance): Promise<void> {
  app.post(
    apiPaths.smsLogin,
    {
      config: { rateLimit: codeSendRateLimit },
      schema: { tags, body: sendLoginSmsRequestSchema, response: { 200: envelopeSchema(codeSentSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await sendLoginSms(routeContext(app, request), request.body));
    },
  );

  app.delete(
    apiPaths.rememberForget,
    {
      config: { rateLimit: credentialRateLimit },
      schema: { tags, body: forgetRememberRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await forgetRememberToken(app.db, {
        merchantId: request.merchant.id,
        token: request.body.rememberToken,
        nowMs: app.now(),
      });
      return ok(null);
    },
  );

  app.post(
    apiPaths.loginVerificationCode,
    {
      config: { rateLimit: codeSendRateLimit },
      schema: { tags, body: loginVerificationCodeRequestSchema, response: { 200: envelopeSchema(codeSentSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await sendLoginVerificationCode(routeContext(app, request), request.body));
    },
  );

  app.post(
    apiPaths.loginVerification,
    {
      config: { sealed: true, rateLimit: credentialRateLimit },
      schema: { tags, body: loginVerificationRequestSchema, response: { 200: envelopeSchema(loginResultSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await completeLoginVerification(routeContext(app, request), request.body));
    },
  );

  app.get(
    apiPaths.totp,
    { onRequest: requireRealMember, schema: { tags, response: { 200: envelopeSchema(totpStatusSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const state = await findTotpState(app.db, request.member.id);
      return ok({ enabled: state.enabled });
    },
  );

  app.post(
    apiPaths.totp,
    { onRequest: requireRealMember, schema: { tags, response: { 200: envelopeSchema(totpEnrolmentSchema) } } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      const { member, merchant } = request;
      return ok(
        await startTotpEnrolment(app.db, {
          merchantId: merchant.id,
          memberId: member.id,
          username: member.username,
          brandName: merchant.config.brand.name,
          nowMs: app.now(),
        }),
      );
    },
  );

  app.put(
    apiPaths.totp,
    {
      onRequest: requireRealMember,
      config: { rateLimit: totpCodeRateLimit },
      schema: { tags, body: totpCodeRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await confirmTotpEnrolment(app.db, request.member.id, request.body.verificationCode, app.now());
      return ok(null);
    },
  );

  app.delete(
    apiPaths.totp,
    {
      onRequest: requireRealMember,
      config: { rateLimit: totpCodeRateLimit },
      schema: { tags, body: totpCodeRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await disableTotp(app.db, request.member.id, request.body.verificationCode, app.now());
      return ok(null);
    },
  );

  app.post(
    apiPaths.passwordChange,
    {
      onRequest: requireRealMember,
      config: { sealed: true, allowPendingPasswordChange: true, rateLimit: credentialRateLimit },
      schema: { tags, body: passwordChangeRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await changePassword({ ...routeContext(app, request), member: request.member }, request.body);
      return ok(null);
    },
  );
}
