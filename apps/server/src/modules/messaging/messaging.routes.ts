import {
  apiPaths,
  codeSentSchema,
  devOutboxQuerySchema,
  devOutboxSchema,
  envelopeSchema,
  messagingErrorCodes,
  sendRegisterSmsRequestSchema,
} from '@lotus/contract';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { challengeCheckOptions, requireSliderToken } from '../verification/index.ts';
import { normaliseMobile } from './destination.ts';
import { issueCode } from './issue-code.ts';
import { listDevOutbox } from './list-dev-outbox.ts';

const tags = ['verification'];

/** Spec §5 and §9: sending an SMS is throttled to once a second (per client IP). */
const smsSendRateLimit = { max: 1, timeWindow: 1000 };

/** One-time codes by SMS (spec §7 `/wps/verification/sms/*`), and the test-only outbox reader. */
export async function messagingRoutes(app: AppInstance): Promise<void> {
  app.post(
    apiPaths.smsRegister,
    {
      config: { rateLimit: smsSendRateLimit },
      schema: { tags, body: sendRegisterSmsRequestSchema, response: { 200: envelopeSchema(codeSentSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { merchant } = request;
      if (!merchant.config.switches.smsVerificationOnRegister)
        throw new AppError(403, messagingErrorCodes.operationDisabled);
      // Checked before the slider token is spent, so a typo does not cost the member a new puzzle.
      const destination = normaliseMobile(request.body.countryDialingCode, request.body.mobileNo);
      const nowMs = app.now();
      await requireSliderToken(
        app.db,
        merchant.id,
        request.body.sliderToken,
        'sms',
        challengeCheckOptions(app.config, nowMs),
      );
      return ok(
        await issueCode({
          db: app.db,
          senders: app.messageSenders,
          merchant,
          channel: 'sms',
          destination,
          purpose: 'register',
          language: request.language,
          nowMs,
          log: request.log,
        }),
      );
    },
  );

  // For automated browser tests, which cannot read a phone: only with the challenge bypass, which
  // the server refuses in production. Without it the path does not exist (404).
  if (app.config.CHALLENGE_BYPASS) {
    app.get(
      apiPaths.devOutbox,
      { schema: { hide: true, querystring: devOutboxQuerySchema, response: { 200: envelopeSchema(devOutboxSchema) } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return ok(await listDevOutbox(app.db, request.merchant.id, request.query.to));
      },
    );
  }
}
