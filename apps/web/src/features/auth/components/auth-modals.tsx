import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { closeModal, openModal } from '../../../stores/modal-store';

/**
 * The login and register modal shells. The forms, slider check and encrypted calls arrive with the
 * login release; the shells already open from every place that needs them (top bar, /register,
 * /login, the login gate), so that release only fills them in.
 */
function AuthComingSoon({ art, messageKey, switchKey, onSwitch }: { art: string; messageKey: string; switchKey: string; onSwitch: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="auth-soon">
      <img className="auth-soon__art" src={art} alt="" width={480} height={200} />
      <p className="auth-soon__badge">{t('coming_soon_badge')}</p>
      <p className="auth-soon__message">{t(messageKey)}</p>
      <div className="auth-soon__actions">
        <button type="button" className="button button--primary" onClick={closeModal}>{t('in_increase_submit')}</button>
        <button type="button" className="button button--ghost" onClick={onSwitch}>{t(switchKey)}</button>
      </div>
    </div>
  );
}

export function LoginModal() {
  const { t } = useTranslation();
  return (
    <Modal title={t('login_title')} onClose={closeModal} size="small">
      <AuthComingSoon art="/art/banners/login.svg" messageKey="login_coming_soon" switchKey="login_no_account" onSwitch={() => openModal({ kind: 'register' })} />
    </Modal>
  );
}

export function RegisterModal() {
  const { t } = useTranslation();
  return (
    <Modal title={t('register_title')} onClose={closeModal} size="small">
      <AuthComingSoon art="/art/banners/register.svg" messageKey="register_coming_soon" switchKey="register_have_account" onSwitch={() => openModal({ kind: 'login' })} />
    </Modal>
  );
}
