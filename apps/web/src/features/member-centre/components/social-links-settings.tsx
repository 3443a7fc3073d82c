import '../../auth/social/social.css';
import {
  socialLoginErrorCodes,
  socialProviders,
  trialMemberType,
  type SocialLinks,
  type SocialProvider,
} from '@lotus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo, useSessionToken } from '../../../api/member';
import { ApiError } from '../../../lib/api-client';
import { socialLinksKeys, socialLinksQuery, unlinkSocialProvider } from '../../auth/api/social-login';
import { providerMarks } from '../../auth/components/social-login-buttons';
import { beginSocialFlow, socialProviderNames } from '../../auth/social/social-flow';

/**
 * The security centre's linked accounts: each provider the merchant offers (switch on, client set)
 * or the member has linked, with link and unlink. The server refuses unlinking the last way in of an
 * account without a password; the button says so before asking.
 */
export function SocialLinksSettings() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const links = useQuery(socialLinksQuery(token));
  const member = useMemberInfo();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const data = links.data;
  // A trial account cannot link (the server refuses it): it registers a real account first.
  if (!data || member.data?.type === trialMemberType) return null;
  const shown = socialProviders.filter(
    (provider) => data.available.includes(provider) || data.links.some((link) => link.provider === provider),
  );
  if (shown.length === 0) return null;

  const onLink = async (provider: SocialProvider) => {
    setBusy(provider);
    setError('');
    setNotice('');
    try {
      await beginSocialFlow(provider, true);
    } catch (failure) {
      setBusy(null);
      setError(failure instanceof ApiError && failure.message ? failure.message : t('error_network'));
    }
  };

  const onUnlink = async (provider: SocialProvider) => {
    const name = socialProviderNames[provider];
    if (!window.confirm(t('security_social_unlink_confirm', { provider: name }))) return;
    setBusy(provider);
    setError('');
    setNotice('');
    try {
      const left = await unlinkSocialProvider(provider);
      queryClient.setQueryData<SocialLinks>(socialLinksKeys.of(token), left);
      setNotice(t('security_social_unlinked', { provider: name }));
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.errorCode === socialLoginErrorCodes.lastLoginMethod
          ? t('security_social_last')
          : failure instanceof ApiError && failure.message
            ? failure.message
            : t('error_network'),
      );
    } finally {
      setBusy(null);
    }
  };

  const isLastWayIn = !data.hasPassword && data.links.length <= 1;
  return (
    <section className="security-item security-item--social" aria-labelledby="social-links-title">
      <div className="security-item__text">
        <p id="social-links-title" className="security-item__title">
          {t('security_social_title')}
        </p>
        <p className="security-item__description">{t('security_social_intro')}</p>
        <ul className="social-links">
          {shown.map((provider) => {
            const link = data.links.find((candidate) => candidate.provider === provider);
            const name = socialProviderNames[provider];
            return (
              <li key={provider} className="social-links__row">
                <span className="social-links__mark" aria-hidden="true">
                  {providerMarks[provider]}
                </span>
                <span className="social-links__name">{name}</span>
                <span className="social-links__state">
                  {link
                    ? t('security_social_linked_as', { name: link.displayName ?? link.email ?? name })
                    : t('security_social_not_linked')}
                </span>
                {link ? (
                  <button
                    type="button"
                    className="button button--small"
                    disabled={busy !== null}
                    title={isLastWayIn ? t('security_social_last') : undefined}
                    aria-label={`${t('security_social_unlink')} ${name}`}
                    onClick={() => void onUnlink(provider)}
                  >
                    {t('security_social_unlink')}
                  </button>
                ) : (
                  data.available.includes(provider) && (
                    <button
                      type="button"
                      className="button button--primary button--small"
                      disabled={busy !== null}
                      aria-label={`${t('security_social_link')} ${name}`}
                      onClick={() => void onLink(provider)}
                    >
                      {t('security_social_link')}
                    </button>
                  )
                )}
              </li>
            );
          })}
        </ul>
        {error && (
          <p className="social-links__error" role="alert">
            {error}
          </p>
        )}
        {notice && (
          <p className="security-item__notice" role="status">
            {notice}
          </p>
        )}
      </div>
    </section>
  );
}
