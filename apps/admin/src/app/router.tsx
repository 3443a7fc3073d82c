import { createBrowserRouter } from 'react-router';
import { AuditPage } from '../features/audit/audit-page';
import { LoginPage } from '../features/auth/login-page';
import { AnnouncementsPage } from '../features/announcements/announcements-page';
import { HelpCentrePage } from '../features/site-content/help-centre-page';
import { SiteContentPage } from '../features/site-content/site-content-page';
import { BrandSettingsPage } from '../features/brands/brand-settings-page';
import { BrandsPage } from '../features/brands/brands-page';
import { ChannelsPage } from '../features/channels/channels-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { DepositsPage } from '../features/deposits/deposits-page';
import { FeedbackPage } from '../features/feedback/feedback-page';
import { ChatPage } from '../features/chat/chat-page';
import { InboxPage } from '../features/inbox/inbox-page';
import { PromotionsPage } from '../features/promotions/promotions-page';
import { LotteryPage } from '../features/lottery/lottery-page';
import { LotteryResultsPage } from '../features/lottery-results/lottery-results-page';
import { RebatesPage } from '../features/rebates/rebates-page';
import { AgentsIndex } from '../features/agents/agents-index';
import { ContractsPage as AgentContractsPage } from '../features/agents/contracts-page';
import { DebtsPage as AgentDebtsPage } from '../features/agents/debts-page';
import { LinksPage as AgentLinksPage } from '../features/agents/links-page';
import { StatementsPage as AgentStatementsPage } from '../features/agents/statements-page';
import { TransfersPage as AgentTransfersPage } from '../features/agents/transfers-page';
import { SiteAccessPage } from '../features/site-access/site-access-page';
import { SocialLoginPage } from '../features/social-login/social-login-page';
import { PushPage } from '../features/push/push-page';
import { RecallPage } from '../features/games/recall-page';
import { VendorPage } from '../features/games/vendor-page';
import { VendorsPage } from '../features/games/vendors-page';
import { MemberPage } from '../features/members/member-page';
import { MembersPage } from '../features/members/members-page';
import { OperatorsPage } from '../features/operators/operators-page';
import { OutboxPage } from '../features/outbox/outbox-page';
import { WithdrawalsPage } from '../features/withdrawals/withdrawals-page';
import { AppLayout } from './layout';
import { NotFoundPage } from './not-found';
import { promotionsPagePermissions } from './nav';
import { RequirePermission } from './require-permission';

