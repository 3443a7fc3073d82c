import '../register-recovery.css';
import {
  identityErrorCodes,
  passwordEmailResetRequestSchema,
  setRefusalFieldError,
  type RegisterFieldRule,
} from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { addFieldIssues, useControlledFields, useZodForm } from '../../../lib/forms';
import { closeModal, openModal } from '../../../stores/modal-store';
import { resetPasswordByEmail } from '../api/password-recovery';
import { describeAuthError } from '../auth-errors';
import { requiredRuleOf } from './forgot-password-modal';
import { checkNewPassword, NewPasswordFields, type NewPasswordValues } from './new-password-fields';
import { RegisterSettingsGate } from './register-settings-gate';

/** The query parameter of the e-mailed reset link: `/?resetPassword=<token>`. */
export const resetPasswordParameter = 'resetPassword';

/**
 * The e-mailed link's modal: a new password under the merchant's rule and its confirmation, POST
 * /wps/member/password/email/reset (sealed). Success takes the token out of the address (a reload
 * must not offer a spent link again) and opens the login modal with a success message.
 */
export function ResetPasswordModal({ resetToken }: { resetToken: string }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('reset_title')} onClose={closeModal} size="small" className="auth-modal">
      <RegisterSettingsGate>
        {(settings) => (
          <ResetPasswordForm resetToken={resetToken} passwordRule={requiredRuleOf(settings, 'password')} />
        )}
      </RegisterSettingsGate>
    </Modal>
  );
}

/** The contract's reset request without the link's token, with the merchant's password rule and the confirmation. */
function resetPasswordFormSchema(t: TFunction, passwordRule: RegisterFieldRule) {
  return passwordEmailResetRequestSchema
    .pick({ newPassword: true, confirmPassword: true })
    .superRefine((values, context) => addFieldIssues(context, checkNewPassword(values, passwordRule, t)));
}

function ResetPasswordForm({ resetToken, passwordRule }: { resetToken: string; passwordRule: RegisterFieldRule }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const form = useZodForm(
    useMemo(() => resetPasswordFormSchema(t, passwordRule), [t, passwordRule]),
    { defaultValues: { newPassword: '', confirmPassword: '' } },
  );
  const { values, errors, setValue } = useControlledFields(form);
  const [formError, setFormError] = useState('');
  const [isLinkSpent, setIsLinkSpent] = useState(false);
  const [isSending, setIsSending] = useState(false);

  const onSubmit = async (values: NewPasswordValues) => {
    if (isSending) return;
    setIsSending(true);
    try {
      await resetPasswordByEmail({
        resetToken,
        newPassword: values.newPassword,
        confirmPassword: values.confirmPassword,
      });
      const search = new URLSearchParams(location.search);
      search.delete(resetPasswordParameter);
      const rest = search.toString();
      await navigate(
        { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
        { replace: true },
      );
      openModal({ kind: 'login', messageKey: 'reset_password_done' });
    } catch (error) {
      if (!setRefusalFieldError(error, form.setError, ['newPassword', 'confirmPassword']))
        setFormError(describeAuthError(error, t));
      setIsLinkSpent(error instanceof ApiError && error.errorCode === identityErrorCodes.resetTokenInvalid);
      setIsSending(false);
    }
  };

  return (
    <form
      className="auth-form recovery-form"
      onSubmit={(event) => {
        setFormError('');
        void form.handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label={t('reset_title')}
    >
      <p className="recovery-form__intro">{t('reset_intro')}</p>
      <NewPasswordFields idPrefix="reset" rule={passwordRule} values={values} errors={errors} onChange={setValue} />
      {formError && (
        <p className="auth-form__error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button button--primary button--medium auth-form__submit" disabled={isSending}>
        {t(isSending ? 'forgot_sending' : 'reset_submit')}
      </button>
      {isLinkSpent && (
        <div className="auth-form__links auth-form__links--center">
          <button
            type="button"
            className="auth-form__link auth-form__link--strong"
            onClick={() => openModal({ kind: 'forgotPassword' })}
          >
            {t('reset_request_new_link')}
          </button>
        </div>
      )}
    </form>
  );
}
