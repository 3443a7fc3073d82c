import { startTransition, useEffect, useState } from 'react';

/**
 * Set by main.tsx just before it hydrates the server's markup (issue 19), until the first hydrated
 * component has committed: components drawn meanwhile start as the server drew them.
 *
 * A limit to know: React hydrates a Suspense boundary nested in another (HydrateApart inside
 * HydrateApart, as on the home page) in a later pass, after the outer one committed and cleared this
 * flag. A component there that draws differently once hydrated would then draw the browser's version in
 * its hydration render: a mismatch, which React repairs by drawing that boundary afresh and reports as
 * a console error (e2e/site.spec.ts fails on it). Today's users are safe: the top bar and the popup sit
 * in first-level boundaries, and LazyImage draws the same in both states where IntersectionObserver
 * exists (every browser the site supports).
 */
let isHydrating = false;

/** main.tsx, before `hydrateRoot`: the renders until the page has hydrated must match the server's. */
export function startHydrating(): void {
  isHydrating = true;
}

/** Whether a component mounting now may draw what only the browser knows in its first render. */
export function canDrawBrowserState(): boolean {
  return typeof document !== 'undefined' && !isHydrating;
}

/**
 * False on the server and in the render that hydrates its markup, true in every other render. For
 * what only the browser knows (its clock's date, session storage, a portal into document.body): drawn
 * after hydration, so the first client render matches the server's HTML (issue 19).
 *
 * After hydration the switch to true is a transition (one for all hydrated components, as their
 * effects run together), which React renders in slices that yield to the browser. (A
 * useSyncExternalStore whose server snapshot differs re-renders synchronously right after hydration:
 * one long task on the page's load, Lighthouse's total blocking time.)
 */
export function useIsHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(canDrawBrowserState);
  useEffect(() => {
    if (isHydrated) return;
    isHydrating = false;
    startTransition(() => setIsHydrated(true));
  }, [isHydrated]);
  return isHydrated;
}
