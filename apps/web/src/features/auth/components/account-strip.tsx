import '../account-strip.css';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnreadCount } from '../../../api/inbox';
import { useMemberInfo } from '../../../api/member';
import { useClaimableRewardCount } from '../../../api/promotions';
import { useBalanceStream, useWalletBalance } from '../../../api/wallet';
import { useWhitelabel } from '../../../api/whitelabel';
import { loadComingSoonCatalogue } from '../../../components/coming-soon-catalogue';
import { paths } from '../../../config/paths';
import { Icon, type IconName } from '../../../components/icon';
import { formatAmount } from '../../../lib/format';
import { registerFeatureCatalogue } from '../../../lib/i18n';
import { trialAccountIsAgent, useLoginGate } from '../../../lib/login-gate';
import { session } from '../../../lib/session';
import { openModal, requirePasswordChange, type MemberCentrePage } from '../../../stores/modal-store';

// Only members see the strip: its texts come with its chunk, not with the home page (its JS
// budget), and so do the "coming soon" texts of the notices it opens.
await Promise.all([
  registerFeatureCatalogue({
    TH: () => import('../../../locales/account/th.json'),
    EN: () => import('../../../locales/account/en.json'),
  }),
  loadComingSoonCatalogue(),
]);

/** isAgent values of agent accounts (spec §3). */
const agentKinds: ReadonlySet<number> = new Set([1, 2, 41, 42]);

/** The title of the notice a button opens where the merchant has no member centre. */
const noticeTitles: Partial<Record<MemberCentrePage, string>> = {
  depositv2: 'account_deposit',
  withdraw: 'account_withdraw',
  personalHistoryCopy: 'account_betting_record',
};

/**
 * What the member's buttons do, for the strip and for the phones' side menu. A free-play account's
 * deposit, withdrawal and member centre meet the login gate's "register first".
 */
function useAccountActions() {
  const { data: member } = useMemberInfo();
  const { data: whitelabel } = useWhitelabel();
  const requireRealAccount = useLoginGate();
  const navigate = useNavigate();
  const isMemberCentreOn = whitelabel?.switches.memberCentre !== false;
  // A merchant without the member centre (spec §2: it opens only when enabled) has no money pages yet.
  const openMemberCentrePage = (page?: MemberCentrePage) =>
    requireRealAccount(() =>
      openModal(
        isMemberCentreOn
          ? { kind: 'memberCentre', page }
          : {
              kind: 'notice',
              titleKey: noticeTitles[page ?? 'depositv2'] ?? 'account_deposit',
              messageKey: 'coming_soon_message',
            },
      ),
    );
  return {
    name: member ? (member.nickname ?? member.account) : '',
    isTrial: member?.type === trialAccountIsAgent,
    // Spec §2, §6: the agent centre is shown to agents (isAgent 1, 2, 41, 42) only.
    isAgent: member !== undefined && agentKinds.has(member.type),
    isMemberCentreOn,
    // The inbox is a member-centre page of real members (a trial account has none).
    hasInbox: isMemberCentreOn && member !== undefined && member.type !== trialAccountIsAgent,
    openInbox: () => openMemberCentrePage('messageV2'),
    // The name opens the member centre on its default page (securityCenter), Deposit on depositv2.
    openMemberCentre: () => requireRealAccount(() => openModal({ kind: 'memberCentre' })),
    openDeposit: () => openMemberCentrePage('depositv2'),
    openWithdraw: () => openMemberCentrePage('withdraw'),
    openRewardCentre: () => openMemberCentrePage('rewardCenter'),
    openBonusDetails: () => openMemberCentrePage('bonusDetails'),
    openAgentCentre: () => void navigate(paths.agentCenter.getHref()),
    // The member centre's betting record (personalHistoryCopy, spec §3), not a notice of its own.
    openBettingRecord: () => openMemberCentrePage('personalHistoryCopy'),
    logOut: () => openModal({ kind: 'logout' }),
  };
}

