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

/** This browser's push subscription, if the service worker is registered and subscribed. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks the browser's permission and subscribes it with the merchant's key. */
export async function subscribeThisBrowser(vapidPublicKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new Error(permission === 'denied' ? 'push.permission.denied' : 'push.permission.default');
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
}
