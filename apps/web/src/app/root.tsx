import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { systemStatusCodes, useSystemStatus } from '../api/system-status';
import { useWhitelabel } from '../api/whitelabel';
import { GlobalLoader, Spinner } from '../components/global-loader';
import { StatusPanel } from '../components/status-panel';
import { paths, pathsOpenWithoutLogin } from '../config/paths';
import { LanguageSwitcher } from '../features/layout/components/language-switcher';
import { applyBrandTheme } from '../lib/brand-theme';
import { loadChunk } from '../lib/chunk-loader';
import { session } from '../lib/session';
import { ModalHost } from './modal-host';

const systemPages = () => loadChunk(() => import('../features/system/components/system-page'));
const MaintenancePage = lazy(() => systemPages().then((module) => ({ default: module.MaintenancePage })));
const RestrictedPage = lazy(() => systemPages().then((module) => ({ default: module.RestrictedPage })));

/** A full-screen splash for the first moments, before the site knows whether it may open. */
export function Splash() {
  return (
    <div className="splash">
      <img className="splash__logo" src="/art/brand/logo-mark.svg" alt="" width={72} height={72} />
      <Spinner />
    </div>
  );
}

/**
 * spec §2: with loginedToHomePage on, anonymous visitors may only open a few paths; everything
 * else goes to /login (the home page with the login modal open).
 */
function useLoginOnlyRedirect(isLoginRequired: boolean): boolean {
  const { pathname } = useLocation();
  return isLoginRequired && !session.hasToken() && !pathsOpenWithoutLogin.includes(pathname);
}

/**
 * The root of every page: asks the system status first (maintenance and IP restriction replace the
 * whole site), applies the brand, then draws the page with the global loader and modals.
 */
export function AppRoot() {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const { data: whitelabel } = useWhitelabel();
  const mustRedirectToLogin = useLoginOnlyRedirect(whitelabel?.loginedToHomePage ?? false);

  useEffect(() => {
    if (whitelabel) applyBrandTheme(whitelabel.brand);
  }, [whitelabel]);

  if (status.isPending) return <Splash />;
  if (status.isError) {
    return (
      <main className="site-bare site-bare--center">
        <StatusPanel
          art="/art/misc/empty.svg"
          title={t('error_network_title')}
          message={t('error_network')}
          actions={
            <button type="button" className="button button--primary" onClick={() => void status.refetch()}>
              {t('common_retry')}
            </button>
          }
        />
      </main>
    );
  }
  if (status.data.systemStatus === systemStatusCodes.maintenance) {
    return (
      <Suspense fallback={<Splash />}>
        <MaintenancePage status={status.data} languageSwitcher={<LanguageSwitcher />} />
      </Suspense>
    );
  }
  if (status.data.systemStatus === systemStatusCodes.restricted) {
    return (
      <Suspense fallback={<Splash />}>
        <RestrictedPage status={status.data} languageSwitcher={<LanguageSwitcher />} />
      </Suspense>
    );
  }
  if (mustRedirectToLogin) return <Navigate to={paths.login.getHref()} replace />;

  return (
    <>
      <GlobalLoader />
      <Outlet />
      <ModalHost />
    </>
  );
}
