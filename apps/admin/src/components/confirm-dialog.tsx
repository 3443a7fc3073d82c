import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from './bits';
import { Dialog } from './dialog';

/**
 * "Are you sure?" before an operator action that moves money or cannot be undone: what will happen
 * (`children`: a summary of the record, and the action's own fields when it has some, e.g. a reason),
 * Cancel, and the action's button. Enter in a field confirms (the content is a form). While the call
 * runs the buttons wait; its refusal shows above them and the dialog stays open.
 *
 * Render it beside the dialog it confirms, not inside it: a native <dialog>'s close event would
 * otherwise reach the outer dialog's onClose through React's tree and close both.
 */
export function ConfirmDialog({
  title,
  isOpen,
  onCancel,
  onConfirm,
  confirmLabel,
  tone = 'primary',
  isPending = false,
  isConfirmDisabled = false,
  error,
  children,
}: {
  title: string;
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  isPending?: boolean;
  isConfirmDisabled?: boolean;
  error?: unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    // Escape closes a native dialog whatever the page says, so its close always reaches onCancel.
    <Dialog title={title} isOpen={isOpen} onClose={onCancel}>
      <form
        className="form confirm-dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!isPending && !isConfirmDisabled) onConfirm();
        }}
      >
        {children}
        <ErrorNote error={error} />
        <div className="form-actions">
          <button type="button" className="button is-ghost" onClick={onCancel} disabled={isPending}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className={tone === 'danger' ? 'button is-danger' : 'button is-primary'}
            disabled={isPending || isConfirmDisabled}
            aria-busy={isPending}
          >
            {isPending ? t('working') : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
