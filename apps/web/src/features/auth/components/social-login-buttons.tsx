import type { FeatureSwitches } from '@lotus/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { beginSocialFlow, socialProviderNames as providerNames } from '../social/social-flow';

type Provider = 'facebook' | 'line' | 'google';

/** The brands' own marks, drawn inline (no third-party request, spec: nothing from a CDN at run time). */
export const providerMarks: Record<Provider, ReactNode> = {
  facebook: (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="12" cy="12" r="12" fill="#1877F2" />
      <path
        fill="#fff"
        d="M13.3 19.5v-6.1h2.1l.3-2.4h-2.4V9.5c0-.7.2-1.2 1.2-1.2h1.3V6.2c-.2 0-1-.1-1.9-.1-1.9 0-3.2 1.2-3.2 3.3V11H8.6v2.4h2.1v6.1h2.6z"
      />
    </svg>
  ),
  line: (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <rect width="24" height="24" rx="6" fill="#06C755" />
      <path
        fill="#fff"
        d="M12 5.2c-4.1 0-7.4 2.7-7.4 6 0 3 2.6 5.4 6.1 5.9.2 0 .6.2.7.4.1.2 0 .5 0 .7l-.1.6c0 .2-.2.7.6.4.8-.3 4.3-2.5 5.8-4.3 1.1-1.2 1.6-2.4 1.6-3.7 0-3.3-3.3-6-7.3-6zM8.6 13.2H7.1c-.2 0-.4-.2-.4-.4V9.9c0-.2.2-.4.4-.4s.4.2.4.4v2.5h1.1c.2 0 .4.2.4.4s-.2.4-.4.4zm1.5-.4c0 .2-.2.4-.4.4s-.4-.2-.4-.4V9.9c0-.2.2-.4.4-.4s.4.2.4.4v2.9zm3.5 0c0 .2-.1.3-.3.4h-.1c-.1 0-.2-.1-.3-.2l-1.5-2v1.8c0 .2-.2.4-.4.4s-.4-.2-.4-.4V9.9c0-.2.1-.3.3-.4h.1c.1 0 .2.1.3.2l1.5 2V9.9c0-.2.2-.4.4-.4s.4.2.4.4v2.9zm2.4-1.8c.2 0 .4.2.4.4s-.2.4-.4.4h-1.1v.7h1.1c.2 0 .4.2.4.4s-.2.4-.4.4H15c-.2 0-.4-.2-.4-.4V9.9c0-.2.2-.4.4-.4h1.5c.2 0 .4.2.4.4s-.2.4-.4.4h-1.1v.7h1.1z"
      />
    </svg>
  ),
  google: (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="12" cy="12" r="12" fill="#fff" />
      <path
        fill="#4285F4"
        d="M19.6 12.2c0-.6-.1-1.1-.2-1.6H12v3h4.3c-.2 1-.8 1.8-1.6 2.4v2h2.6c1.5-1.4 2.3-3.4 2.3-5.8z"
      />
      <path
        fill="#34A853"
        d="M12 20c2.2 0 4-.7 5.3-2l-2.6-2c-.7.5-1.6.8-2.7.8-2.1 0-3.9-1.4-4.5-3.3H4.8v2.1C6.1 18.2 8.9 20 12 20z"
      />
      <path
        fill="#FBBC05"
        d="M7.5 13.5c-.2-.5-.3-1-.3-1.5s.1-1 .3-1.5V8.4H4.8C4.3 9.5 4 10.7 4 12s.3 2.5.8 3.6l2.7-2.1z"
      />
      <path
        fill="#EA4335"
        d="M12 7.2c1.2 0 2.2.4 3.1 1.2l2.3-2.3C16 4.8 14.2 4 12 4 8.9 4 6.1 5.8 4.8 8.4l2.7 2.1c.6-1.9 2.4-3.3 4.5-3.3z"
      />
    </svg>
  ),
};

/**
 * Social login (spec §2): one button per provider whose firebase switch is on. A press starts the
 * provider's code flow (server: modules/identity/social) and leaves for the provider's sign-in page;
 * it comes back to /social/callback. A refusal (the provider not set up for this site) is said here.
 */
export function SocialLoginButtons({ providers }: { providers: FeatureSwitches['firebase'] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Provider | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const shown = (['facebook', 'line', 'google'] as const).filter((provider) => providers[provider]);
  const onStart = async (provider: Provider) => {
    setBusy(provider);
    setMessage(null);
    try {
      await beginSocialFlow(provider, false);
    } catch (error) {
      setBusy(null);
      setMessage(
        error instanceof ApiError && error.message
          ? error.message
          : t('login_social_unavailable', { provider: providerNames[provider] }),
      );
    }
  };
  return (
    <div className="social-login">
      <div className="social-login__buttons">
        {shown.map((provider) => (
          <button
            key={provider}
            type="button"
            className={`social-login__button social-login__button--${provider}`}
            onClick={() => void onStart(provider)}
            disabled={busy !== null}
            aria-label={t('login_social_with', { provider: providerNames[provider] })}
          >
            {providerMarks[provider]}
            <span className="social-login__name">{providerNames[provider]}</span>
          </button>
        ))}
      </div>
      <p className="social-login__message" role="status">
        {message}
      </p>
    </div>
  );
}
