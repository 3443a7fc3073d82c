import {
  apiPaths,
  captchaSchema,
  sliderChallengeSchema,
  sliderTokenGrantSchema,
  type Captcha,
  type SliderChallenge,
  type SliderCheckRequest,
  type SliderTokenGrant,
} from '@lotus/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET a captcha image and its id (the login's captcha after failed attempts, spec §5). */
export function fetchCaptcha(): Promise<Captcha> {
  return apiRequest<Captcha>(apiPaths.captcha, { isSilent: true, schema: import.meta.env.DEV && captchaSchema });
}

/** GET a new slider challenge (the guard of every login and registration). */
export function fetchSliderChallenge(): Promise<SliderChallenge> {
  return apiRequest<SliderChallenge>(apiPaths.sliderChallenge, {
    isSilent: true,
    schema: import.meta.env.DEV && sliderChallengeSchema,
  });
}

/** POST the member's drag; a right one is answered with a single-use slider token. */
export function checkSlider(request: SliderCheckRequest): Promise<SliderTokenGrant> {
  return apiRequest<SliderTokenGrant>(apiPaths.sliderCheck, {
    method: 'POST',
    body: request,
    isSilent: true,
    schema: import.meta.env.DEV && sliderTokenGrantSchema,
  });
}
