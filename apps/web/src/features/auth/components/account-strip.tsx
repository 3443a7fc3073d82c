import '../account-strip.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../../api/member';
import { useBalanceStream, useWalletBalance } from '../../../api/wallet';
import { useWhitelabel } from '../../../api/whitelabel';
import { loadComingSoonCatalogue } from '../../../components/coming-soon-catalogue';
import { Icon } from '../../../components/icon';
import { formatAmount } from '../../../lib/format';
import { registerFeatureCatalogue } from '../../../lib/i18n';
import { trialAccountIsAgent, useLoginGate } from '../../../lib/login-gate';
import { session } from '../../../lib/session';
import { openModal, requirePasswordChange } from '../../../stores/modal-store';

// Only members see the strip: its texts come with its chunk, not with the home page (its JS
// budget), and so do the "coming soon" texts of the notices it opens.
await Promise.all([
  registerFeatureCatalogue({
    TH: () => import('../../../locales/account/th.json'),
    EN: () => import('../../../locales/account/en.json'),
  }),
  loadComingSoonCatalogue(),
]);

/**
 * The logged-in strip of the top bar (spec §2): balance with show/hide, the member's name (opens
 * the member centre), deposit, the betting record and logout with a confirmation. A free-play
 * account wears a "Trial" badge, and its deposit and member centre meet the login gate's "register
 * first". The balance comes from the wallet call and stays live through the balance stream.
 */
/** isAgent values of agent accounts (spec §3). */
const agentKinds: ReadonlySet<number> = new Set([1, 2, 41, 42]);

export function AccountStrip() {
  const { t } = useTranslation();
  const { data: member } = useMemberInfo();
  const { data: whitelabel } = useWhitelabel();
  const requireRealAccount = useLoginGate();
  const [isBalanceVisible, setIsBalanceVisible] = useState(true);
  const balance = useWalletBalance();
  useBalanceStream();
  const amount = balance.data ? `${balance.data.currencySymbol}${formatAmount(balance.data.sumBalance)}` : '—';
  const name = member ? (member.nickname ?? member.account) : '';
  const isTrial = member?.type === trialAccountIsAgent;
  // Spec §2, §6: the agent centre is shown to agents (isAgent 1, 2, 41, 42) only.
  const isAgent = member !== undefined && agentKinds.has(member.type);
  const isMemberCentreOn = whitelabel?.switches.memberCentre !== false;

  useEffect(() => {
    // A reload during a forced password change (cpw kept in session storage): the change comes back
    // at once, before the member tries something the server would refuse.
    const account = session.getPendingPasswordChange();
    if (account) requirePasswordChange(account);
  }, []);

  // The name opens the member centre on its default page (securityCenter), Deposit on depositv2; a
  // merchant without the member centre (spec §2: it opens only when enabled) has no deposit page yet.
  const openMemberCentre = () => requireRealAccount(() => openModal({ kind: 'memberCentre' }));
  const openDeposit = () =>
    requireRealAccount(() =>
      openModal(isMemberCentreOn ? { kind: 'memberCentre', page: 'depositv2' } : { kind: 'notice', titleKey: 'account_deposit', messageKey: 'coming_soon_message' }),
    );

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
      {isMemberCentreOn ? (
        <button type="button" className={`account-strip__name${isTrial ? ' account-strip__name--trial' : ''}`} title={name} onClick={openMemberCentre} aria-label={t('account_member_centre', { name })}>
          {nameContent}
        </button>
      ) : (
        <span className={`account-strip__name${isTrial ? ' account-strip__name--trial' : ''}`} title={name}>{nameContent}</span>
      )}
      <button type="button" className="button button--primary button--small account-strip__deposit" onClick={openDeposit}>
        <Icon name="wallet" size={18} />
        <span className="account-strip__deposit-text">{t('account_deposit')}</span>
      </button>
      {isAgent && (
        <button
          type="button"
          className="account-strip__link"
          onClick={() => openModal({ kind: 'notice', titleKey: 'account_agent_centre', messageKey: 'coming_soon_message' })}
        >
          <Icon name="user" size={16} />
          <span className="account-strip__link-text">{t('account_agent_centre')}</span>
        </button>
      )}
      <button
        type="button"
        className="account-strip__link"
        onClick={() => openModal({ kind: 'notice', titleKey: 'account_betting_record', messageKey: 'coming_soon_message' })}
      >
        <Icon name="history" size={16} />
        <span className="account-strip__link-text">{t('account_betting_record')}</span>
      </button>
      <button type="button" className="account-strip__logout" onClick={() => openModal({ kind: 'logout' })} aria-label={t('account_logout')}>
        <Icon name="logout" size={16} />
        <span className="account-strip__link-text">{t('account_logout')}</span>
      </button>
    </div>
  );
}
