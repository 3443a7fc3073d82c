import '../auth.css';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { registerFeatureCatalogue } from '../../../lib/i18n';
import { closeModal } from '../../../stores/modal-store';
import { LoginPanel } from './login-panel';
import { RegisterPanel } from './register-panel';

// The login and register texts come with this chunk, not with the home page (its JS budget).
await registerFeatureCatalogue({
  TH: () => import('../../../locales/auth/th.json'),
  EN: () => import('../../../locales/auth/en.json'),
});

/**
 * The login and register modals (spec §2). They open from every place that needs them (top bar,
 * /register, /login, the login gate). Username login and username registration only: SMS login,
 * mobile registration, social login and free play are later releases.
 */
export function LoginModal({ prefill }: { prefill?: { username: string; password: string } }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('login_title')} onClose={closeModal} size="small" className="auth-modal">
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
