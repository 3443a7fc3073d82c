import { changeOwnPasswordBodySchema, setRefusalFieldError, type ChangeOwnPasswordBody } from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorNote, Field } from '../../components/bits';
import { Dialog } from '../../components/dialog';
import { showToast } from '../../components/toast';
import { useZodForm } from '../../lib/forms';
import { changeOwnPassword } from './api';

/** The longest password the contract accepts, for the inputs' maxLength. */
const maxLength = changeOwnPasswordBodySchema.shape.newPassword.maxLength ?? 128;

/** The contract's body (its password rule) with what the form adds: a new password that differs, typed twice. */
const changePasswordFormSchema = changeOwnPasswordBodySchema
  .extend({ repeat: z.string() })
  .refine((values) => values.newPassword !== values.currentPassword, { path: ['newPassword'], message: 'same' })
  .refine((values) => values.repeat === values.newPassword, { path: ['repeat'], message: 'mismatch' });

/**
 * The operator's own password (the operator's menu): the current one, a new one of at least 10
 * characters that differs from it, typed twice. Every other session of the operator ends; this one
 * goes on. Server refusals are shown on the field they name.
 */
export function ChangePasswordDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    clearErrors,
    formState: { errors, isValid },
  } = useZodForm(changePasswordFormSchema, {
    // Checked as typed; a field's message shows once something is typed in it.
    mode: 'onChange',
    defaultValues: { currentPassword: '', newPassword: '', repeat: '' },
  });
  const [currentPassword, newPassword, repeat] = watch(['currentPassword', 'newPassword', 'repeat']);
  const mutation = useMutation({
    mutationFn: (body: ChangeOwnPasswordBody) => changeOwnPassword(body),
    onSuccess: (value) => {
      showToast(
        value.sessionsEnded > 0
          ? t('password_changed_sessions', { count: value.sessionsEnded })
          : t('password_changed'),
      );
      close();
    },
    // A refusal naming a field (a wrong current password, an unchanged one) goes under it.
    onError: (error) => setRefusalFieldError(error, setError, ['currentPassword', 'newPassword']),
  });
  const close = () => {
    reset();
    mutation.reset();
    onClose();
  };
  const serverError = (name: 'currentPassword' | 'newPassword') =>
    errors[name]?.type === 'server' ? errors[name].message : undefined;
  const newPasswordRuleError = errors.newPassword?.type === 'server' ? undefined : errors.newPassword;
  const newPasswordError =
    newPassword && newPasswordRuleError
      ? newPasswordRuleError.message === 'same'
        ? currentPassword
          ? t('password_new_same')
          : undefined
        : t('password_new_hint')
      : serverError('newPassword');
  const refusalField = (mutation.error as { field?: unknown } | null)?.field;
  const isRefusalPlaced = refusalField === 'currentPassword' || refusalField === 'newPassword';
  const canSubmit = isValid && !mutation.isPending;
  const submit = (body: ChangeOwnPasswordBody) => {
    if (!mutation.isPending) mutation.mutate({ currentPassword: body.currentPassword, newPassword: body.newPassword });
  };
  return (
    <Dialog title={t('password_change_title')} isOpen={isOpen} onClose={close}>
      <form className="form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
        <p className="muted">{t('password_change_text')}</p>
        <Field label={t('password_current')} htmlFor="own-password-current" error={serverError('currentPassword')}>
          <input
            id="own-password-current"
            type="password"
            autoComplete="current-password"
            maxLength={maxLength}
            {...register('currentPassword', {
              // The new password must differ from it; a refusal of the current one goes when it changes.
              deps: ['newPassword'],
              onChange: () => {
                if (refusalField === 'currentPassword') mutation.reset();
                clearErrors('currentPassword');
              },
            })}
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
            maxLength={maxLength}
            {...register('newPassword', { deps: ['repeat'] })}
          />
        </Field>
        <Field
          label={t('password_repeat')}
          htmlFor="own-password-repeat"
          error={repeat && errors.repeat ? t('password_repeat_mismatch') : undefined}
        >
          <input
            id="own-password-repeat"
            type="password"
            autoComplete="new-password"
            maxLength={maxLength}
            {...register('repeat')}
          />
        </Field>
        {isRefusalPlaced ? null : <ErrorNote error={mutation.error} />}
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
