import '../tab-bar.css';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useWhitelabel } from '../../../api/whitelabel';
import { AppLink } from '../../../components/app-link';
import { Icon, type IconName } from '../../../components/icon';
import { paths } from '../../../config/paths';
import { registerFeatureCatalogue } from '../../../lib/i18n';
import { useLoginGate } from '../../../lib/login-gate';
import { openModal, useOpenModal, type OpenModal } from '../../../stores/modal-store';

// Only phones draw the tab bar: its texts come with its chunk, not with every visitor's home page.
await registerFeatureCatalogue({
  TH: () => import('../../../locales/tab-bar/th.json'),
  EN: () => import('../../../locales/tab-bar/en.json'),
});

export type TabKey = 'home' | 'promotions' | 'deposit' | 'member' | 'service';

const homePaths: readonly string[] = [paths.home.path, ...paths.homeAliases];
const promotionPaths: readonly string[] = [paths.promotions.path, paths.promoDetail.path];

/**
 * The tab that is the member's current place: an open member centre (on deposit, or on another
 * page) or service list first, since it covers the page; otherwise the page's own tab, if it has one.
 */
export function currentTab(pathname: string, modal: OpenModal | null, isServiceListOpen: boolean): TabKey | null {
  if (modal?.kind === 'memberCentre') return modal.page === 'depositv2' ? 'deposit' : 'member';
  if (isServiceListOpen) return 'service';
  if (homePaths.includes(pathname)) return 'home';
  if (promotionPaths.includes(pathname)) return 'promotions';
  return null;
}

function TabContent({ icon, label }: { icon: IconName; label: string }) {
  return (
    <>
      <span className="tab-bar__icon">
        <Icon name={icon} size={22} />
      </span>
      <span className="tab-bar__label">{label}</span>
    </>
  );
}

/** The page's customer-service list (the service bar's), which the Service tab opens and closes. */
export interface ServiceList {
  id: string;
  isOpen: boolean;
  onToggle: () => void;
  onClose: () => void;
}

/**
 * The phones' bottom tab bar, where Thai players look for the site's main places: home, promotions,
 * deposit, the member centre and customer service. It replaces the desktop header's account buttons
 * on phones (the header keeps the logo, the balance and the menu). Deposit and the member centre go
 * through the login gate, as the header's buttons do: logged out they open the login modal.
 * `serviceList`: the page's service list; without one (a page without the service bar, a merchant
 * without customer service) Service leads to the help page.
 */
export function TabBar({ serviceList }: { serviceList: ServiceList | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const modal = useOpenModal();
  const { data: whitelabel } = useWhitelabel();
  const requireRealAccount = useLoginGate();
  const current = currentTab(pathname, modal, serviceList?.isOpen ?? false);
  const isMemberCentreOn = whitelabel?.switches.memberCentre !== false;
  const closeServiceList = serviceList?.onClose;

  // A new page closes the service list the Service tab opened on the last one.
  useEffect(() => closeServiceList?.(), [pathname]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new page closes it

  const openMemberCentre = (page: 'depositv2' | undefined) => {
    serviceList?.onClose();
    // spec §2: the member centre opens only when the merchant has it on.
    requireRealAccount(() =>
      openModal(
        isMemberCentreOn
          ? { kind: 'memberCentre', page }
          : { kind: 'notice', titleKey: 'in_popup_prompt', messageKey: 'tab_member_centre_off' },
      ),
    );
  };
  const ariaCurrent = (tab: TabKey) => (current === tab ? 'page' : undefined);
  const tabClass = (tab: TabKey) =>
    `tab-bar__tab tab-bar__tab--${tab}${current === tab ? ' tab-bar__tab--current' : ''}`;

  const tabs: { key: TabKey; element: ReactNode }[] = [
    {
      key: 'home',
      element: (
        <AppLink
          to={paths.home.getHref()}
          className={tabClass('home')}
          aria-current={ariaCurrent('home')}
          data-tab="home"
        >
          <TabContent icon="home" label={t('tab_home')} />
        </AppLink>
      ),
    },
    {
      key: 'promotions',
      element: (
        <AppLink
          to={paths.promotions.getHref()}
          className={tabClass('promotions')}
          aria-current={ariaCurrent('promotions')}
          data-tab="promotions"
        >
          <TabContent icon="promotions" label={t('tab_promotions')} />
        </AppLink>
      ),
    },
    {
      key: 'deposit',
      element: (
        <button
          type="button"
          className={tabClass('deposit')}
          aria-current={ariaCurrent('deposit')}
          data-tab="deposit"
          onClick={() => openMemberCentre('depositv2')}
        >
          <TabContent icon="wallet" label={t('tab_deposit')} />
        </button>
      ),
    },
    {
      key: 'member',
      element: (
        <button
          type="button"
          className={tabClass('member')}
          aria-current={ariaCurrent('member')}
          data-tab="member"
          onClick={() => openMemberCentre(undefined)}
        >
          <TabContent icon="user" label={t('tab_member')} />
        </button>
      ),
    },
    {
      key: 'service',
      element: serviceList ? (
        <button
          type="button"
          className={tabClass('service')}
          aria-expanded={serviceList.isOpen}
          aria-controls={serviceList.id}
          data-tab="service"
          onClick={serviceList.onToggle}
        >
          <TabContent icon={serviceList.isOpen ? 'close' : 'chat'} label={t('tab_service')} />
        </button>
      ) : (
        <AppLink
          to={paths.help.getHref()}
          className={tabClass('service')}
          aria-current={pathname === paths.help.path ? 'page' : undefined}
          data-tab="service"
        >
          <TabContent icon="chat" label={t('tab_service')} />
        </AppLink>
      ),
    },
  ];

  return (
    <nav className="tab-bar" aria-label={t('tab_bar_label')}>
      <ul className="tab-bar__list">
        {tabs.map((tab) => (
          <li key={tab.key} className="tab-bar__item">
            {tab.element}
          </li>
        ))}
      </ul>
    </nav>
  );
}
