import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endSession } from '../api/member';
import { Modal } from '../components/modal';
import { paths } from '../config/paths';
import { loadChunk } from '../lib/chunk-loader';
import { closeModal, useOpenModal } from '../stores/modal-store';

const LoginModal = lazy(() => loadChunk(() => import('../features/auth/components/auth-modals')).then((module) => ({ default: module.LoginModal })));
const RegisterModal = lazy(() => loadChunk(() => import('../features/auth/components/auth-modals')).then((module) => ({ default: module.RegisterModal })));
const AnnouncementModal = lazy(() =>
  loadChunk(() => import('../features/announcements/components/announcement-modal')).then((module) => ({ default: module.AnnouncementModal })),
);

/** A short message with one confirm button (the login gate's "register a real account first"). */
function NoticeModal({ titleKey, messageKey }: { titleKey: string; messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Modal title={t(titleKey)} onClose={closeModal} size="small">
      <p className="notice-modal__message">{t(messageKey)}</p>
      <div className="notice-modal__actions">
        <button type="button" className="button button--primary" onClick={closeModal}>{t('in_increase_submit')}</button>
      </div>
    </Modal>
  );
}

/** The logged-in strip's logout confirmation (spec §2, §4): logout, forget the session, go home. */
function LogoutModal() {
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
        <button type="button" className="button button--ghost" onClick={closeModal}>{t('common_cancel')}</button>
        <button type="button" className="button button--primary" onClick={() => void logOut()}>{t('in_increase_submit')}</button>
      </div>
    </Modal>
  );
}

/** Draws the one open site-wide modal; each loads on first use. */
export function ModalHost() {
  const modal = useOpenModal();
  if (!modal) return null;
  return (
    <Suspense fallback={null}>
      {modal.kind === 'login' && <LoginModal prefill={modal.prefill} />}
      {modal.kind === 'register' && <RegisterModal />}
      {modal.kind === 'announcement' && <AnnouncementModal announcementId={modal.announcementId} />}
      {modal.kind === 'logout' && <LogoutModal />}
      {modal.kind === 'notice' && <NoticeModal titleKey={modal.titleKey} messageKey={modal.messageKey} />}
    </Suspense>
  );
}
