import type { SiteResource } from '@lotus/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useWhitelabel } from '../../../api/whitelabel';
import { Spinner } from '../../../components/global-loader';
import { StatusPanel } from '../../../components/status-panel';
import { paths } from '../../../config/paths';
import { registerFeatureCatalogue } from '../../../lib/i18n';

// The download page's texts come with its chunk (the home page's JS budget).
await registerFeatureCatalogue({
  TH: () => import('../../../locales/download/th.json'),
  EN: () => import('../../../locales/download/en.json'),
});

/** The app kinds the download page explains, by the whitelabel resource type. */
const appGuides: Record<string, { anchor: string; guideKey: string; stepCount: number }> = {
  APP_IOS: { anchor: 'ios', guideKey: 'download_ios', stepCount: 3 },
  APP_ANDROID: { anchor: 'android', guideKey: 'download_android', stepCount: 3 },
  APP_IOS_LITE: { anchor: 'ios-lite', guideKey: 'download_ios_lite', stepCount: 3 },
};

/** A resource address that is not this page itself is a real download link. */
const isExternalDownload = (resource: SiteResource) => !resource.url.startsWith(paths.download.path);

/** spec §2 /down: the iOS, Android and lite iOS apps, each with a QR code and an install guide. */
export function AppDownload() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const { data: whitelabel, isPending } = useWhitelabel();
  const apps = (whitelabel?.resources ?? []).filter((resource) => resource.resourceType in appGuides);

  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [hash, apps.length]);

  return (
    <div className="page app-download">
      <header className="page-title page-title--center">
        <h1>{t('download_title')}</h1>
        <p>{t('download_subtitle')}</p>
      </header>
      {isPending ? (
        <Spinner />
      ) : apps.length === 0 ? (
        <StatusPanel title={t('download_none')} />
      ) : (
        <ul className="app-download__list">
          {apps.map((resource) => {
            const guide = appGuides[resource.resourceType];
            if (!guide) return null;
            return (
              <li key={resource.key} id={guide.anchor} className="app-card">
                <h2 className="app-card__title">{resource.label}</h2>
                {resource.qrCodeUrl && (
                  <figure className="app-card__qr">
                    <img
                      src={resource.qrCodeUrl}
                      alt={t('download_qr_alt', { app: resource.label })}
                      width={160}
                      height={160}
                      loading="lazy"
                    />
                    <figcaption>{t('download_scan')}</figcaption>
                  </figure>
                )}
                <ol className="app-card__steps">
                  {Array.from({ length: guide.stepCount }, (_, index) => (
                    <li key={index}>{t(`${guide.guideKey}_step_${index + 1}`)}</li>
                  ))}
                </ol>
                {isExternalDownload(resource) && (
                  <a className="button button--primary" href={resource.url} target="_blank" rel="noopener noreferrer">
                    {t('download_action')}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
