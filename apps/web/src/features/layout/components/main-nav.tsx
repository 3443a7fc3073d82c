import { useTranslation } from 'react-i18next';
import { AppLink, AppNavLink } from '../../../components/app-link';
import { Icon } from '../../../components/icon';
import { paths } from '../../../config/paths';
import { useMemberInfo } from '../../../api/member';
import { useAvailablePromotionCount } from '../../../api/promotions';
import { useWhitelabel } from '../../../api/whitelabel';
import { trialAccountIsAgent } from '../../../lib/login-gate';
import { selectGameType } from '../../../stores/game-nav-store';
import { useNavItems } from '../../../lib/use-nav-items';
import { VendorDropdown } from './vendor-dropdown';

/**
 * The header's bottom bar (spec §2): logo, home, one item per game category with its vendor
 * drop-down, app download, promotions with the count of available promotions.
 * On phones it becomes a horizontally scrolling strip without drop-downs.
 */
export function MainNav() {
  const { t } = useTranslation();
  const navItems = useNavItems();
  const { data: whitelabel } = useWhitelabel();
  // A real member sees what it can join, apply for or claim now (MCSFE_getAvailablePromotions, read
  // again when the balance stream says its rewards changed); a visitor or a trial account what the
  // merchant runs.
  const { data: member } = useMemberInfo();
  const isRealMember = member !== undefined && member.type !== trialAccountIsAgent;
  const memberCount = useAvailablePromotionCount(isRealMember);
  const promotionCount = isRealMember ? memberCount : (whitelabel?.promotionCount ?? 0);
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `main-nav__link${isActive ? ' main-nav__link--active' : ''}`;

  return (
    <nav className="main-nav" aria-label={t('nav_label')}>
      <AppLink to={paths.home.getHref()} className="main-nav__logo" aria-label={t('nav_home')}>
        <img
          src={whitelabel?.brand.logoUrl ?? '/art/brand/logo.svg'}
          alt={whitelabel?.brand.name ?? ''}
          width={168}
          height={48}
        />
      </AppLink>
      <ul className="main-nav__list">
        <li className="main-nav__item">
          <AppNavLink to={paths.home.getHref()} end className={navClass}>
            <Icon name="home" />
            <span>{t('nav_home')}</span>
          </AppNavLink>
        </li>
        {navItems.map((item) => {
          const dropdownId = `nav-dropdown-${item.key}`;
          return (
            <li key={item.key} className="main-nav__item main-nav__item--has-dropdown" data-nav={item.key}>
              <AppNavLink
                to={item.href}
                className={navClass}
                aria-describedby={dropdownId}
                onClick={() => selectGameType(item.gameType)}
              >
                <Icon name={item.icon} />
                <span>{t(item.labelKey)}</span>
                <Icon name="chevron-down" size={14} className="main-nav__caret" />
              </AppNavLink>
              <VendorDropdown item={item} id={dropdownId} />
            </li>
          );
        })}
        <li className="main-nav__item">
          <AppNavLink to={paths.download.getHref()} className={navClass}>
            <Icon name="download" />
            <span>{t('nav_download')}</span>
          </AppNavLink>
        </li>
        <li className="main-nav__item">
          <AppNavLink to={paths.promotions.getHref()} className={navClass}>
            <Icon name="promotions" />
            <span>{t('nav_promotions')}</span>
            {promotionCount > 0 && (
              <span className="main-nav__badge" aria-label={t('nav_promotion_count', { count: promotionCount })}>
                {promotionCount}
              </span>
            )}
          </AppNavLink>
        </li>
      </ul>
    </nav>
  );
}
