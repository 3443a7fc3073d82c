import { useSyncExternalStore } from 'react';

/**
 * The phone layout's breakpoint, the same 760 px as the CSS's phone rules (styles/shell.css, the
 * account strip's, the tab bar's): at or below it the header keeps the logo, the balance and the
 * menu, and the bottom tab bar takes the rest.
 */
export const phoneMediaQuery = '(max-width: 760px)';

/** Whether `query` matches now; re-renders when that changes (a turned phone, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
