import { captureInstallPrompt } from './install-prompt';

/**
 * Registers the service worker (sw/sw.ts) once the page has loaded: loaded by main.tsx with a dynamic
 * import after `load`, so neither this nor the worker is on the home page's critical path. Only in a
 * built site served over HTTPS or from localhost (the browser's rule); the dev server has none. Then
 * keeps a member's push subscription on the merchant's current VAPID key.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  captureInstallPrompt();
  if (!('serviceWorker' in navigator)) return null;
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    // A member's push subscription made with a rotated VAPID key is renewed (push-refresh.ts), from a
    // chunk of its own.
    void import('./push-refresh').then((module) => module.keepPushSubscriptionCurrent(registration));
    return registration;
  } catch {
    // No worker (a private window, a policy): the site works as before, without offline pages.
    return null;
  }
}
