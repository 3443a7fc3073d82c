import { useEffect, useState } from 'react';
import { Spinner } from './global-loader';

/**
 * Announcement, promotion and help content is HTML written by operators; it is sanitised with
 * DOMPurify before it touches the page. DOMPurify loads on first use so the home page stays small.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const [sanitised, setSanitised] = useState<{ source: string; html: string } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void import('dompurify').then(({ default: purify }) => {
      if (isCurrent) setSanitised({ source: html, html: purify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['style'], FORBID_TAGS: ['style'] }) });
    });
    return () => {
      isCurrent = false;
    };
  }, [html]);

  if (sanitised?.source !== html) return <Spinner />;
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: sanitised.html }} />;
}
