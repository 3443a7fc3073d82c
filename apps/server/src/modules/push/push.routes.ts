import {
  envelopeSchema,
  pushPaths,
  pushSettingsRequestSchema,
  pushSettingsSchema,
  pushSubscribeRequestSchema,
  pushUnsubscribeRequestSchema,
  webManifestPath,
  appIconSizes,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { AppInstance } from '../../http/types.ts';
import { requireRealMember } from '../identity/index.ts';
import { observeSystemMessages } from '../inbox/index.ts';
import { MerchantDirectory } from '../merchant/index.ts';
import { drawAppIcon } from './app-icons.ts';
import { deliverDuePushes } from './deliver.ts';
import { pushAdminRoutes } from './push-admin.routes.ts';
import { enqueuePushes } from './enqueue.ts';
import { deviceOf, readSettings, subscribe, unsubscribe, writeSettings, type MemberRef } from './preferences.ts';
import { vapidPublicKey } from './vapid-keys.ts';
import { iconColoursOf, webManifestOf } from './web-manifest.ts';

const tags = ['push'];
/** A member's own settings: never kept by a browser cache or a proxy. */
const noStore = 'no-store';
const memberWriteLimit = { max: 30, timeWindow: '1 minute' };
/** How often the sender looks for notices due (they are written when their cause commits). */
const deliveryIntervalMs = 2_000;

/**
 * The push services of the browsers that support Web Push. In production a subscription must name one
 * of them: the server sends requests to the endpoint, so an arbitrary address would let a member make
 * it call any host (SSRF). Other environments take any HTTPS address (tests use a local stand-in).
 */
const pushServiceHosts = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
];

export function isPushServiceEndpoint(endpoint: string, isProduction: boolean): boolean {
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return false;
  if (!isProduction) return true;
  return pushServiceHosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/**
 * The installable app (manifest and icons per merchant, by the request's domain) and Web Push: the
 * member's consent, switches and subscribed browsers, the inbox observer that queues notices, and the
 * sender that delivers them.
 */
export async function pushRoutes(app: AppInstance): Promise<void> {
  observeSystemMessages(enqueuePushes);
  await pushAdminRoutes(app);
  const secret = app.config.VENDOR_SECRET_KEY;
  const isProduction = app.config.NODE_ENV === 'production';

  // Tests deliver by calling deliverDuePushes themselves, with their clock and their agent.
  if (app.config.NODE_ENV !== 'test') {
    let isRunning = false;
    const timer = setInterval(() => {
      if (isRunning) return;
      isRunning = true;
      deliverDuePushes(app.db, { secret, nowMs: app.now() })
        .then((result) => {
          if (result.sent + result.removed + result.failed > 0) app.log.info({ push: result }, 'web push delivered');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'web push delivery failed'))
        .finally(() => {
          isRunning = false;
        });
    }, deliveryIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  // The manifest and icons are documents of the site, not API calls: the merchant is the request's
  // domain (a fresh directory: a brand change shows at the next fetch; they are fetched rarely).
  const merchantOfHost = async (request: FastifyRequest) => {
    const merchant = await new MerchantDirectory(app.db).findByDomain(request.headers.host ?? '');
    if (!merchant || merchant.status !== 'active') throw AppError.notFound();
    return merchant;
  };

  app.get(webManifestPath, { schema: { tags, hide: true } }, async (request, reply) => {
    const merchant = await merchantOfHost(request);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .header('Vary', 'Host')
      .send(JSON.stringify(webManifestOf(merchant)));
  });

  app.get(
    '/app-icon/:file',
    { schema: { tags, hide: true, params: z.object({ file: z.string().max(20) }) } },
    async (request, reply) => {
      const size = Number(/^(\d+)\.png$/.exec(request.params.file)?.[1]);
      if (!(appIconSizes as readonly number[]).includes(size)) throw AppError.notFound();
      const merchant = await merchantOfHost(request);
      return reply
        .type('image/png')
        .header('Cache-Control', 'public, max-age=86400')
        .header('Vary', 'Host')
        .send(drawAppIcon(size, iconColoursOf(merchant)));
    },
  );

  const memberOf = (request: FastifyRequest): MemberRef => ({
    merchantId: request.merchant.id,
    memberId: request.member.id,
    nowMs: app.now(),
  });
  const settingsOf = async (request: FastifyRequest) =>
    readSettings(app.db, memberOf(request), await vapidPublicKey(app.db, secret, request.merchant.id, app.now()));
  const settingsReply = { 200: envelopeSchema(pushSettingsSchema) };

  app.get(
    pushPaths.settings,
    { onRequest: requireRealMember, schema: { tags, response: settingsReply } },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      return ok(await settingsOf(request));
    },
  );

  app.put(
    pushPaths.settings,
    {
      onRequest: requireRealMember,
      config: { rateLimit: memberWriteLimit },
      schema: { tags, body: pushSettingsRequestSchema, response: settingsReply },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      await writeSettings(app.db, memberOf(request), request.body);
      return ok(await settingsOf(request));
    },
  );

  app.post(
    pushPaths.subscribe,
    {
      onRequest: requireRealMember,
      config: { rateLimit: memberWriteLimit },
      schema: { tags, body: pushSubscribeRequestSchema, response: settingsReply },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      if (!isPushServiceEndpoint(request.body.subscription.endpoint, isProduction))
        throw AppError.badRequest('subscription.endpoint');
      const currentKey = await vapidPublicKey(app.db, secret, request.merchant.id, app.now());
      await subscribe(
        app.db,
        {
          ...memberOf(request),
          language: request.language,
          vapidPublicKey: currentKey,
          device: deviceOf(request.headers['user-agent']),
        },
        request.body,
      );
      return ok(await settingsOf(request));
    },
  );

  app.post(
    pushPaths.unsubscribe,
    {
      onRequest: requireRealMember,
      config: { rateLimit: memberWriteLimit },
      schema: { tags, body: pushUnsubscribeRequestSchema, response: settingsReply },
    },
    async (request, reply) => {
      reply.header('Cache-Control', noStore);
      await unsubscribe(app.db, memberOf(request), request.body.endpoint);
      return ok(await settingsOf(request));
    },
  );
}
