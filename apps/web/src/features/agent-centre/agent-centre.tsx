import './agent-centre.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Spinner } from '../../components/global-loader';
import { paths } from '../../config/paths';
import { useMemberInfo, useSessionToken } from '../../api/member';
import { AffiliateLinksPage } from './affiliate-links-page';
import { AgentAnnouncementsPage } from './announcements-page';
import { RegisterDownlinePage } from './register-downline-page';
import { agentCentrePagesQuery } from './team/api';
import { TeamBettingPage } from './team/team-betting-page';
import { TeamMembersPage } from './team/team-members-page';
import { TeamOverviewPage } from './team/team-overview-page';
import { TeamPnlPage } from './team/team-pnl-page';
import { TeamTransactionsPage } from './team/team-transactions-page';
import {
  DailySalaryPage,
  DividendPage,
  DownlineContractsPage,
  HourSalaryPage,
  IncomePage,
  LuckyBagPage,
  MrDailySalaryPage,
  MyContractsPage,
  RealtimeSalaryPage,
  TransferHistoryPage,
  TransferPage,
  TransferUplinePage,
} from './money/money-pages';

/** isAgent values of agent accounts (spec §3). */
const agentKinds: ReadonlySet<number> = new Set([1, 2, 41, 42]);

/** The menu's groups, in order: each page belongs to one. */
const menuGroups = [
  { key: 'overview', labelKey: 'agents_menu_group_overview' },
  { key: 'team', labelKey: 'agents_menu_group_team' },
  { key: 'contracts', labelKey: 'agents_menu_group_contracts' },
  { key: 'salaries', labelKey: 'agents_menu_group_salaries' },
  { key: 'money', labelKey: 'agents_menu_group_money' },
] as const;

/**
 * The agent centre's pages, in the original's menu order within each group (original-programmes §1.1).
 * `code` is the page's switch in the merchant's agentCentrePages (pages without one are always on);
 * `needsToUpline`: only where the merchant's toUpline lets this member.
 */
export const agentCentrePages = [
  {
    key: 'announcement',
    group: 'overview',
    labelKey: 'agents_page_announcement',
    Page: AgentAnnouncementsPage,
    code: 'AGENTANNOUNCE3',
  },
  {
    key: 'teamOverview',
    group: 'overview',
    labelKey: 'agteam_page_overview',
    Page: TeamOverviewPage,
    code: 'AGEINFO3',
  },
  // Team pages (team/, and the register and links pages).
  {
    key: 'registerCenter',
    group: 'team',
    labelKey: 'agents_page_register',
    Page: RegisterDownlinePage,
    code: 'REGCEN',
  },
  { key: 'affiliateLinks', group: 'team', labelKey: 'agents_page_links', Page: AffiliateLinksPage, code: 'REGCEN' },
  { key: 'teamMembers', group: 'team', labelKey: 'agteam_page_members', Page: TeamMembersPage, code: 'DOWNMAN' },
  { key: 'teamBetting', group: 'team', labelKey: 'agteam_page_betting', Page: TeamBettingPage, code: 'TEAMBETTING3' },
  { key: 'teamPnl', group: 'team', labelKey: 'agteam_page_pnl', Page: TeamPnlPage, code: 'AGETEAMPNL3' },
  {
    key: 'teamTransactions',
    group: 'team',
    labelKey: 'agteam_page_transactions',
    Page: TeamTransactionsPage,
    code: 'AGEDOWNTRANS3',
  },
  // Contracts and money (money/).
  { key: 'myContracts', group: 'contracts', labelKey: 'agmoney_page_my_contracts', Page: MyContractsPage },
  {
    key: 'downlineContracts',
    group: 'contracts',
    labelKey: 'agmoney_page_downline_contracts',
    Page: DownlineContractsPage,
  },
  { key: 'dividend', group: 'salaries', labelKey: 'agmoney_page_dividend', Page: DividendPage, code: 'DIVIDEND' },
  {
    key: 'dailySalary',
    group: 'salaries',
    labelKey: 'agmoney_page_daily_salary',
    Page: DailySalaryPage,
    code: 'DAYSAL',
  },
  {
    key: 'mrDailySalary',
    group: 'salaries',
    labelKey: 'agmoney_page_mr_daily_salary',
    Page: MrDailySalaryPage,
    code: 'DAYSALMR',
  },
  {
    key: 'hourSalary',
    group: 'salaries',
    labelKey: 'agmoney_page_hourly_salary',
    Page: HourSalaryPage,
    code: 'HOURSAL3',
  },
  {
    key: 'realtimeSalary',
    group: 'salaries',
    labelKey: 'agmoney_page_realtime_salary',
    Page: RealtimeSalaryPage,
    code: 'RTSALARY3',
  },
  { key: 'income', group: 'money', labelKey: 'agmoney_page_income', Page: IncomePage, code: 'AGEREV3' },
  { key: 'transfer', group: 'money', labelKey: 'agmoney_page_transfer', Page: TransferPage },
  {
    key: 'luckyBag',
    group: 'money',
    labelKey: 'agmoney_page_lucky_bag',
    Page: LuckyBagPage,
    code: 'AGENTRANSMULTDOWN3',
  },
  {
    key: 'transferUpline',
    group: 'money',
    labelKey: 'agmoney_page_transfer_upline',
    Page: TransferUplinePage,
    needsToUpline: true,
  },
  { key: 'transferHistory', group: 'money', labelKey: 'agmoney_page_transfer_history', Page: TransferHistoryPage },
] as const;
type AgentCentrePage = (typeof agentCentrePages)[number];
export type AgentCentrePageKey = AgentCentrePage['key'];

