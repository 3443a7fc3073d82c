import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Navigate, Outlet, useLocation } from 'react-router';
import { Icon } from '../components/icons';
import { LanguageSwitch } from '../components/language-switch';
import { ToastArea } from '../components/toast';
import { OperatorMenu } from '../features/account/operator-menu';
import { logOut, useMe, useToken } from '../features/auth/api';
import { ChatNavBadge } from '../features/chat/nav-badge';
import { queryClient } from '../lib/query-client';
import { mayOpen, navItems } from './nav';

/**
 * The frame of every page after login: a sidebar of the pages the operator's role may use (a drawer
 * below 960 px), a top bar with the merchant, the language and the operator (whose menu changes their password). Without a token, the
 * login page.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const token = useToken();
  const me = useMe();
  const location = useLocation();
  // The drawer belongs to the page it was opened on: following a link closes it.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const isMenuOpen = menuPath === location.pathname;
  const setMenuOpen = (isOpen: boolean) => setMenuPath(isOpen ? location.pathname : null);

  if (!token) return <Navigate to="/login" replace />;
  if (!me.data) {
    return (
      <div className="boot-screen" aria-busy="true">
        {me.error ? (
          <p className="error-note">{me.error.message}</p>
        ) : (
          <span className="spinner" aria-label={t('loading')} />
        )}
      </div>
    );
  }
  const { operator, merchant, permissions } = me.data;
  const items = navItems.filter((item) => mayOpen(permissions, item.permission));

  return (
    <div className={isMenuOpen ? 'shell is-menu-open' : 'shell'}>
      <aside className="sidebar" aria-label={t('nav_label')}>
        <div className="sidebar-brand">
          <span className="brand-mark" aria-hidden="true">
            L
          </span>
          <div>
            <p className="brand-name">{t('brand_name')}</p>
            <p className="brand-sub">{merchant.name}</p>
          </div>
        </div>
        <nav>
          <ul className="nav-list">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={({ isActive }) => (isActive ? 'nav-link is-active' : 'nav-link')}
                >
                  <Icon name={item.icon} />
                  <span>{t(item.labelKey)}</span>
                  {item.to === '/chat' ? <ChatNavBadge isAllowed={permissions.includes('chat.answer')} /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar-footer">
          <span className="muted">
            {merchant.code} · {merchant.currency}
          </span>
        </div>
      </aside>
      <button
        type="button"
        className="scrim"
        aria-label={t('close_menu')}
        tabIndex={isMenuOpen ? 0 : -1}
        onClick={() => setMenuOpen(false)}
      />
      <div className="main-column">
        <header className="topbar">
          <button
            type="button"
            className="icon-button menu-button"
            aria-label={t('open_menu')}
            aria-expanded={isMenuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <Icon name="menu" />
          </button>
          <div className="topbar-spacer" />
          <LanguageSwitch />
          <OperatorMenu operator={operator} />
          <button
            type="button"
            className="icon-button"
            aria-label={t('logout')}
            title={t('logout')}
            onClick={() => {
              void logOut().then(() => queryClient.clear());
            }}
          >
            <Icon name="logout" />
          </button>
        </header>
        <main className="content" id="main">
          <Outlet />
        </main>
      </div>
      <ToastArea />
    </div>
  );
}