/**
 * The logged-in strip of the top bar (spec §2): balance with show/hide, the member's name (opens
 * the member centre), deposit, the betting record and logout with a confirmation. A free-play
 * account wears a "Trial" badge. The balance comes from the wallet call and stays live through the
 * balance stream. On phones the strip keeps only the balance: the rest is in the side menu
 * (AccountMenu) and the bottom tab bar.
 */
export function AccountStrip() {
  const { t } = useTranslation();
  const {
    name,
    isTrial,
    isAgent,
    isMemberCentreOn,
    openMemberCentre,
    openDeposit,
    openAgentCentre,
    openBettingRecord,
    logOut,
    hasInbox,
    openInbox,
  } = useAccountActions();
  const [isBalanceVisible, setIsBalanceVisible] = useState(true);
  const balance = useWalletBalance();
  useBalanceStream();
  const amount = balance.data ? `${balance.data.currencySymbol}${formatAmount(balance.data.sumBalance)}` : '—';

  useEffect(() => {
    // A reload during a forced password change (cpw kept in session storage): the change comes back
    // at once, before the member tries something the server would refuse.
    const account = session.getPendingPasswordChange();
    if (account) requirePasswordChange(account);
  }, []);

  const nameContent = (
    <>
      <Icon name="user" size={16} />
      <span className="account-strip__name-text">{name || '…'}</span>
      {isTrial && <span className="badge badge--new account-strip__trial">{t('account_trial')}</span>}
    </>
  );

  return (
    <div className="account-strip" aria-label={t('account_strip_label')} role="group">
      <div className="account-strip__balance">
        <Icon name="wallet" size={16} className="account-strip__wallet" />
        <span className="visually-hidden">{t('account_balance')}</span>
        <span className="account-strip__amount" aria-live="polite">
          {isBalanceVisible ? amount : '****'}
        </span>
        <button
          type="button"
          className={`account-strip__icon-button${balance.isFetching ? ' account-strip__icon-button--spinning' : ''}`}
          onClick={() => void balance.refetch()}
          disabled={balance.isFetching}
          aria-label={t('account_refresh_balance')}
        >
          <Icon name="refresh" size={16} />
        </button>
        <button
          type="button"
          className="account-strip__icon-button"
          onClick={() => setIsBalanceVisible((isVisible) => !isVisible)}
          aria-label={t(isBalanceVisible ? 'account_hide_balance' : 'account_show_balance')}
          aria-pressed={!isBalanceVisible}
        >
          <Icon name={isBalanceVisible ? 'eye' : 'eye-off'} size={16} />
        </button>
      </div>
      {hasInbox && <InboxButton onClick={openInbox} />}
      {isMemberCentreOn ? (
        <button
          type="button"
          className={`account-strip__name${isTrial ? ' account-strip__name--trial' : ''}`}
          title={name}
          onClick={openMemberCentre}
          aria-label={t('account_member_centre', { name })}
        >
          {nameContent}
        </button>
      ) : (
        <span className={`account-strip__name${isTrial ? ' account-strip__name--trial' : ''}`} title={name}>
          {nameContent}
        </span>
      )}
      <button
        type="button"
        className="button button--primary button--small account-strip__deposit"
        onClick={openDeposit}
      >
        <Icon name="wallet" size={18} />
        <span className="account-strip__deposit-text">{t('account_deposit')}</span>
      </button>
      {isAgent && (
        <button type="button" className="account-strip__link" onClick={openAgentCentre}>
          <Icon name="user" size={16} />
          <span className="account-strip__link-text">{t('account_agent_centre')}</span>
        </button>
      )}
      <button type="button" className="account-strip__link" onClick={openBettingRecord}>
        <Icon name="history" size={16} />
        <span className="account-strip__link-text">{t('account_betting_record')}</span>
      </button>
      <button type="button" className="account-strip__logout" onClick={logOut} aria-label={t('account_logout')}>
        <Icon name="logout" size={16} />
        <span className="account-strip__link-text">{t('account_logout')}</span>
      </button>
    </div>
  );
}

