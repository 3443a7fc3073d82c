import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { endSession, useSessionToken } from '../api/member';
import { Modal } from '../components/modal';
import { paths } from '../config/paths';
import { loadChunk } from '../lib/chunk-loader';
import { session } from '../lib/session';
import { closeModal, openModal, useOpenModal } from '../stores/modal-store';

const LoginModal = lazy(() => loadChunk(() => import('../features/auth/components/auth-modals')).then((module) => ({ default: module.LoginModal })));
const RegisterModal = lazy(() => loadChunk(() => import('../features/auth/components/auth-modals')).then((module) => ({ default: module.RegisterModal })));
const ForgotPasswordModal = lazy(() => loadChunk(() => import('../features/auth/components/auth-modals')).then((module) => ({ default: module.ForgotPasswordModal })));
const ResetPasswordModal = lazy(() => loadChunk(() => import('../features/auth/components/auth-modals')).then((module) => ({ default: module.ResetPasswordModal })));
const LoginVerificationModal = lazy(() => loadChunk(() => import('../features/auth/components/auth-modals')).then((module) => ({ default: module.LoginVerificationModal })));
const ChangePasswordModal = lazy(() => loadChunk(() => import('../features/auth/components/auth-modals')).then((module) => ({ default: module.ChangePasswordModal })));
const MemberCentreModal = lazy(() => loadChunk(() => import('../features/member-centre/components/member-centre')).then((module) => ({ default: module.MemberCentreModal })));
const LastLoginNotice = lazy(() =>
  loadChunk(() => import('../features/member-centre/components/last-login-notice')).then((module) => ({ default: module.LastLoginNotice })),
);
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

/** The e-mailed reset link (`/?resetPassword=<token>`) opens the reset modal (spec §4). */
function useResetPasswordLink(): void {
  const { search } = useLocation();
  useEffect(() => {
    const resetToken = new URLSearchParams(search).get('resetPassword');
    if (resetToken) openModal({ kind: 'resetPassword', resetToken: resetToken.slice(0, 128) });
  }, [search]);
}

/**
 * After a login, the "previous login" notice (its own chunk, loaded only then). A login is a token
 * other than the one the page opened with: a reload with a token shows nothing.
 */
function LoginNoticeHost() {
  const token = useSessionToken();
  const [openingToken] = useState(session.getToken);
  const [closedToken, setClosedToken] = useState<string | null>(null);
  const onClose = useCallback(() => setClosedToken(token), [token]);
  if (!token || token === openingToken || token === closedToken) return null;
  return (
    <Suspense fallback={null}>
      <LastLoginNotice key={token} onClose={onClose} />
    </Suspense>
  );
}

/** Draws the one open site-wide modal; each loads on first use. Also the notice after a login. */
export function ModalHost() {
  useResetPasswordLink();
  const modal = useOpenModal();
  // One shape whether or not a modal is open, so the notice keeps its state when one opens.
  return (
    <>
      <LoginNoticeHost />
      {modal && (
        <Suspense fallback={null}>
          {modal.kind === 'login' && <LoginModal prefill={modal.prefill} messageKey={modal.messageKey} />}
          {modal.kind === 'register' && <RegisterModal />}
          {modal.kind === 'forgotPassword' && <ForgotPasswordModal />}
          {modal.kind === 'resetPassword' && <ResetPasswordModal resetToken={modal.resetToken} />}
          {modal.kind === 'announcement' && <AnnouncementModal announcementId={modal.announcementId} />}
          {modal.kind === 'logout' && <LogoutModal />}
          {modal.kind === 'notice' && <NoticeModal titleKey={modal.titleKey} messageKey={modal.messageKey} />}
          {modal.kind === 'loginVerification' && <LoginVerificationModal challenge={modal.challenge} attempt={modal.attempt} />}
          {modal.kind === 'changePassword' && (
            <ChangePasswordModal isForced={modal.isForced} account={modal.account} knownPassword={modal.knownPassword} isRemembered={modal.isRemembered} />
          )}
          {modal.kind === 'memberCentre' && <MemberCentreModal page={modal.page} />}
        </Suspense>
      )}
    </>
  );
}
