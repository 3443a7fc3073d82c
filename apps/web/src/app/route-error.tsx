import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { StatusPanel } from '../components/status-panel';
import { isChunkLoadError } from '../lib/chunk-loader';

/**
 * Shown in place of a page that failed: a chunk that did not load (spec §8: "page load took too
 * long, check network") or an unexpected error. Retry reloads, which fetches fresh chunks.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const isChunkFailure = isChunkLoadError(error);
  return (
    <div className="page">
      <StatusPanel
        art="/art/misc/empty.svg"
        title={t(isChunkFailure ? 'error_chunk_timeout_title' : 'error_unexpected_title')}
        message={t(isChunkFailure ? 'error_chunk_timeout' : 'error_unexpected')}
        actions={
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('common_retry')}
          </button>
        }
      />
    </div>
  );
}
