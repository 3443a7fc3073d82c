import '../register-recovery.css';
import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/**
 * The warning dialog of spec §8 (a failed SMS request, an invalid invitation code): the message and
 * one confirm button labelled `in_increase_submit`. It opens over the auth modal without replacing it
 * (the modal store holds one modal; the form underneath must keep what the member typed), so it
 * takes the keyboard while open: Escape and Enter close it, Tab stays on its button, and neither
 * reaches the modal's own handlers.
 */
export function WarningDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    buttonRef.current?.focus();
    // Capture on window runs before the modal's listener on document; stopping here keeps an
    // Escape from closing the whole register or recovery modal.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || event.key === 'Enter') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        event.stopPropagation();
        buttonRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div
      className="warning-dialog"
      onMouseDown={(event) => event.target === event.currentTarget && event.preventDefault()}
    >
      <div
        className="warning-dialog__panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
      >
        <span className="warning-dialog__icon" aria-hidden="true">
          !
        </span>
        <h2 id={titleId} className="warning-dialog__title">
          {t('in_popup_prompt')}
        </h2>
        <p id={messageId} className="warning-dialog__message">
          {message}
        </p>
        <button
          ref={buttonRef}
          type="button"
          className="button button--primary button--medium warning-dialog__confirm"
          onClick={onClose}
        >
          {t('in_increase_submit')}
        </button>
      </div>
    </div>,
    document.body,
  );
}
