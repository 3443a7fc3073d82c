import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endSession } from '../api/member';
import { Modal } from '../components/modal';
import { paths } from '../config/paths';
import { closeModal } from '../stores/modal-store';

/**
 * The site-wide message modals, a chunk of their own: only lazily loaded parts open them (the
 * logged-in strip, the auth modals, the login gate of a trial account), so the home page every
 * visitor downloads does not carry them (its JS budget). The modal host draws them.
 */

/** A short message with one confirm button (the login gate's "register a real account first"). */
export function NoticeModal({ titleKey, messageKey }: { titleKey: string; messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Modal title={t(titleKey)} onClose={closeModal} size="small">
      <p className="notice-modal__message">{t(messageKey)}</p>
      <div className="notice-modal__actions">
        <button type="button" className="button button--primary" onClick={closeModal}>
          {t('in_increase_submit')}
        </button>
      </div>
    </Modal>
  );
}

/** The logged-in strip's logout confirmation (spec §2, §4): logout, forget the session, go home. */
export function LogoutModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logOut = async () => {
    closeModal();
    await endSession();
    void navigate(paths.home.getHref());
  };
  return (
    <Modal title={t('in_popup_prompt')} onClose={closeModal} size="small">
      <p className="notice-modal__message">{t('in_sure_logout')}</p>
      <div className="notice-modal__actions">
        <button type="button" className="button button--ghost" onClick={closeModal}>
          {t('common_cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={() => void logOut()}>
          {t('in_increase_submit')}
        </button>
      </div>
    </Modal>
  );
}
