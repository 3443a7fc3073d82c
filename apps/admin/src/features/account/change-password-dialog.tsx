import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Field } from '../../components/bits';
import { Dialog } from '../../components/dialog';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { changeOwnPassword } from './api';

const minLength = 10;
const maxLength = 128;

/**
 * The operator's own password (the operator's menu): the current one, a new one of at least 10
 * characters that differs from it, typed twice. Every other session of the operator ends; this one
 * goes on. Server refusals are shown on the field they name.
 */
export function ChangePasswordDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const mutation = useMutation({
    mutationFn: () => changeOwnPassword({ currentPassword, newPassword }),
    onSuccess: (value) => {
      showToast(
        value.sessionsEnded > 0
          ? t('password_changed_sessions', { count: value.sessionsEnded })
          : t('password_changed'),
      );
      close();
    },
  });
  const close = () => {
    setCurrentPassword('');
    setNewPassword('');
    setRepeat('');
    mutation.reset();
    onClose();
  };
  const isNewValid = newPassword.length >= minLength && newPassword.length <= maxLength;
  const isDifferent = newPassword !== currentPassword;
  const isRepeated = repeat === newPassword;
  const canSubmit = currentPassword.length > 0 && isNewValid && isDifferent && isRepeated && !mutation.isPending;
  const field = mutation.error instanceof ApiError ? mutation.error.field : undefined;
  const serverError = (name: string) => (field === name ? mutation.error?.message : undefined);
  const newPasswordError =
    newPassword && !isNewValid
      ? t('password_new_hint')
      : newPassword && currentPassword && !isDifferent
        ? t('password_new_same')
        : serverError('newPassword');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) mutation.mutate();
  };
  return (
    <Dialog title={t('password_change_title')} isOpen={isOpen} onClose={close}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted">{t('password_change_text')}</p>
        <Field label={t('password_current')} htmlFor="own-password-current" error={serverError('currentPassword')}>
          <input
            id="own-password-current"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            maxLength={maxLength}
            onChange={(event) => {
              setCurrentPassword(event.target.value);
              if (field === 'currentPassword') mutation.reset();
            }}
          />
        </Field>
        <Field
          label={t('password_new')}
          htmlFor="own-password-new"
          hint={t('password_new_hint')}
          error={newPasswordError}
        >
          <input
            id="own-password-new"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            maxLength={maxLength}
            onChange={(event) => setNewPassword(event.target.value)}
          />
        </Field>
        <Field
          label={t('password_repeat')}
          htmlFor="own-password-repeat"
          error={repeat && !isRepeated ? t('password_repeat_mismatch') : undefined}
        >
          <input
            id="own-password-repeat"
            type="password"
            autoComplete="new-password"
            value={repeat}
            maxLength={maxLength}
            onChange={(event) => setRepeat(event.target.value)}
          />
        </Field>
        {field === 'currentPassword' || field === 'newPassword' ? null : <ErrorNote error={mutation.error} />}
        <div className="form-actions">
          <button type="button" className="button is-ghost" onClick={close}>
            {t('cancel')}
          </button>
          <button type="submit" className="button is-primary" disabled={!canSubmit}>
            {mutation.isPending ? t('working') : t('password_change_submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
