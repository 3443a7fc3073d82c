import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../lib/api-client';
import { proofImageQuery } from '../lib/proof-image';

/**
 * A proof image behind the operator token. Clicking it shows it at full size (a data: URL cannot be
 * opened in a new tab, browsers block that).
 */
export function ProofImage({ path, query, alt }: { path: string; query: QueryParams; alt: string }) {
  const { t } = useTranslation();
  const [isZoomed, setZoomed] = useState(false);
  const image = useQuery(proofImageQuery(path, query));
  if (image.error) return <p className="error-note">{t('proof_unavailable')}</p>;
  if (!image.data) return <span className="skeleton proof-skeleton" aria-label={t('loading')} />;
  return (
    <figure className={isZoomed ? 'proof is-zoomed' : 'proof'}>
      <button
        type="button"
        className="proof-button"
        aria-pressed={isZoomed}
        aria-label={isZoomed ? t('proof_zoom_out') : t('proof_zoom_in')}
        onClick={() => setZoomed(!isZoomed)}
      >
        <img src={image.data} alt={alt} />
      </button>
      <figcaption className="muted">{isZoomed ? t('proof_zoom_out') : t('proof_caption')}</figcaption>
    </figure>
  );
}
