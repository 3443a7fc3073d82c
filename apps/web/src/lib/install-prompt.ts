/**
 * The browser's install offer (Chromium's `beforeinstallprompt`, Android and desktop), kept from the
 * moment it fires, which may be before the download page is open, so the page's install button can
 * show it later. iOS Safari has none: the page explains "Add to Home Screen" instead.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferred: InstallPromptEvent | null = null;
let isInstalled = false;
const listeners = new Set<() => void>();
let isCapturing = false;

const notify = () => {
  for (const listener of listeners) listener();
};

/** Starts listening (idempotent): called when the service worker is registered and by the download page. */
export function captureInstallPrompt(): void {
  if (isCapturing || typeof window === 'undefined') return;
  isCapturing = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the offer for our own button instead of the browser's mini bar.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    isInstalled = true;
    notify();
  });
}

export function installPromptState(): { canPrompt: boolean; isInstalled: boolean } {
  const isStandalone =
    typeof window !== 'undefined' &&
    (window.matchMedia?.('(display-mode: standalone)').matches ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true);
  return { canPrompt: deferred !== null, isInstalled: isInstalled || isStandalone };
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; answers whether the member accepted. The offer is used once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  await event.prompt();
  const choice = await event.userChoice;
  notify();
  return choice.outcome === 'accepted';
}
