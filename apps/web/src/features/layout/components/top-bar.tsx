import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../../../api/whitelabel';
import { Icon } from '../../../components/icon';
import { formatDate } from '../../../lib/format';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import { LanguageSwitcher } from './language-switcher';

interface TopBarProps {
  /** The login form when logged out, the logged-in strip when a token exists. */
  accountArea: ReactNode;
  /** Opens the side menu drawer on phones. */
  onMenuClick: () => void;
}

/** The header's top bar (spec §2): welcome and date, language switcher, account area. */
export function TopBar({ accountArea, onMenuClick }: TopBarProps) {
  const { t } = useTranslation();
  const { data: whitelabel } = useWhitelabel();
  // The date of the visit; a session that runs past midnight keeps it, like a printed greeting.
  const [today] = useState(() => new Date());
  // The member's clock, not the server's: the date is written once the page has hydrated.
  const isHydrated = useIsHydrated();
  return (
    <div className="top-bar">
      <div className="top-bar__inner">
        <button type="button" className="top-bar__menu" onClick={onMenuClick} aria-label={t('nav_open_menu')}>
          <Icon name="menu" size={22} />
        </button>
        <img
          className="top-bar__brand"
          src="/art/brand/logo-mark.svg"
          alt={whitelabel?.brand.name ?? ''}
          width={32}
          height={32}
        />
        <p className="top-bar__welcome">
          <Icon name="star" size={14} className="top-bar__star" />
          <span>{t('header_welcome', { brand: whitelabel?.brand.name ?? '' })}</span>
          {isHydrated && (
            <time className="top-bar__date" dateTime={today.toISOString().slice(0, 10)}>
              {formatDate(today.getTime())}
            </time>
          )}
        </p>
        <div className="top-bar__end">
          <LanguageSwitcher />
          {accountArea}
        </div>
      </div>
    </div>
  );
}
