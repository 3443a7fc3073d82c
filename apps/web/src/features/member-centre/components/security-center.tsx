import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../../api/member';
import { Spinner } from '../../../components/global-loader';
import { formatDate, formatDateTime } from '../../../lib/format';
import { openModal } from '../../../stores/modal-store';
import { PushSettingsPanel } from './push-settings';
import { SocialLinksSettings } from './social-links-settings';
import { TwoFactorSettings } from './two-factor-settings';

/** Initials for the avatar circle until avatars arrive (two letters of the nickname or account). */
function initialsOf(name: string): string {
  return [...name.trim()].slice(0, 2).join('').toUpperCase();
}

/**
 * securityCenter, the member centre's default page (spec §2 "my account"): the account's details
 * from GET /wps/member/info, a voluntary password change and two-factor login.
 */
export function SecurityCenter() {
  const { t } = useTranslation();
  const member = useMemberInfo();

  if (member.isPending)
    return (
      <div className="member-centre__loading">
        <Spinner />
      </div>
    );
  if (member.isError) {
    return (
      <div className="member-centre__error">
        <p role="alert">{t('error_network')}</p>
        <button type="button" className="button button--primary button--small" onClick={() => void member.refetch()}>
          {t('common_retry')}
        </button>
      </div>
    );
  }
  const info = member.data;
  const notSet = t('security_not_set');
  const details: [string, string][] = [
    [t('security_payee_name'), info.userName ?? notSet],
    [t('security_mobile'), info.mobile ?? notSet],
    [t('security_email'), info.email ?? notSet],
    [t('security_registered'), formatDate(info.regDate)],
    [
      t('security_last_login'),
      info.lastLoginAt === null ? t('security_first_login') : formatDateTime(info.lastLoginAt),
    ],
  ];

  return (
    <div className="security-center">
      <div className="security-profile">
        <span className="security-profile__avatar" aria-hidden="true">
          {initialsOf(info.nickname ?? info.account)}
        </span>
        <div className="security-profile__names">
          <p className="security-profile__account">
            {info.account}
            <span className="badge badge--gold security-profile__rank">{info.clubLabel.labelName}</span>
          </p>
          {info.nickname && <p className="security-profile__nickname">{info.nickname}</p>}
        </div>
      </div>
      <dl className="security-details">
        {details.map(([term, value]) => (
          <div key={term} className="security-details__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <div className="security-item">
        <span className="security-item__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="22" height="22">
            <path
              fill="currentColor"
              d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 5a3 3 0 0 1 6 0v3H9V7zm3 7a2 2 0 0 1 1 3.7V19h-2v-1.3A2 2 0 0 1 12 14z"
            />
          </svg>
        </span>
        <div className="security-item__text">
          <p className="security-item__title">{t('security_password')}</p>
          <p className="security-item__description">{t('security_password_description')}</p>
        </div>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => openModal({ kind: 'changePassword', isForced: false, account: info.account })}
        >
          {t('security_password_change')}
        </button>
      </div>

      <TwoFactorSettings />

      <SocialLinksSettings />

      <PushSettingsPanel />
    </div>
  );
}