/**
 * The envelope of the strip, on every width: the member's unread messages as a badge (kept by the
 * balance stream, no polling); it opens the member centre's messages.
 */
function InboxButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const unread = useUnreadCount(true).data ?? 0;
  return (
    <button
      type="button"
      className="account-strip__inbox"
      onClick={onClick}
      aria-label={unread > 0 ? t('account_messages_unread', { count: unread }) : t('account_messages')}
    >
      <Icon name="email" size={18} />
      {unread > 0 && (
        <span className="count-badge account-strip__inbox-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}

/**
 * The member's part of the phones' side menu: the name (member centre), deposit, withdrawal, the
 * betting record, the agent centre for agents, and logout, each closing the menu (`onChoose`).
 * Drawn only at phone widths, where the strip keeps only the balance.
 */
export function AccountMenu({ onChoose }: { onChoose: () => void }) {
  const { t } = useTranslation();
  const {
    name,
    isTrial,
    isAgent,
    isMemberCentreOn,
    openMemberCentre,
    openDeposit,
    openWithdraw,
    openRewardCentre,
    openBonusDetails,
    openAgentCentre,
    openBettingRecord,
    logOut,
  } = useAccountActions();
  const claimableCount = useClaimableRewardCount(isMemberCentreOn && !isTrial);
  const hintId = useId();
  const items: { key: string; icon: IconName; label: string; count?: number; onClick: () => void }[] = [
    { key: 'deposit', icon: 'wallet', label: t('account_deposit'), onClick: openDeposit },
    { key: 'withdraw', icon: 'wallet', label: t('account_withdraw'), onClick: openWithdraw },
    { key: 'record', icon: 'history', label: t('account_betting_record'), onClick: openBettingRecord },
    ...(isMemberCentreOn && !isTrial
      ? [
          {
            key: 'rewards',
            icon: 'gift' as const,
            label: t('account_reward_centre'),
            count: claimableCount,
            onClick: openRewardCentre,
          },
          { key: 'bonus', icon: 'wallet' as const, label: t('account_bonus_details'), onClick: openBonusDetails },
        ]
      : []),
    ...(isAgent
      ? [{ key: 'agent', icon: 'user' as const, label: t('account_agent_centre'), onClick: openAgentCentre }]
      : []),
    { key: 'logout', icon: 'logout', label: t('account_logout'), onClick: logOut },
  ];
  const memberContent = (
    <>
      <Icon name="user" size={20} />
      <span className="account-menu__name">{name || '…'}</span>
      {isTrial && <span className="badge badge--new">{t('account_trial')}</span>}
    </>
  );
  const choose = (action: () => void) => () => {
    onChoose();
    action();
  };
  return (
    <div className="account-menu" role="group" aria-label={t('account_strip_label')}>
      {isMemberCentreOn ? (
        <button
          type="button"
          className="account-menu__member"
          onClick={choose(openMemberCentre)}
          aria-label={t('account_member_centre', { name })}
        >
          {memberContent}
          <Icon name="chevron-right" size={16} className="account-menu__chevron" />
        </button>
      ) : (
        <p className="account-menu__member">{memberContent}</p>
      )}
      <ul className="account-menu__list">
        {items.map((item) => (
          <li key={item.key}>
            <button
              type="button"
              className={`account-menu__item account-menu__item--${item.key}`}
              // The count is the entry's description, not its name: "Reward centre" stays what it is called.
              aria-describedby={item.count ? `${hintId}-${item.key}` : undefined}
              onClick={choose(item.onClick)}
            >
              <Icon name={item.icon} size={20} />
              <span>{item.label}</span>
              {item.count !== undefined && item.count > 0 && (
                <>
                  <span className="count-badge" aria-hidden="true">
                    {item.count > 99 ? '99+' : item.count}
                  </span>
                  <span id={`${hintId}-${item.key}`} hidden>
                    {t('account_rewards_to_claim', { count: item.count })}
                  </span>
                </>
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
