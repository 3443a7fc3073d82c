import { useTranslation } from 'react-i18next';
import { useIsLoading } from '../lib/loader-store';

/** A thin animated bar at the top of the window while any request runs (spec §4). */
export function GlobalLoader() {
  const { t } = useTranslation();
  const isLoading = useIsLoading();
  return (
    <div
      className={`global-loader${isLoading ? ' global-loader--active' : ''}`}
      role="progressbar"
      aria-hidden={!isLoading}
      aria-label={t('common_loading')}
    >
      <span className="global-loader__bar" />
    </div>
  );
}

/** A centred spinner for a region whose data is on its way. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common_loading')}</span>
    </div>
  );
}
