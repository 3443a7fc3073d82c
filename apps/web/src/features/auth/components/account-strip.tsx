import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../../api/member';
import { Icon } from '../../../components/icon';
import { openModal } from '../../../stores/modal-store';

/**
 * The logged-in strip of the top bar (spec §2): balance with show/hide, the member's name, the
 * betting record and logout with a confirmation. The balance shows "—" until the wallet release.
 */
export function AccountStrip() {
  const { t } = useTranslation();
  const { data: member } = useMemberInfo();
  const [isBalanceVisible, setIsBalanceVisible] = useState(true);
  const name = member ? (member.nickname ?? member.account) : '';
  return (
    <div className="account-strip" aria-label={t('account_strip_label')} role="group">
      <div className="account-strip__balance">
        <Icon name="wallet" size={16} className="account-strip__wallet" />
        <span className="visually-hidden">{t('account_balance')}</span>
        <span className="account-strip__amount">{isBalanceVisible ? '—' : '****'}</span>
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
      <span className="account-strip__name" title={name}>
        <Icon name="user" size={16} />
        <span className="account-strip__name-text">{name || '…'}</span>
      </span>
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
