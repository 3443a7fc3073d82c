import type { OperatorPermission } from '@lotus/contract';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth/api';

const tabs: Array<{ to: string; labelKey: string; permission: OperatorPermission }> = [
  { to: '/agents/statements', labelKey: 'agents_tab_statements', permission: 'agents.settle' },
  { to: '/agents/contracts', labelKey: 'agents_tab_contracts', permission: 'members.read' },
  { to: '/agents/transfers', labelKey: 'agents_tab_transfers', permission: 'members.read' },
  { to: '/agents/links', labelKey: 'agents_tab_links', permission: 'members.read' },
  { to: '/agents/debts', labelKey: 'agents_tab_debts', permission: 'members.read' },
];

/** The agent programme's pages, as links (each its own URL): the ones the role may open. */
export function AgentsTabs() {
  const { t } = useTranslation();
  const { data } = useMe();
  return (
    <nav className="member-tabs agents-tabs" aria-label={t('agents_nav')}>
      {tabs
        .filter((tab) => data?.permissions.includes(tab.permission))
        .map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) => (isActive ? 'member-tab is-active' : 'member-tab')}
          >
            {t(tab.labelKey)}
          </NavLink>
        ))}
    </nav>
  );
}

/** /agents: the first page the role may open. */
export function useFirstAgentsPage(): string {
  const { data } = useMe();
  return data?.permissions.includes('agents.settle') ? '/agents/statements' : '/agents/contracts';
}
