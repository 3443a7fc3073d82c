import { useEffect, useRef } from 'react';
import { throttle, type Throttled } from './throttle';

/** Issue 5: one load per 200 ms at most, however often the sentinel fires. */
export const infiniteScrollIntervalMs = 200;

/**
 * Watches a sentinel element below a list and calls `onLoadMore` while it is in view, at most once
 * per 200 ms. The observer is made again after every page (`pageCount`), so a sentinel still in view
 * after a short page asks for the next one too; the one throttle outlives the observers.
 */
export function useInfiniteScroll({
  onLoadMore,
  canLoadMore,
  pageCount,
}: {
  onLoadMore: () => void;
  canLoadMore: boolean;
  pageCount: number;
}) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });
  const loadMoreRef = useRef<Throttled<[]> | null>(null);
  useEffect(() => {
    const loadMore = throttle(() => onLoadMoreRef.current(), infiniteScrollIntervalMs);
    loadMoreRef.current = loadMore;
    return () => loadMore.cancel();
  }, []);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!canLoadMore || !sentinel || typeof IntersectionObserver === 'undefined') return;
    // Start loading a little before the end of the list is reached.
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && loadMoreRef.current?.(),
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [canLoadMore, pageCount]);

  return sentinelRef;
}
