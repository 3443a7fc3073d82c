import {
  apiPaths,
  captchaSchema,
  envelopeSchema,
  sliderChallengeSchema,
  sliderCheckRequestSchema,
  sliderTokenGrantSchema,
} from '@lotus/contract';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { checkSlider } from './check-slider.ts';
import { createCaptcha } from './create-captcha.ts';
import { createSliderChallenge } from './create-slider-challenge.ts';

const tags = ['verification'];

/** Spec §5 and §9: a captcha may be refreshed at most once a second (per client IP). */
const captchaRefreshRateLimit = { max: 1, timeWindow: 1000 };
/** Drawing a slider costs some CPU, and nobody honest needs more than a few a minute. */
const sliderRateLimit = { max: 30, timeWindow: '1 minute' };

/** Challenges are secrets of one visitor: never stored by a browser or a proxy. */
const noStore = 'no-store';

/** The captcha and the slider puzzle (no login needed; spec §6). */
export async function verificationRoutes(app: AppInstance): Promise<void> {
  app.get(
    apiPaths.captcha,
    {
      config: { rateLimit: captchaRefreshRateLimit },
      schema: { tags, response: { 200: envelopeSchema(captchaSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await createCaptcha(app.db, request.merchant.id, request.ip, app.now()));
    },
  );

  app.get(
    apiPaths.sliderChallenge,
    {
      config: { rateLimit: sliderRateLimit },
      schema: { tags, response: { 200: envelopeSchema(sliderChallengeSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await createSliderChallenge(app.db, request.merchant.id, request.ip, app.now()));
    },
  );

  app.post(
    apiPaths.sliderCheck,
    {
      config: { rateLimit: sliderRateLimit },
      schema: { tags, body: sliderCheckRequestSchema, response: { 200: envelopeSchema(sliderTokenGrantSchema) } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await checkSlider(app.db, request.merchant.id, request.body, app.now(), request.log));
    },
  );
}