/** The page the centre opens on (spec §2: agentTeamOverview), or the first one shown when it is off. */
const defaultPageKey: AgentCentrePageKey = 'teamOverview';

/**
 * spec §2 /agentCenter: agents only (a visitor or a member who is not an agent is sent home). The
 * pages' menu beside the page on a desktop, folded above it on a phone; `?page=` names the open page.
 */
export function AgentCentre() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const member = useMemberInfo();
  const [params, setParams] = useSearchParams();
  // /agentCenter/transfer?downlineId= (team management's "transfer") opens a page by path as well.
  const pathPage = useLocation().pathname.split('/')[2];
  // The merchant's page switches: a page whose code is switched off is not in the menu.
  const switches = useQuery({ ...agentCentrePagesQuery(), enabled: Boolean(token) });
  if (!token) return <Navigate to={paths.home.getHref()} replace />;
  if (member.isPending) return <Spinner />;
  if (!member.data || !agentKinds.has(member.data.type)) return <Navigate to={paths.home.getHref()} replace />;
  // Transfer to upline only where the merchant's toUpline lets this member (the original's rule).
  const pageOn = (page: AgentCentrePage) =>
    !('code' in page) || (switches.data as Record<string, boolean> | undefined)?.[page.code] !== false;
  const shown = agentCentrePages.filter(
    (page) => pageOn(page) && (!('needsToUpline' in page) || member.data!.toUpline),
  );
  const current =
    shown.find((page) => page.key === (params.get('page') ?? pathPage)) ??
    shown.find((page) => page.key === defaultPageKey) ??
    shown[0]!;
  const { Page } = current;
  return (
    <div className="page agent-centre">
      <header className="page-title">
        <h1>{t('agents_title')}</h1>
      </header>
      <div className="agent-centre__body">
        <AgentCentreMenu shown={shown} current={current} onChoose={(key) => setParams({ page: key })} />
        <section className="agent-centre__page" aria-labelledby="agent-centre-page-title">
          <h2 id="agent-centre-page-title">{t(current.labelKey)}</h2>
          <Page />
        </section>
      </div>
    </div>
  );
}

/**
 * The pages by group. On a desktop a sidebar, always open. On a phone (CSS, under 768 px) one bar naming
 * the open page, which unfolds the groups in two columns and folds again once a page is chosen, with
 * Escape or a tap outside: twenty-odd entries above every page were several screens to scroll past.
 */
function AgentCentreMenu({
  shown,
  current,
  onChoose,
}: {
  shown: readonly AgentCentrePage[];
  current: AgentCentrePage;
  onChoose: (key: AgentCentrePageKey) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const closeOutside = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isOpen]);
  const currentGroup = menuGroups.find((group) => group.key === current.group)!;
  return (
    <nav
      ref={navRef}
      className="agent-centre__menu"
      aria-label={t('agents_menu')}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !isOpen) return;
        setOpen(false);
        toggleRef.current?.focus();
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="agent-centre__menu-toggle"
        aria-expanded={isOpen}
        aria-controls={`${id}-groups`}
        onClick={() => setOpen(!isOpen)}
      >
        <span className="agent-centre__menu-toggle-text">
          <span className="agent-centre__menu-toggle-group">{t(currentGroup.labelKey)}</span>
          <span className="agent-centre__menu-toggle-page">{t(current.labelKey)}</span>
        </span>
        <span className="agent-centre__menu-toggle-more">{t('agents_menu_toggle')}</span>
        <svg className="agent-centre__menu-chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z" />
        </svg>
      </button>
      <div id={`${id}-groups`} className="agent-centre__menu-groups" data-open={isOpen ? 'true' : undefined}>
        {menuGroups.map((group) => {
          const pages = shown.filter((page) => page.group === group.key);
          if (pages.length === 0) return null;
          return (
            <div
              key={group.key}
              className="agent-centre__menu-group"
              role="group"
              aria-labelledby={`${id}-${group.key}`}
            >
              <span id={`${id}-${group.key}`} className="agent-centre__menu-heading">
                {t(group.labelKey)}
              </span>
              <ul>
                {pages.map((page) => (
                  <li key={page.key}>
                    <button
                      type="button"
                      className="agent-centre__menu-item"
                      data-page={page.key}
                      aria-current={page.key === current.key ? 'page' : undefined}
                      onClick={() => {
                        setOpen(false);
                        onChoose(page.key);
                      }}
                    >
                      {t(page.labelKey)}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
