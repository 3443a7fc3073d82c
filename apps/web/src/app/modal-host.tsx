import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSessionToken } from '../api/member';
import { loadChunk } from '../lib/chunk-loader';
import { session } from '../lib/session';
import { openModal, useOpenModal } from '../stores/modal-store';

// Every modal is a lazy chunk; the auth modals (login, register, recovery, the login's follow-ups)
// share one, and so do the message modals.
const authModals = () => loadChunk(() => import('../features/auth/components/auth-modals'));
const LoginModal = lazy(() => authModals().then((module) => ({ default: module.LoginModal })));
const RegisterModal = lazy(() => authModals().then((module) => ({ default: module.RegisterModal })));
const ForgotPasswordModal = lazy(() => authModals().then((module) => ({ default: module.ForgotPasswordModal })));
const ResetPasswordModal = lazy(() => authModals().then((module) => ({ default: module.ResetPasswordModal })));
const LoginVerificationModal = lazy(() => authModals().then((module) => ({ default: module.LoginVerificationModal })));
const ChangePasswordModal = lazy(() => authModals().then((module) => ({ default: module.ChangePasswordModal })));
const MemberCentreModal = lazy(() =>
  loadChunk(() => import('../features/member-centre/components/member-centre')).then((module) => ({
    default: module.MemberCentreModal,
  })),
);
const LastLoginNotice = lazy(() =>
  loadChunk(() => import('../features/member-centre/components/last-login-notice')).then((module) => ({
    default: module.LastLoginNotice,
  })),
);
const AnnouncementModal = lazy(() =>
  loadChunk(() => import('../features/announcements/components/announcement-modal')).then((module) => ({
    default: module.AnnouncementModal,
  })),
);
const messageModals = () => loadChunk(() => import('./message-modals'));
const NoticeModal = lazy(() => messageModals().then((module) => ({ default: module.NoticeModal })));
const LogoutModal = lazy(() => messageModals().then((module) => ({ default: module.LogoutModal })));

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
          {modal.kind === 'loginVerification' && (
            <LoginVerificationModal challenge={modal.challenge} attempt={modal.attempt} />
          )}
          {modal.kind === 'changePassword' && (
            <ChangePasswordModal
              isForced={modal.isForced}
              account={modal.account}
              knownPassword={modal.knownPassword}
              isRemembered={modal.isRemembered}
            />
          )}
          {modal.kind === 'memberCentre' && <MemberCentreModal page={modal.page} />}
        </Suspense>
      )}
    </>
  );
}
