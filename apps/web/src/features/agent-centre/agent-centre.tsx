import './agent-centre.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Spinner } from '../../components/global-loader';
import { paths } from '../../config/paths';
import { useMemberInfo, useSessionToken } from '../../api/member';
import { AffiliateLinksPage } from './affiliate-links-page';
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

/**
 * The agent centre's pages that are built, in the original's menu order (original-programmes §1.1).
 * The other pages (announcement, team overview, team management, team betting, P&L, income,
 * downline transactions, lucky bag, dividend and salaries) join this list when they are built.
 */
export const agentCentrePages = [
  // Team pages (team/): `code` is the page's switch in the merchant's agentCentrePages.
  { key: 'teamOverview', labelKey: 'agteam_page_overview', Page: TeamOverviewPage, code: 'AGEINFO3' },
  { key: 'registerCenter', labelKey: 'agents_page_register', Page: RegisterDownlinePage, code: 'REGCEN' },
  { key: 'affiliateLinks', labelKey: 'agents_page_links', Page: AffiliateLinksPage, code: 'REGCEN' },
  { key: 'teamMembers', labelKey: 'agteam_page_members', Page: TeamMembersPage, code: 'DOWNMAN' },
  { key: 'teamBetting', labelKey: 'agteam_page_betting', Page: TeamBettingPage, code: 'TEAMBETTING3' },
  { key: 'teamPnl', labelKey: 'agteam_page_pnl', Page: TeamPnlPage, code: 'AGETEAMPNL3' },
  { key: 'teamTransactions', labelKey: 'agteam_page_transactions', Page: TeamTransactionsPage, code: 'AGEDOWNTRANS3' },
  // Contracts and money (money/): `code` is the page's switch in the merchant's agentCentrePages.
  { key: 'myContracts', labelKey: 'agmoney_page_my_contracts', Page: MyContractsPage },
  { key: 'downlineContracts', labelKey: 'agmoney_page_downline_contracts', Page: DownlineContractsPage },
  { key: 'income', labelKey: 'agmoney_page_income', Page: IncomePage, code: 'AGEREV3' },
  { key: 'transfer', labelKey: 'agmoney_page_transfer', Page: TransferPage },
  { key: 'luckyBag', labelKey: 'agmoney_page_lucky_bag', Page: LuckyBagPage, code: 'AGENTRANSMULTDOWN3' },
  { key: 'transferUpline', labelKey: 'agmoney_page_transfer_upline', Page: TransferUplinePage, needsToUpline: true },
  { key: 'transferHistory', labelKey: 'agmoney_page_transfer_history', Page: TransferHistoryPage },
  { key: 'dividend', labelKey: 'agmoney_page_dividend', Page: DividendPage, code: 'DIVIDEND' },
  { key: 'dailySalary', labelKey: 'agmoney_page_daily_salary', Page: DailySalaryPage, code: 'DAYSAL' },
  { key: 'mrDailySalary', labelKey: 'agmoney_page_mr_daily_salary', Page: MrDailySalaryPage, code: 'DAYSALMR' },
  { key: 'hourSalary', labelKey: 'agmoney_page_hourly_salary', Page: HourSalaryPage, code: 'HOURSAL3' },
  { key: 'realtimeSalary', labelKey: 'agmoney_page_realtime_salary', Page: RealtimeSalaryPage, code: 'RTSALARY3' },
] as const;
export type AgentCentrePageKey = (typeof agentCentrePages)[number]['key'];

/**
 * spec §2 /agentCenter: agents only (a visitor or a member who is not an agent is sent home). A
 * sidebar of the pages on a desktop, a list of them above the page on a phone; `?page=` names the
 * open page (the first by default).
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
  const pageOn = (page: (typeof agentCentrePages)[number]) =>
    !('code' in page) || (switches.data as Record<string, boolean> | undefined)?.[page.code] !== false;
  const shown = agentCentrePages.filter(
    (page) => pageOn(page) && (!('needsToUpline' in page) || member.data!.toUpline),
  );
  const current = shown.find((page) => page.key === (params.get('page') ?? pathPage)) ?? shown[0]!;
  const { Page } = current;
  return (
    <div className="page agent-centre">
      <header className="page-title">
        <h1>{t('agents_title')}</h1>
      </header>
      <div className="agent-centre__body">
        <nav className="agent-centre__menu" aria-label={t('agents_menu')}>
          <ul>
            {shown.map((page) => (
              <li key={page.key}>
                <button
                  type="button"
                  className="agent-centre__menu-item"
                  data-page={page.key}
                  aria-current={page.key === current.key ? 'page' : undefined}
                  onClick={() => setParams({ page: page.key })}
                >
                  {t(page.labelKey)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="agent-centre__page" aria-labelledby="agent-centre-page-title">
          <h2 id="agent-centre-page-title">{t(current.labelKey)}</h2>
          <Page />
        </section>
      </div>
    </div>
  );
}
