import { useEffect, useRef, useState } from 'react';
import { useIsHydrated } from '../lib/use-is-hydrated';
import { ResponsiveImage } from './responsive-image';

/** spec §4 and §9: up to 3 attempts, then the error placeholder; observed at threshold 0.1. */
export const lazyImageMaxAttempts = 3;
export const lazyImagePlaceholder = '/art/misc/placeholder.svg';
const visibilityThreshold = 0.1;

type LoadStatus = 'loading' | 'loaded' | 'error';

interface LazyImageProps {
  src: string;
  alt: string;
  className?: string;
  /** Used when the address does not carry the size (SVG art, external URLs); an upload's own size wins. */
  width?: number;
  height?: number;
  /** The drawn width for the AVIF/WebP `srcset` of an uploaded image (ResponsiveImage); default the window's. */
  sizes?: string;
}

/** Adds the attempt number to retries, so the browser asks again instead of reusing the failure. */
function attemptUrl(src: string, attempt: number): string {
  if (attempt === 1) return src;
  return `${src}${src.includes('?') ? '&' : '?'}attempt=${attempt}`;
}

/**
 * A thumbnail drawn once it scrolls near the view, in AVIF or WebP at the size it is drawn when it
 * is an upload (ResponsiveImage). A failed load is retried: first with the original alone (a variant
 * may be what failed), then the original again, then the placeholder.
 */
export function LazyImage({ src, alt, className, width, height, sizes = '100vw' }: LazyImageProps) {
  const holderRef = useRef<HTMLSpanElement>(null);
  const [hasScrolledNear, setHasScrolledNear] = useState(false);
  // Without an observer (an old browser) at once; but not on the server (issue 19, the first screen in
  // the HTML) nor in the render that hydrates it, which draw the holder alone.
  const isHydrated = useIsHydrated();
  const isVisible = hasScrolledNear || (isHydrated && typeof IntersectionObserver === 'undefined');
  const [attempt, setAttempt] = useState(1);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [loadedSrc, setLoadedSrc] = useState(src);

  // A new source starts over (same component reused for another game in a list).
  if (loadedSrc !== src) {
    setLoadedSrc(src);
    setAttempt(1);
    setStatus('loading');
  }

  useEffect(() => {
    if (isVisible || typeof IntersectionObserver === 'undefined') return;
    const holder = holderRef.current;
    if (!holder) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setHasScrolledNear(true);
          observer.disconnect();
        }
      },
      { threshold: visibilityThreshold },
    );
    observer.observe(holder);
    return () => observer.disconnect();
  }, [isVisible]);

  const onError = () => {
    if (attempt < lazyImageMaxAttempts) setAttempt(attempt + 1);
    else setStatus('error');
  };

  const currentSrc = status === 'error' ? lazyImagePlaceholder : attemptUrl(src, attempt);
  return (
    <span ref={holderRef} className={`lazy-image lazy-image--${status}${className ? ` ${className}` : ''}`}>
      {isVisible && (
        <ResponsiveImage
          src={currentSrc}
          alt={alt}
          width={width}
          height={height}
          sizes={sizes}
          priority="lazy"
          hasVariants={attempt === 1 && status !== 'error'}
          data-status={status}
          onLoad={() => status === 'loading' && setStatus('loaded')}
          onError={status === 'error' ? undefined : onError}
        />
      )}
    </span>
  );
}
