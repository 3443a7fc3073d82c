import { startTransition, useEffect, useState } from 'react';
import { canDrawBrowserState } from './use-is-hydrated';

/**
 * The phone layout's breakpoint, the same 760 px as the CSS's phone rules (styles/shell.css, the
 * account strip's, the tab bar's): at or below it the header keeps the logo, the balance and the
 * menu, and the bottom tab bar takes the rest.
 */
export const phoneMediaQuery = '(max-width: 760px)';

const matchesNow = (query: string) =>
  canDrawBrowserState() && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

/**
 * Whether `query` matches now; re-renders when that changes (a turned phone, a resized window).
 * False on the server and in the render that hydrates its markup; the browser's answer follows as a
 * transition (see useIsHydrated: it renders in slices, not as one long task on the page's load).
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => matchesNow(query));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    if (list.matches !== matches) startTransition(onChange);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
    // `matches` is read once per query: later changes come from the listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
  return matches;
}
