import { Suspense, type ReactNode } from 'react';

/**
 * A part of the page that React hydrates on its own (issue 19, Lighthouse's total blocking time).
 *
 * A Suspense boundary in the server's markup is skipped by the render that hydrates the page and
 * hydrated afterwards, at low priority and in slices that yield to the browser, instead of inside the
 * one long task that hydrates everything else. Nothing changes in what is drawn: the server's HTML
 * of the part stays on screen until it is hydrated, and a click on it meanwhile hydrates it first and
 * is replayed. Nothing inside suspends (lazy parts have boundaries of their own), so the fallback is
 * never shown.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
