import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppNavLink } from '../../../components/app-link';
import { Icon, type IconName } from '../../../components/icon';
import { paths } from '../../../config/paths';
import { selectGameType } from '../../../stores/game-nav-store';
import { useNavItems } from '../../../lib/use-nav-items';
import { LanguageSwitcher } from './language-switcher';

interface SideMenuProps {
  isCollapsed: boolean;
  onToggleCollapsed: () => void;
  /** Drawer mode on phones: open or closed, closed after a choice. */
  isDrawerOpen: boolean;
  onCloseDrawer: () => void;
  /** The member's buttons (logged in), shown in the phones' drawer: there the header has no room for them. */
  accountMenu?: ReactNode;
}

interface SideLink {
  href: string;
  labelKey: string;
  icon: IconName;
  gameType?: string;
}

/**
 * The left menu: categories, promotions, VIP, download, help. A drawer on tablets and phones; on
 * phones it also holds the language switcher and the member's buttons, which leave the header there.
 */
export function SideMenu({ isCollapsed, onToggleCollapsed, isDrawerOpen, onCloseDrawer, accountMenu }: SideMenuProps) {
  const { t } = useTranslation();
  const navItems = useNavItems();
  // The open drawer covers the page: Escape closes it, as it closes the site's dialogs.
  useEffect(() => {
    if (!isDrawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseDrawer();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isDrawerOpen, onCloseDrawer]);
  const gameLinks: SideLink[] = navItems.map((item) => ({
    href: item.href,
    labelKey: item.labelKey,
    icon: item.icon,
    gameType: item.gameType,
  }));
  const siteLinks: SideLink[] = [
    { href: paths.promotions.getHref(), labelKey: 'nav_promotions', icon: 'promotions' },
    { href: paths.vip.getHref(), labelKey: 'nav_vip', icon: 'vip' },
    { href: paths.pointMall.getHref(), labelKey: 'nav_point_mall', icon: 'gift' },
    { href: paths.notice.getHref(), labelKey: 'nav_announcements', icon: 'megaphone' },
    { href: paths.download.getHref(), labelKey: 'nav_download', icon: 'download' },
    { href: paths.help.getHref(), labelKey: 'nav_help', icon: 'help' },
  ];

  const renderLink = (link: SideLink) => (
    <li key={link.href}>
      <AppNavLink
        to={link.href}
        end
        className={({ isActive }) => `side-menu__link${isActive ? ' side-menu__link--active' : ''}`}
        title={isCollapsed ? t(link.labelKey) : undefined}
        onClick={() => {
          if (link.gameType) selectGameType(link.gameType);
          onCloseDrawer();
        }}
      >
        <Icon name={link.icon} size={20} />
        <span className="side-menu__label">{t(link.labelKey)}</span>
      </AppNavLink>
    </li>
  );

  return (
    <>
      <div
        className={`side-menu__backdrop${isDrawerOpen ? ' side-menu__backdrop--open' : ''}`}
        onClick={onCloseDrawer}
        aria-hidden="true"
      />
      <aside
        className={`side-menu${isCollapsed ? ' side-menu--collapsed' : ''}${isDrawerOpen ? ' side-menu--drawer-open' : ''}`}
        aria-label={t('side_menu_label')}
      >
        <div className="side-menu__head">
          <div className="side-menu__phone-only">
            <LanguageSwitcher />
          </div>
          <button
            type="button"
            className="side-menu__toggle"
            onClick={onToggleCollapsed}
            aria-expanded={!isCollapsed}
            aria-label={t(isCollapsed ? 'side_menu_expand' : 'side_menu_collapse')}
          >
            <Icon name={isCollapsed ? 'chevron-right' : 'chevron-left'} size={18} />
          </button>
          <button type="button" className="side-menu__close" onClick={onCloseDrawer} aria-label={t('common_close')}>
            <Icon name="close" size={20} />
          </button>
        </div>
        {accountMenu && <div className="side-menu__phone-only side-menu__account">{accountMenu}</div>}
        <nav>
          <ul className="side-menu__list">
            {renderLink({ href: paths.home.getHref(), labelKey: 'nav_home', icon: 'home' })}
          </ul>
          <p className="side-menu__heading">{t('side_menu_games')}</p>
          <ul className="side-menu__list">{gameLinks.map(renderLink)}</ul>
          <p className="side-menu__heading">{t('side_menu_more')}</p>
          <ul className="side-menu__list">{siteLinks.map(renderLink)}</ul>
        </nav>
      </aside>
    </>
  );
}
