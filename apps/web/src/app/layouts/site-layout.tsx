import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useSessionToken } from '../../api/member';
import { paths } from '../../config/paths';
import { ServiceBar, serviceListId, useServiceEntries } from '../../features/layout/components/service-bar';
import { SideMenu } from '../../features/layout/components/side-menu';
import { SiteFooter } from '../../features/layout/components/site-footer';
import { phoneMediaQuery, useMediaQuery } from '../../lib/use-media-query';
import { HydrateApart } from '../../components/hydrate-apart';
import { SiteHeader } from './site-header';

// Phones only: the tab bar and the member's side-menu buttons load there, not with every desktop
// visit's home page (its JavaScript budget). The buttons share the logged-in strip's chunk.
const TabBar = lazy(() =>
  import('../../features/layout/components/tab-bar').then((module) => ({ default: module.TabBar })),
);
const AccountMenu = lazy(() =>
  import('../../features/auth/components/account-strip').then((module) => ({ default: module.AccountMenu })),
);

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
  return (
    <a className="skip-link" href="#main-content">
      {t('common_skip_to_content')}
    </a>
  );
}

/**
 * Phones only (the media query, not the width CSS hides at): its own component, so the query's answer
 * after hydration re-renders this alone and not the whole frame (issue 19, total blocking time).
 */
function PhoneTabBar({ children }: { children: ReactNode }) {
  const isPhone = useMediaQuery(phoneMediaQuery);
  return isPhone ? <Suspense fallback={null}>{children}</Suspense> : null;
}

function PhoneAccountMenu({ onChoose }: { onChoose: () => void }) {
  const isPhone = useMediaQuery(phoneMediaQuery);
  return isPhone ? (
    <Suspense fallback={null}>
      <AccountMenu onChoose={onChoose} />
    </Suspense>
  ) : null;
}

export function SiteLayout({ variant }: { variant: LayoutVariant }) {
  const [isSideMenuCollapsed, setIsSideMenuCollapsed] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isServiceListOpen, setIsServiceListOpen] = useState(false);
  useScrollToTopOnNavigate();
  const { pathname } = useLocation();
  const serviceEntries = useServiceEntries();
  const token = useSessionToken();
  const hasSideMenu = variant === 'full';
  const hasFooter = variant !== 'header-only';
  const hasServiceBar = variant !== 'header-only';
  // The game takes the phone's whole screen under its own bar: nothing fixed covers its controls.
  const hasTabBar = pathname !== paths.game.path;
  const closeDrawer = () => setIsDrawerOpen(false);
  const toggleServiceList = () => setIsServiceListOpen((isOpen) => !isOpen);

  return (
    <div
      className={`site site--${variant}${hasSideMenu && isSideMenuCollapsed ? ' site--side-collapsed' : ''}${hasTabBar ? ' site--tab-bar' : ''}`}
    >
      <SkipLink />
      <SiteHeader onMenuClick={() => setIsDrawerOpen(true)} />
      <div className="site__body">
        {/* Without the desktop side menu, phones still get the drawer for navigation. */}
        <HydrateApart>
          <SideMenu
            isCollapsed={hasSideMenu && isSideMenuCollapsed}
            onToggleCollapsed={() => setIsSideMenuCollapsed((isCollapsed) => !isCollapsed)}
            isDrawerOpen={isDrawerOpen}
            onCloseDrawer={closeDrawer}
            accountMenu={token ? <PhoneAccountMenu onChoose={closeDrawer} /> : undefined}
          />
        </HydrateApart>
        <div className="site__content">
          <main id="main-content" className="site__main" tabIndex={-1}>
            <HydrateApart>
              <Outlet />
            </HydrateApart>
          </main>
          {hasFooter && (
            <HydrateApart>
              <SiteFooter />
            </HydrateApart>
          )}
        </div>
      </div>
      {hasServiceBar && (
        <HydrateApart>
          <ServiceBar isOpen={isServiceListOpen} onToggle={toggleServiceList} />
        </HydrateApart>
      )}
      {hasTabBar && (
        <PhoneTabBar>
          <TabBar
            serviceList={
              hasServiceBar && serviceEntries.length > 0
                ? {
                    id: serviceListId,
                    isOpen: isServiceListOpen,
                    onToggle: toggleServiceList,
                    onClose: () => setIsServiceListOpen(false),
                  }
                : null
            }
          />
        </PhoneTabBar>
      )}
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
