import type { RegisterSettings } from '@lotus/contract';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSettings } from '../../../api/member';
import { Spinner } from '../../../components/global-loader';
import { useUrlAffiliate } from '../api/affiliate';
import type { RegisterMode } from '../register-fields';
import { RegisterForm } from './register-form';

/**
 * The register modal's body (spec §2): the "register" (username) and "registerMobile" tabs, each
 * shown when its switch is on; the tab bar only when both are. The affiliate code of the address
 * is checked once here, so switching tabs does not ask again.
 */
export function RegisterPanel() {
  const { t } = useTranslation();
  const settings = useRegisterSettings();
  if (settings.isPending) return <div className="auth-form__loading"><Spinner /></div>;
  if (settings.isError) {
    return (
      <div className="auth-form">
        <p className="auth-form__error" role="alert">{t('error_network')}</p>
        <button type="button" className="button button--primary button--medium" onClick={() => void settings.refetch()}>{t('common_retry')}</button>
      </div>
    );
  }
  const modes: RegisterMode[] = [];
  if (settings.data.usernameRegistration) modes.push('username');
  if (settings.data.mobileRegistration) modes.push('mobile');
  if (modes.length === 0) return <p className="auth-form__error">{t('register_closed')}</p>;
  return <RegisterTabs settings={settings.data} modes={modes} />;
}

function RegisterTabs({ settings, modes }: { settings: RegisterSettings; modes: RegisterMode[] }) {
  const { t } = useTranslation();
  const urlAffiliate = useUrlAffiliate();
  const [mode, setMode] = useState<RegisterMode>(modes[0]!);
  const tabId = (tab: RegisterMode) => `register-tab-${tab}`;

  // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = modes[(modes.indexOf(mode) + (event.key === 'ArrowRight' ? 1 : modes.length - 1)) % modes.length]!;
    setMode(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <div className="register-panel">
      {modes.length > 1 && (
        <div className="auth-tabs" role="tablist" aria-label={t('register_title')}>
          {modes.map((tab) => (
            <button
              key={tab}
              id={tabId(tab)}
              type="button"
              role="tab"
              className="auth-tabs__tab"
              aria-selected={tab === mode}
              aria-controls={`${tabId(tab)}-panel`}
              tabIndex={tab === mode ? 0 : -1}
              onClick={() => setMode(tab)}
              onKeyDown={onTabKeyDown}
            >
              {t(tab === 'mobile' ? 'register_tab_mobile' : 'register_tab_username')}
            </button>
          ))}
        </div>
      )}
      {/* Not labelled by its tab: the tab's name ("Username") would also name the panel, and label lookups find the field. */}
      <div id={`${tabId(mode)}-panel`} role={modes.length > 1 ? 'tabpanel' : undefined}>
        <RegisterForm key={mode} settings={settings} mode={mode} urlAffiliate={urlAffiliate} />
      </div>
    </div>
  );
}
