import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ServiceBar } from '../../features/layout/components/service-bar';
import { SideMenu } from '../../features/layout/components/side-menu';
import { SiteFooter } from '../../features/layout/components/site-footer';
import { SiteHeader } from './site-header';

/**
 * The page frames of spec §2: the full frame (header, side menu, footer, service bar), the same
 * without the side menu (/pointMall), the header only (lottery, seamless), and bare (/helpmc).
 */
export type LayoutVariant = 'full' | 'no-side-menu' | 'header-only';

/** New pages start at the top; an address with #topic scrolls to that topic instead. */
function useScrollToTopOnNavigate() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo({ top: 0 });
  }, [pathname, search, hash]);
}

function SkipLink() {
  const { t } = useTranslation();
  return <a className="skip-link" href="#main-content">{t('common_skip_to_content')}</a>;
}

export function SiteLayout({ variant }: { variant: LayoutVariant }) {
  const [isSideMenuCollapsed, setIsSideMenuCollapsed] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  useScrollToTopOnNavigate();
  const hasSideMenu = variant === 'full';
  const hasFooter = variant !== 'header-only';

  return (
    <div className={`site site--${variant}${hasSideMenu && isSideMenuCollapsed ? ' site--side-collapsed' : ''}`}>
      <SkipLink />
      <SiteHeader onMenuClick={() => setIsDrawerOpen(true)} />
      <div className="site__body">
        {/* Without the desktop side menu, phones still get the drawer for navigation. */}
        <SideMenu
          isCollapsed={hasSideMenu && isSideMenuCollapsed}
          onToggleCollapsed={() => setIsSideMenuCollapsed((isCollapsed) => !isCollapsed)}
          isDrawerOpen={isDrawerOpen}
          onCloseDrawer={() => setIsDrawerOpen(false)}
        />
        <div className="site__content">
          <main id="main-content" className="site__main" tabIndex={-1}>
            <Outlet />
          </main>
          {hasFooter && <SiteFooter />}
        </div>
      </div>
      {variant !== 'header-only' && <ServiceBar />}
    </div>
  );
}

export function BareLayout() {
  return (
    <main id="main-content" className="site-bare">
      <Outlet />
    </main>
  );
}
