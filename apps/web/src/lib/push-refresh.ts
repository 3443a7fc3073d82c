import { pushPaths, type PushSettings, type PushSubscribeRequest } from '@lotus/contract';
import { apiRequest } from './api-client';
import { session } from './session';

/**
 * Keeps this browser's push subscription signed for the merchant's current VAPID key (issue 19). An
 * operator may rotate the key (back-office, Push notifications); a push service then refuses pushes
 * signed by the new key for a subscription made with the old one, so the server marks those stale and
 * skips them. On the member's next visit (and at each login) the site compares the key of this
 * browser's subscription with the merchant's and, for a member who had push on here, subscribes again
 * with the new key: no prompt (the permission is already granted) and no change to consent or switches.
 */

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function applicationServerKeyOf(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Whether `subscription` was made with `vapidPublicKey`; null when the browser does not say (an old
 * browser without `options.applicationServerKey`: the server's `staleEndpoints` decides then).
 */
export function isMadeWithKey(subscription: Pick<PushSubscription, 'options'>, vapidPublicKey: string): boolean | null {
  const key = subscription.options?.applicationServerKey;
  if (!key) return null;
  const made = new Uint8Array(key);
  const wanted = applicationServerKeyOf(vapidPublicKey);
  return made.length === wanted.length && made.every((byte, index) => byte === wanted[index]);
}

/** What the check needs of the browser and the API (the tests give fakes). */
export interface PushRefreshDeps {
  currentSubscription(): Promise<PushSubscription | null>;
  permission(): NotificationPermission;
  readSettings(): Promise<PushSettings>;
  /** pushManager.subscribe with the key (no prompt: only called with the permission granted). */
  subscribe(applicationServerKey: Uint8Array<ArrayBuffer>): Promise<PushSubscription>;
  postSubscription(body: PushSubscribeRequest): Promise<PushSettings>;
  postUnsubscribe(endpoint: string): Promise<PushSettings>;
}

export type PushRefreshOutcome =
  /** This browser has no subscription: nothing to keep (the member turns push on in the member centre). */
  | 'not-subscribed'
  /** The browser's permission is not granted any more: subscribing again would prompt. */
  | 'no-permission'
  /** The member withdrew consent (or never gave it here). */
  | 'no-consent'
  /** The subscription is another member's (another login on this browser): left to them. */
  | 'not-this-member'
  /** Made with the merchant's current key. */
  | 'current'
  /** Was stale; subscribed again with the current key and sent to the server. */
  | 'resubscribed';

export async function refreshPushSubscription(deps: PushRefreshDeps): Promise<PushRefreshOutcome> {
  const current = await deps.currentSubscription();
  if (!current) return 'not-subscribed';
  if (deps.permission() !== 'granted') return 'no-permission';
  const settings = await deps.readSettings();
  if (!settings.consented) return 'no-consent';
  if (!settings.endpoints.includes(current.endpoint)) return 'not-this-member';
  const isStale =
    settings.staleEndpoints.includes(current.endpoint) || isMadeWithKey(current, settings.vapidPublicKey) === false;
  if (!isStale) return 'current';
  // A browser keeps one subscription per worker, and refuses a second key for it: the old one goes first.
  await current.unsubscribe();
  const next = await deps.subscribe(applicationServerKeyOf(settings.vapidPublicKey));
  const json = next.toJSON();
  await deps.postSubscription({
    consent: true,
    subscription: { endpoint: next.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
    vapidPublicKey: settings.vapidPublicKey,
  });
  // The push service usually gives a new endpoint: the stale row of the old one is removed.
  if (next.endpoint !== current.endpoint) await deps.postUnsubscribe(current.endpoint);
  return 'resubscribed';
}

/**
 * Runs the check with the worker's registration now (a member already logged in in this tab) and at
 * each login. Errors are silent: the member centre shows the state, and the next visit tries again.
 */
export function keepPushSubscriptionCurrent(registration: ServiceWorkerRegistration): void {
  if (!('PushManager' in window) || !('Notification' in window)) return;
  const deps: PushRefreshDeps = {
    currentSubscription: () => registration.pushManager.getSubscription(),
    permission: () => Notification.permission,
    readSettings: () => apiRequest<PushSettings>(pushPaths.settings, { isSilent: true }),
    subscribe: (applicationServerKey) =>
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
    postSubscription: (body) => apiRequest<PushSettings>(pushPaths.subscribe, { method: 'POST', body, isSilent: true }),
    postUnsubscribe: (endpoint) =>
      apiRequest<PushSettings>(pushPaths.unsubscribe, { method: 'POST', body: { endpoint }, isSilent: true }),
  };
  let isRunning = false;
  const run = () => {
    if (isRunning || !session.hasToken()) return;
    isRunning = true;
    refreshPushSubscription(deps)
      .catch(() => 'failed')
      .finally(() => {
        isRunning = false;
      });
  };
  run();
  session.subscribeToken(run);
}
