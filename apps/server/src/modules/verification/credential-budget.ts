import { apiPaths, errorCodes, socialLoginPaths } from '@lotus/contract';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../http/app-error.ts';

/**
 * The calls that prove who someone is or send them a code: each has its own per-minute limit and its
 * own failure counting (captcha after 3, lock after 10); together they also share one hourly cap per
 * client IP, so an address cannot keep guessing or sending slowly all day.
 */
export const credentialPaths: ReadonlySet<string> = new Set([
  apiPaths.login,
  apiPaths.register,
  apiPaths.registerMobile,
  apiPaths.smsRegister,
  apiPaths.smsLogin,
  apiPaths.loginVerification,
  apiPaths.loginVerificationCode,
  apiPaths.freePlay,
  apiPaths.passwordChange,
  apiPaths.passwordEmail,
  apiPaths.passwordEmailReset,
  apiPaths.passwordSms,
  apiPaths.passwordVerification,
  apiPaths.captcha,
  socialLoginPaths.start,
  socialLoginPaths.linkStart,
  socialLoginPaths.callback,
  socialLoginPaths.register,
]);

/**
 * Puts the hourly cap (`callsPerHour`, CREDENTIAL_CALLS_PER_HOUR_PER_IP) in front of every
 * credential call, before its body is read or opened. Counted in the rate limiter's store, so in
 * Redis when it is configured and every instance shares the count. Register after @fastify/rate-limit
 * and before the routes.
 */
export function registerCredentialBudget(app: FastifyInstance, callsPerHour: number): void {
  const check = app.createRateLimit({
    max: callsPerHour,
    timeWindow: 3_600_000,
    keyGenerator: (request) => `credential-hour:${request.ip}`,
  });
  const capHourly: onRequestAsyncHookHandler = async (request) => {
    const budget = await check(request);
    if (!budget.isAllowed && budget.isExceeded) {
      const seconds = Math.max(1, budget.ttlInSeconds);
      throw new AppError(429, errorCodes.tooManyRequests, { params: { seconds }, retryAfterSeconds: seconds });
    }
  };
  app.addHook('onRoute', (route) => {
    if (!credentialPaths.has(route.url) || route.method === 'HEAD') return;
    const existing = route.onRequest ?? [];
    route.onRequest = [...(Array.isArray(existing) ? existing : [existing]), capHourly];
  });
}
