import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False on the server and in the render that hydrates its markup, true in every other render. For
 * what only the browser knows (its clock's date, session storage, a portal into document.body): drawn
 * after hydration, so the first client render matches the server's HTML (issue 19).
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
