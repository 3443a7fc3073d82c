/** A throttled function, with a way to drop its waiting call (a component that unmounts). */
export interface Throttled<A extends unknown[]> {
  (...args: A): void;
  cancel: () => void;
}

/**
 * Runs `action` at most once per `intervalMs`. The first call runs at once; calls inside the interval
 * collapse into one run at its end, with the latest arguments. That last run matters for infinite
 * scroll: a page that arrives within the interval while the sentinel is still in view must still
 * lead to the next page, or the list would stop with nothing left to scroll.
 */
export function throttle<A extends unknown[]>(action: (...args: A) => void, intervalMs: number): Throttled<A> {
  let lastRunMs = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pendingArgs: A | null = null;

  const run = (args: A) => {
    lastRunMs = Date.now();
    action(...args);
  };
  const throttled = (...args: A) => {
    const waitMs = lastRunMs + intervalMs - Date.now();
    if (waitMs <= 0 && timer === null) {
      run(args);
      return;
    }
    pendingArgs = args;
    timer ??= setTimeout(
      () => {
        timer = null;
        const argsToRun = pendingArgs;
        pendingArgs = null;
        if (argsToRun) run(argsToRun);
      },
      Math.max(waitMs, 0),
    );
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pendingArgs = null;
  };
  return throttled;
}
