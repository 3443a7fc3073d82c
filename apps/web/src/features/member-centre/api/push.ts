import {
  pushPaths,
  pushSettingsSchema,
  type PushSettings,
  type PushSettingsRequest,
  type PushSubscribeRequest,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applicationServerKeyOf, isMadeWithKey } from '../../../lib/push-refresh';

export const pushKeys = queryKeys('push-settings');

/** GET /wps/push/settings: consent, switches, subscribed browsers and the merchant's VAPID key. */
export const pushSettingsQuery = (token: string | null) =>
  queryOptions({
    queryKey: pushKeys.of(token),
    queryFn: () =>
      apiRequest<PushSettings>(pushPaths.settings, {
        isSilent: true,
        schema: import.meta.env.DEV && pushSettingsSchema,
      }),
    enabled: Boolean(token),
    staleTime: 0,
  });

export function savePushSettings(body: PushSettingsRequest): Promise<PushSettings> {
  return apiRequest<PushSettings>(pushPaths.settings, { method: 'PUT', body });
}

export function subscribePush(body: PushSubscribeRequest): Promise<PushSettings> {
  return apiRequest<PushSettings>(pushPaths.subscribe, { method: 'POST', body });
}

export function unsubscribePush(endpoint: string): Promise<PushSettings> {
  return apiRequest<PushSettings>(pushPaths.unsubscribe, { method: 'POST', body: { endpoint } });
}

/** The browser can receive Web Push (on iOS only in the app added to the home screen, 16.4 and later). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/**
 * Calls `onChange` when the browser's notification permission changes (the member unblocks or blocks
 * the site in its settings); answers a function that stops listening. Where the Permissions API is
 * missing or refuses the query (older Safari, some WebViews), nothing is heard: the panel then reads
 * the permission again only when it is redrawn, as before.
 */
export function watchNotificationPermission(onChange: () => void): () => void {
  let status: PermissionStatus | null = null;
  let isStopped = false;
  const query = typeof navigator === 'undefined' ? undefined : navigator.permissions?.query;
  if (typeof query === 'function') {
    try {
      navigator.permissions
        .query({ name: 'notifications' })
        .then((answer) => {
          if (isStopped) return;
          status = answer;
          status.addEventListener('change', onChange);
        })
        .catch(() => {});
    } catch {
      // A browser that throws instead of rejecting: nothing to listen to.
    }
  }
  return () => {
    isStopped = true;
    status?.removeEventListener('change', onChange);
  };
}

/** This browser's push subscription, if the service worker is registered and subscribed. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * How long the browser's push service may take to subscribe. Chromium's subscribe never settles when
 * its push service cannot be reached (no Google services on the phone, a network that blocks it, a
 * headless browser): without a limit the member centre waited for ever, every switch disabled.
 */
export const pushSubscribeTimeoutMs = 20_000;

/**
 * Why turning this device on failed in the browser, before the server was asked: the permission was
 * refused (`push.permission.denied`), the browser's question was closed unanswered
 * (`push.permission.default`), or the browser's push service refused or did not answer in time
 * (`push.browser.unavailable`: a private window, where Chrome has no Web Push, or no push service).
 */
export type PushBrowserError = 'push.permission.denied' | 'push.permission.default' | 'push.browser.unavailable';

function failWith(code: PushBrowserError, cause?: unknown): never {
  throw new Error(code, { cause });
}

/** Asks the browser's permission and subscribes it with the merchant's key (errors: PushBrowserError). */
export async function subscribeThisBrowser(
  vapidPublicKey: string,
  timeoutMs: number = pushSubscribeTimeoutMs,
): Promise<PushSubscription> {
  // Not timed: the member takes the time they need to answer the browser's question.
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    failWith(permission === 'denied' ? 'push.permission.denied' : 'push.permission.default');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('push subscribe timed out')), timeoutMs);
  });
  const subscribe = async () => {
    const registration =
      (await navigator.serviceWorker.getRegistration('/')) ??
      (await navigator.serviceWorker.register('/sw.js', { scope: '/' }));
    await navigator.serviceWorker.ready;
    // A subscription made with the merchant's previous key (rotated since) cannot be subscribed again
    // with the new one: it goes first.
    const existing = await registration.pushManager.getSubscription();
    if (existing && isMadeWithKey(existing, vapidPublicKey) === false) await existing.unsubscribe();
    return registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKeyOf(vapidPublicKey),
    });
  };
  try {
    return await Promise.race([subscribe(), timeout]);
  } catch (error) {
    return failWith('push.browser.unavailable', error);
  } finally {
    clearTimeout(timer);
  }
}
