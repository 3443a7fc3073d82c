import { useSyncExternalStore } from 'react';

/**
 * Counts requests in flight so one global loader can show while any of them runs (spec §4:
 * "A loader shows during requests"). A counter, not a boolean, so overlapping requests do not
 * hide the loader early.
 */
let pendingCount = 0;
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

export const loaderStore = {
  start(): void {
    pendingCount += 1;
    notify();
  },
  stop(): void {
    pendingCount = Math.max(0, pendingCount - 1);
    notify();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getPendingCount: (): number => pendingCount,
};

export function useIsLoading(): boolean {
  return useSyncExternalStore(
    loaderStore.subscribe,
    () => loaderStore.getPendingCount() > 0,
    // The server's first screen is drawn with nothing loading.
    () => false,
  );
}
