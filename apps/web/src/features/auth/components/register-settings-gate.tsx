import type { RegisterSettings } from '@lotus/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSettings } from '../../../api/member';
import { Spinner } from '../../../components/global-loader';

/** Draws `children` with the merchant's register settings once loaded: a spinner before, the network error and a retry if they fail. */
export function RegisterSettingsGate({ children }: { children: (settings: RegisterSettings) => ReactNode }) {
  const { t } = useTranslation();
  const settings = useRegisterSettings();
  if (settings.isPending)
    return (
      <div className="auth-form__loading">
        <Spinner />
      </div>
    );
  if (settings.isError) {
    return (
      <div className="auth-form">
        <p className="auth-form__error" role="alert">
          {t('error_network')}
        </p>
        <button type="button" className="button button--primary button--medium" onClick={() => void settings.refetch()}>
          {t('common_retry')}
        </button>
      </div>
    );
  }
  return children(settings.data);
}
