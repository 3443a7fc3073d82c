import type { OperatorPermission } from '@lotus/contract';
import type { IconName } from '../components/icons';

/** The sidebar: each page shows only to operators whose role may use it. */
export interface NavItem {
  to: string;
  labelKey: string;
  icon: IconName;
  /** Null: everyone; a list: any one of them (a page whose parts need different permissions). */
  permission: OperatorPermission | readonly OperatorPermission[] | null;
}

/** Whether a role with `permissions` may open a page that needs `required` (any one of a list). */
export function mayOpen(
  permissions: readonly OperatorPermission[],
  required: OperatorPermission | readonly OperatorPermission[] | null,
): boolean {
  if (required === null) return true;
  return typeof required === 'string'
    ? permissions.includes(required)
    : required.some((permission) => permissions.includes(permission));
}

/** The promotions page: the editor and grants (manage) and the approval queue (review), each alone. */
export const promotionsPagePermissions = ['promotions.manage', 'promotions.review'] as const;

export const navItems: NavItem[] = [
  { to: '/', labelKey: 'nav_dashboard', icon: 'dashboard', permission: null },
  { to: '/deposits', labelKey: 'nav_deposits', icon: 'deposit', permission: 'deposits.review' },
  { to: '/withdrawals', labelKey: 'nav_withdrawals', icon: 'withdrawal', permission: 'withdrawals.review' },
  { to: '/members', labelKey: 'nav_members', icon: 'members', permission: 'members.read' },
  { to: '/agents', labelKey: 'agents_nav', icon: 'members', permission: 'members.read' },
  { to: '/channels', labelKey: 'nav_channels', icon: 'channels', permission: 'channels.manage' },
  { to: '/games', labelKey: 'nav_games', icon: 'games', permission: 'games.manage' },
  { to: '/outbox', labelKey: 'nav_outbox', icon: 'outbox', permission: 'outbox.read' },
  { to: '/announcements', labelKey: 'nav_announcements', icon: 'announcement', permission: 'content.manage' },
  { to: '/site-content', labelKey: 'nav_site_content', icon: 'siteContent', permission: 'content.manage' },
  { to: '/help-centre', labelKey: 'nav_help_centre', icon: 'help', permission: 'content.manage' },
  { to: '/reports', labelKey: 'nav_reports', icon: 'reports', permission: 'reports.read' },
  { to: '/audit', labelKey: 'nav_audit', icon: 'audit', permission: 'audit.read' },
  { to: '/feedback', labelKey: 'nav_feedback', icon: 'feedback', permission: 'feedback.manage' },
  { to: '/inbox', labelKey: 'inbox_nav', icon: 'outbox', permission: 'messages.send' },
  { to: '/promotions', labelKey: 'promotions_nav', icon: 'announcement', permission: promotionsPagePermissions },
  { to: '/chat', labelKey: 'chat_nav', icon: 'feedback', permission: 'chat.answer' },
  { to: '/lottery', labelKey: 'lottery_nav', icon: 'games', permission: 'lottery.manage' },
  { to: '/lottery-results', labelKey: 'lottery_results_nav', icon: 'games', permission: 'lottery.results' },
  { to: '/rebates', labelKey: 'rebates_nav', icon: 'reports', permission: 'brands.manage' },
  { to: '/site-access', labelKey: 'nav_site_access', icon: 'key', permission: 'brands.manage' },
  { to: '/social-login', labelKey: 'social_login_nav', icon: 'key', permission: 'brands.manage' },
  { to: '/push', labelKey: 'push_nav', icon: 'bell', permission: 'push.read' },
  { to: '/brands', labelKey: 'nav_brands', icon: 'brand', permission: 'brands.manage' },
  { to: '/operators', labelKey: 'nav_operators', icon: 'operators', permission: 'operators.manage' },
  { to: '/roles', labelKey: 'roles_nav', icon: 'operators', permission: 'roles.manage' },
  { to: '/approvals', labelKey: 'roles_nav_approvals', icon: 'audit', permission: 'approvals.review' },
];
