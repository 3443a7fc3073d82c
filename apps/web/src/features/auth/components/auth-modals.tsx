import '../auth.css';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { registerFeatureCatalogue } from '../../../lib/i18n';
import { closeModal } from '../../../stores/modal-store';
import { LoginPanel } from './login-panel';
import { RegisterPanel } from './register-panel';

// Password recovery shares this chunk and its texts.
export { ForgotPasswordModal } from './forgot-password-modal';
export { ResetPasswordModal } from './reset-password-modal';
// So do the modals that finish a login: new-IP verification and the password change.
export { LoginVerificationModal } from './login-verification-modal';
export { ChangePasswordModal } from './change-password-modal';

// The login and register texts come with this chunk, not with the home page (its JS budget).
await registerFeatureCatalogue({
  TH: () => import('../../../locales/auth/th.json'),
  EN: () => import('../../../locales/auth/en.json'),
});

/**
 * The login and register modals (spec §2). They open from every place that needs them (top bar,
 * /register, /login, the login gate). The login modal's tabs, remember me, social buttons and free
 * trial are in login-panel.tsx.
 */
export function LoginModal({
  prefill,
  messageKey,
}: {
  prefill?: { username: string; password: string };
  messageKey?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={t('login_title')} onClose={closeModal} size="small" className="auth-modal">
      {messageKey && (
        <p className="auth-form__success" role="status">
          {t(messageKey)}
        </p>
      )}
      <LoginPanel prefill={prefill} />
    </Modal>
  );
}

export function RegisterModal() {
  const { t } = useTranslation();
  return (
    <Modal title={t('register_title')} onClose={closeModal} size="medium" className="auth-modal">
      <RegisterPanel />
    </Modal>
  );
}
