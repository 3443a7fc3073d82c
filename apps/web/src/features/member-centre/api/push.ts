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
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKeyOf(vapidPublicKey),
  });
}