/** The back-office lives under /admin (the server's history fallback serves index.html for every path below it). */
export function createAppRouter() {
  return createBrowserRouter(
    [
      { path: '/login', element: <LoginPage /> },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <DashboardPage /> },
          {
            path: 'deposits',
            element: (
              <RequirePermission permission="deposits.review">
                <DepositsPage />
              </RequirePermission>
            ),
          },
          {
            path: 'withdrawals',
            element: (
              <RequirePermission permission="withdrawals.review">
                <WithdrawalsPage />
              </RequirePermission>
            ),
          },
          {
            path: 'members',
            element: (
              <RequirePermission permission="members.read">
                <MembersPage />
              </RequirePermission>
            ),
          },
          {
            path: 'members/:memberId',
            element: (
              <RequirePermission permission="members.read">
                <MemberPage />
              </RequirePermission>
            ),
          },
          {
            path: 'channels',
            element: (
              <RequirePermission permission="channels.manage">
                <ChannelsPage />
              </RequirePermission>
            ),
          },
          {
            path: 'games',
            element: (
              <RequirePermission permission="games.manage">
                <VendorsPage />
              </RequirePermission>
            ),
          },
          {
            path: 'games/recall',
            element: (
              <RequirePermission permission="games.manage">
                <RecallPage />
              </RequirePermission>
            ),
          },
          {
            path: 'games/vendors/:vendorId',
            element: (
              <RequirePermission permission="games.manage">
                <VendorPage />
              </RequirePermission>
            ),
          },
          {
            path: 'outbox',
            element: (
              <RequirePermission permission="outbox.read">
                <OutboxPage />
              </RequirePermission>
            ),
          },
          {
            path: 'site-access',
            element: (
              <RequirePermission permission="brands.manage">
                <SiteAccessPage />
              </RequirePermission>
            ),
          },
          // The agent programme (features/agents): statements (agents.settle), contracts, transfers, links and debts (members.read).
          { path: 'agents', element: <AgentsIndex /> },
          {
            path: 'agents/statements',
            element: (
              <RequirePermission permission="agents.settle">
                <AgentStatementsPage />
              </RequirePermission>
            ),
          },
          {
            path: 'agents/contracts',
            element: (
              <RequirePermission permission="members.read">
                <AgentContractsPage />
              </RequirePermission>
            ),
          },
          {
            path: 'agents/transfers',
            element: (
              <RequirePermission permission="members.read">
                <AgentTransfersPage />
              </RequirePermission>
            ),
          },
          {
            path: 'agents/links',
            element: (
              <RequirePermission permission="members.read">
                <AgentLinksPage />
              </RequirePermission>
            ),
          },
          {
            path: 'agents/debts',
            element: (
              <RequirePermission permission="members.read">
                <AgentDebtsPage />
              </RequirePermission>
            ),
          },
          {
            path: 'feedback',
            element: (
              <RequirePermission permission="feedback.manage">
                <FeedbackPage />
              </RequirePermission>
            ),
          },
          {
            path: 'chat',
            element: (
              <RequirePermission permission="chat.answer">
                <ChatPage />
              </RequirePermission>
            ),
          },
          {
            path: 'lottery',
            element: (
              <RequirePermission permission="lottery.manage">
                <LotteryPage />
              </RequirePermission>
            ),
          },
          {
            path: 'lottery-results',
            element: (
              <RequirePermission permission="lottery.results">
                <LotteryResultsPage />
              </RequirePermission>
            ),
          },
          {
            path: 'push',
            element: (
              <RequirePermission permission="push.read">
                <PushPage />
              </RequirePermission>
            ),
          },
          {
            path: 'social-login',
            element: (
              <RequirePermission permission="brands.manage">
                <SocialLoginPage />
              </RequirePermission>
            ),
          },
          {
            path: 'rebates',
            element: (
              <RequirePermission permission="brands.manage">
                <RebatesPage />
              </RequirePermission>
            ),
          },
          {
            path: 'promotions',
            element: (
              <RequirePermission permission={promotionsPagePermissions}>
                <PromotionsPage />
              </RequirePermission>
            ),
          },
          {
            path: 'inbox',
            element: (
              <RequirePermission permission="messages.send">
                <InboxPage />
              </RequirePermission>
            ),
          },
          {
            path: 'announcements',
            element: (
              <RequirePermission permission="content.manage">
                <AnnouncementsPage />
              </RequirePermission>
            ),
          },
          {
            path: 'site-content',
            element: (
              <RequirePermission permission="content.manage">
                <SiteContentPage />
              </RequirePermission>
            ),
          },
          {
            path: 'help-centre',
            element: (
              <RequirePermission permission="content.manage">
                <HelpCentrePage />
              </RequirePermission>
            ),
          },
          {
            // Lazy: the reports' charts (recharts) stay out of the entry chunk.
            path: 'reports',
            lazy: async () => {
              const { ReportsPage } = await import('../features/reports/reports-page');
              return {
                element: (
                  <RequirePermission permission="reports.read">
                    <ReportsPage />
                  </RequirePermission>
                ),
              };
            },
          },
          {
            path: 'brands',
            element: (
              <RequirePermission permission="brands.manage">
                <BrandsPage />
              </RequirePermission>
            ),
          },
          {
            path: 'brands/:merchantId',
            element: (
              <RequirePermission permission="brands.manage">
                <BrandSettingsPage />
              </RequirePermission>
            ),
          },
          {
            path: 'audit',
            element: (
              <RequirePermission permission="audit.read">
                <AuditPage />
              </RequirePermission>
            ),
          },
          {
            path: 'roles',
            lazy: async () => {
              const { RolesPage } = await import('../features/roles/roles-page');
              return {
                element: (
                  <RequirePermission permission="roles.manage">
                    <RolesPage />
                  </RequirePermission>
                ),
              };
            },
          },
          {
            path: 'approvals',
            lazy: async () => {
              const { ApprovalsPage } = await import('../features/roles/approvals-page');
              return {
                element: (
                  <RequirePermission permission="approvals.review">
                    <ApprovalsPage />
                  </RequirePermission>
                ),
              };
            },
          },
          {
            path: 'operators',
            element: (
              <RequirePermission permission="operators.manage">
                <OperatorsPage />
              </RequirePermission>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
    { basename: '/admin' },
  );
}
