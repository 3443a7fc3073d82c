import {
  announcementListSchema,
  announcementsQuerySchema,
  apiPaths,
  countryListSchema,
  domainRouteSchema,
  envelopeSchema,
  feedbackRequestSchema,
  helpCenterSchema,
  registerSettingsSchema,
  systemStatusQuerySchema,
  systemStatusSchema,
  whitelabelSchema,
} from '@lotus/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { createFeedback } from './create-feedback.ts';
import { getDomainRoute } from './get-domain-route.ts';
import { getHelpCenter } from './get-help-center.ts';
import { getRegisterSettings } from './get-register-settings.ts';
import { getSystemStatus } from './get-system-status.ts';
import { getWhitelabel } from './get-whitelabel.ts';
import { listAnnouncements, parseAnnouncementTypes } from './list-announcements.ts';
import { listCountries } from './list-countries.ts';
import { publicReadContext } from '../../cache/public-read.ts';

const tags = ['site'];

/** Answers that depend only on merchant, language and URL: served whole from the response cache. */
const publicRead = { responseCache: true };
/** The status depends on the caller's IP (location, IP rules): cached per caller. */
const publicReadPerCaller = { responseCache: 'per-ip' as const };

/** Feedback needs no login, so it is throttled per IP to keep the operator's inbox usable. */
const feedbackRateLimit = { max: 5, timeWindow: '10 minutes' };

/** The public calls that draw the site before login (spec §7). */
export async function siteRoutes(app: AppInstance): Promise<void> {
  app.get(
    apiPaths.systemStatus,
    {
      config: publicReadPerCaller,
      schema: { tags, querystring: systemStatusQuerySchema, response: { 200: envelopeSchema(systemStatusSchema) } },
    },
    async (request) => ok(await getSystemStatus(publicReadContext(app, request), request.ip, Date.now())),
  );

  app.get(
    apiPaths.whitelabel,
    { config: publicRead, schema: { tags, response: { 200: envelopeSchema(whitelabelSchema) } } },
    async (request) => ok(await getWhitelabel(publicReadContext(app, request), Date.now())),
  );

  app.get(
    apiPaths.domainRoute,
    { config: publicRead, schema: { tags, response: { 200: envelopeSchema(domainRouteSchema) } } },
    async (request) => ok(await getDomainRoute(publicReadContext(app, request))),
  );

  app.get(
    apiPaths.registerSettings,
    { config: publicRead, schema: { tags, response: { 200: envelopeSchema(registerSettingsSchema) } } },
    async (request) => ok(getRegisterSettings(request.merchant)),
  );

  app.get(
    apiPaths.country,
    { config: publicRead, schema: { tags, response: { 200: envelopeSchema(countryListSchema) } } },
    async (request) => ok(listCountries(request.language)),
  );

  app.get(
    apiPaths.helpCenter,
    { config: publicRead, schema: { tags, response: { 200: envelopeSchema(helpCenterSchema) } } },
    async (request) => ok(await getHelpCenter(publicReadContext(app, request))),
  );

  app.get(
    apiPaths.announcements,
    {
      config: publicRead,
      schema: {
        tags,
        querystring: announcementsQuerySchema,
        response: { 200: envelopeSchema(announcementListSchema) },
      },
    },
    async (request) => {
      const types = parseAnnouncementTypes(request.query.types);
      return ok(await listAnnouncements(publicReadContext(app, request), types, Date.now()));
    },
  );

  app.put(
    apiPaths.feedback,
    {
      config: { rateLimit: feedbackRateLimit },
      schema: { tags, body: feedbackRequestSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await createFeedback(app.db, request.merchant.id, request.body, request.ip);
      return ok(null);
    },
  );
}
