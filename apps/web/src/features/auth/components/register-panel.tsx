import type { RegisterSettings } from '@lotus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlAffiliate } from '../api/affiliate';
import type { RegisterMode } from '../register-fields';
import { AuthTabs } from './auth-tabs';
import { RegisterForm } from './register-form';
import { RegisterSettingsGate } from './register-settings-gate';

/**
 * The register modal's body (spec §2): the "register" (username) and "registerMobile" tabs, each
 * shown when its switch is on; the tab bar only when both are. The affiliate code of the address
 * is checked once here, so switching tabs does not ask again.
 */
export function RegisterPanel() {
  const { t } = useTranslation();
  return (
    <RegisterSettingsGate>
      {(settings) => {
        const modes: RegisterMode[] = [];
        if (settings.usernameRegistration) modes.push('username');
        if (settings.mobileRegistration) modes.push('mobile');
        if (modes.length === 0) return <p className="auth-form__error">{t('register_closed')}</p>;
        return <RegisterTabs settings={settings} modes={modes} />;
      }}
    </RegisterSettingsGate>
  );
}

function RegisterTabs({ settings, modes }: { settings: RegisterSettings; modes: RegisterMode[] }) {
  const { t } = useTranslation();
  const urlAffiliate = useUrlAffiliate();
  const [mode, setMode] = useState<RegisterMode>(modes[0]!);

  return (
    <div className="register-panel">
      <AuthTabs
        tabs={modes}
        selected={mode}
        onSelect={setMode}
        idPrefix="register-tab"
        label={t('register_title')}
        renderTab={(tab) => t(tab === 'mobile' ? 'register_tab_mobile' : 'register_tab_username')}
      >
        <RegisterForm key={mode} settings={settings} mode={mode} urlAffiliate={urlAffiliate} />
      </AuthTabs>
    </div>
  );
}
