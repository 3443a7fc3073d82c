import {
  announcementListSchema,
  announcementsQuerySchema,
  apiPaths,
  countryListSchema,
  domainRouteSchema,
  envelopeSchema,
  helpCenterSchema,
  homeLanesSchema,
  siteContentPaths,
  registerSettingsSchema,
  systemStatusQuerySchema,
  systemStatusSchema,
  whitelabelSchema,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { getDomainRoute } from './get-domain-route.ts';
import { getHelpCenter } from './get-help-center.ts';
import { getRegisterSettings } from './get-register-settings.ts';
import { getSystemStatus } from './get-system-status.ts';
import { getWhitelabel } from './get-whitelabel.ts';
import { listAnnouncements, parseAnnouncementTypes } from './list-announcements.ts';
import { listCountries } from './list-countries.ts';
import { publicReadContext } from '../../cache/public-read.ts';
import { siteContentAdminRoutes } from './content-admin/content-admin.routes.ts';
import { announcementsAdminRoutes } from './announcements-admin/announcements-admin.routes.ts';
import type { SiteBackoffice } from './content-admin/versioned-rows.ts';
import { getHomeLanes, type SiteGames } from './get-home-lanes.ts';

const tags = ['site'];

/** Answers that depend only on merchant, language and URL: served whole from the response cache. */
const publicRead = { responseCache: true };
/** The status depends on the caller's IP (location, IP rules): cached per caller. */
const publicReadPerCaller = { responseCache: 'per-ip' as const };

/**
 * What the site's routes need of modules above it (they depend on site through identity), given by
 * modules/routes.ts: the back-office's guard and audit log, and the games the home lanes draw.
 */
export interface SiteRouteDeps {
  backoffice: SiteBackoffice;
  games: SiteGames;
  /** Whether the call carries a valid member token (members-only announcements); identity's guard, given by routes.ts. */
  members: { isMember: (request: FastifyRequest) => Promise<boolean> };
}

/** The public calls that draw the site before login (spec §7), and the operators' content calls. */
export async function siteRoutes(app: AppInstance, deps: SiteRouteDeps): Promise<void> {
  await siteContentAdminRoutes(app, deps.backoffice, deps.games);
  await announcementsAdminRoutes(app, deps.backoffice);

  app.get(
    siteContentPaths.homeLanes,
    { config: publicRead, schema: { tags, response: { 200: envelopeSchema(homeLanesSchema) } } },
    async (request) => ok(await getHomeLanes(publicReadContext(app, request), deps.games)),
  );

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
      // Members-only announcements are in a logged-in caller's answer: only anonymous answers are cached.
      config: { responseCache: 'anonymous' },
      schema: {
        tags,
        querystring: announcementsQuerySchema,
        response: { 200: envelopeSchema(announcementListSchema) },
      },
    },
    async (request) => {
      const types = parseAnnouncementTypes(request.query.types);
      const isMember = request.headers.authorization !== undefined && (await deps.members.isMember(request));
      return ok(await listAnnouncements(publicReadContext(app, request), types, Date.now(), isMember));
    },
  );
}
