import '../download.css';
import type { SiteResource } from '@lotus/contract';
import { Fragment, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useWhitelabel } from '../../../api/whitelabel';
import { Spinner } from '../../../components/global-loader';
import { StatusPanel } from '../../../components/status-panel';
import { registerFeatureCatalogue } from '../../../lib/i18n';
import {
  captureInstallPrompt,
  installPromptState,
  promptInstall,
  subscribeInstallPrompt,
} from '../../../lib/install-prompt';
import { QrCode } from '../../agent-centre/qr-code';

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

/**
 * The address a resource's QR code carries: the merchant's real app link (a store, an APK) as the
 * whitelabel resource gives it, or, for a link to this site's own page (`/down#ios`), that page on the
 * address the member is on now, so a phone that scans it opens the same merchant's site.
 */
export function qrTextOf(resourceUrl: string, origin: string): string {
  try {
    return new URL(resourceUrl, origin).href;
  } catch {
    return origin;
  }
}

/** A resource address that is not this site itself is a real download link. */
const isExternalDownload = (resource: SiteResource, origin: string) =>
  new URL(qrTextOf(resource.url, origin)).origin !== origin;

function isAppleMobile(): boolean {
  return (
    /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

const installSnapshot = () => {
  const state = installPromptState();
  return `${state.canPrompt}:${state.isInstalled}`;
};

/** The installable web app: the site's own QR code, Android's install prompt, iOS's "Add to Home Screen". */
function WebAppCard({ brand, origin }: { brand: string; origin: string }) {
  const { t } = useTranslation();
  useEffect(captureInstallPrompt, []);
  const snapshot = useSyncExternalStore(subscribeInstallPrompt, installSnapshot, () => 'false:false');
  const [canPrompt, isInstalled] = snapshot.split(':').map((part) => part === 'true');
  // After the member accepts, the browser installs before it fires `appinstalled`: said meanwhile.
  const [outcome, setOutcome] = useState<'installing' | 'dismissed' | null>(null);
  const siteAddress = `${origin}/`;
  const guides = [
    { key: 'android', titleKey: 'download_webapp_android_title', stepKey: 'download_webapp_android_step' },
    { key: 'ios', titleKey: 'download_webapp_ios_title', stepKey: 'download_webapp_ios_step' },
  ];
  if (isAppleMobile()) guides.reverse();

  return (
    <section id="webapp" className="app-card app-card--webapp" aria-labelledby="webapp-title">
      <h2 id="webapp-title" className="app-card__title">
        {t('download_webapp_title')}
      </h2>
      <p className="app-card__lead">{t('download_webapp_description', { brand })}</p>
      <div className="app-card__webapp-body">
        <figure className="app-card__qr">
          <QrCode text={siteAddress} label={t('download_qr_site_alt', { address: siteAddress })} size={160} />
          <figcaption>{t('download_webapp_scan')}</figcaption>
        </figure>
        <div className="app-card__install">
          {isInstalled ? (
            <p className="app-card__status" role="status">
              {t('download_webapp_installed')}
            </p>
          ) : (
            canPrompt && (
              <button
                type="button"
                className="button button--primary button--large"
                onClick={() =>
                  void promptInstall().then((accepted) => setOutcome(accepted ? 'installing' : 'dismissed'))
                }
              >
                {t('download_webapp_install')}
              </button>
            )
          )}
          {outcome !== null && !isInstalled && (
            <p className="app-card__status" role="status">
              {t(outcome === 'installing' ? 'download_webapp_installing' : 'download_webapp_dismissed')}
            </p>
          )}
          {guides.map((guide) => (
            <Fragment key={guide.key}>
              <div className="app-card__guide" data-guide={guide.key}>
                <h3>{t(guide.titleKey)}</h3>
                <ol className="app-card__steps">
                  {[1, 2, 3].map((step) => (
                    <li key={step}>{t(`${guide.stepKey}_${step}`, { brand })}</li>
                  ))}
                </ol>
              </div>
              {/* The iPhone note goes with the iOS steps, first on an iPhone, last elsewhere. */}
              {guide.key === 'ios' && <p className="app-card__note">{t('download_webapp_ios_note')}</p>}
            </Fragment>
          ))}
        </div>
      </div>
    </section>
  );
}

/** spec §2 /down: the installable web app, then the iOS, Android and lite iOS apps, each with a QR code and a guide. */
export function AppDownload() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const { data: whitelabel, isPending } = useWhitelabel();
  const apps = (whitelabel?.resources ?? []).filter((resource) => resource.resourceType in appGuides);
  const origin = window.location.origin;

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
      ) : (
        <>
          <WebAppCard brand={whitelabel?.brand.name ?? ''} origin={origin} />
          {apps.length === 0 ? (
            <StatusPanel title={t('download_none')} />
          ) : (
            <ul className="app-download__list">
              {apps.map((resource) => {
                const guide = appGuides[resource.resourceType];
                if (!guide) return null;
                return (
                  <li key={resource.key} id={guide.anchor} className="app-card">
                    <h2 className="app-card__title">{resource.label}</h2>
                    <figure className="app-card__qr">
                      <QrCode
                        text={qrTextOf(resource.url, origin)}
                        label={t('download_qr_alt', { app: resource.label })}
                        size={160}
                      />
                      <figcaption>{t('download_scan')}</figcaption>
                    </figure>
                    <ol className="app-card__steps">
                      {Array.from({ length: guide.stepCount }, (_, index) => (
                        <li key={index}>{t(`${guide.guideKey}_step_${index + 1}`)}</li>
                      ))}
                    </ol>
                    {isExternalDownload(resource, origin) && (
                      <a
                        className="button button--primary"
                        href={resource.url}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        {t('download_action')}
                      </a>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
