import '../register-recovery.css';
import { identityErrorCodes } from '@lotus/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useRegisterSettings } from '../../../api/member';
import { Spinner } from '../../../components/global-loader';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { closeModal, openModal } from '../../../stores/modal-store';
import { resetPasswordByEmail } from '../api/password-recovery';
import { describeAuthError } from '../auth-errors';
import { checkRule } from '../register-rules';
import { requiredRuleOf } from './forgot-password-modal';
import { RuleField } from './rule-field';

/** The query parameter of the e-mailed reset link: `/?resetPassword=<token>`. */
export const resetPasswordParameter = 'resetPassword';

/**
 * The e-mailed link's modal: a new password under the merchant's rule and its confirmation, POST
 * /wps/member/password/email/reset (sealed). Success takes the token out of the address (a reload
 * must not offer a spent link again) and opens the login modal with a success message.
 */
export function ResetPasswordModal({ resetToken }: { resetToken: string }) {
  const { t } = useTranslation();
  const settings = useRegisterSettings();
  return (
    <Modal title={t('reset_title')} onClose={closeModal} size="small" className="auth-modal">
      {settings.isPending ? (
        <div className="auth-form__loading"><Spinner /></div>
      ) : settings.isError ? (
        <div className="auth-form">
          <p className="auth-form__error" role="alert">{t('error_network')}</p>
          <button type="button" className="button button--primary button--medium" onClick={() => void settings.refetch()}>{t('common_retry')}</button>
        </div>
      ) : (
        <ResetPasswordForm resetToken={resetToken} passwordRule={requiredRuleOf(settings.data, 'password')} />
      )}
    </Modal>
  );
}

type Field = 'newPassword' | 'confirmPassword';

function ResetPasswordForm({ resetToken, passwordRule }: { resetToken: string; passwordRule: ReturnType<typeof requiredRuleOf> }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [formError, setFormError] = useState('');
  const [isLinkSpent, setIsLinkSpent] = useState(false);
  const [isSending, setIsSending] = useState(false);

  const validate = (current: Record<Field, string>) => {
    const next: Partial<Record<Field, string>> = {};
    const passwordError = checkRule(current.newPassword, passwordRule, t('forgot_new_password'), t, { isSecret: true });
    if (passwordError) next.newPassword = passwordError;
    if (!current.confirmPassword) next.confirmPassword = t('register_required', { field: t('register_field_confirmPassword') });
    else if (current.confirmPassword !== current.newPassword) next.confirmPassword = t('register_confirm_mismatch');
    return next;
  };

  const setValue = (name: Field, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (hasSubmitted) setErrors(validate(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    setHasSubmitted(true);
    setFormError('');
    const next = validate(values);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setIsSending(true);
    try {
      await resetPasswordByEmail({ resetToken, newPassword: values.newPassword, confirmPassword: values.confirmPassword });
      const search = new URLSearchParams(location.search);
      search.delete(resetPasswordParameter);
      const rest = search.toString();
      await navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash }, { replace: true });
      openModal({ kind: 'login', messageKey: 'reset_password_done' });
    } catch (error) {
      setFormError(describeAuthError(error, t));
      setIsLinkSpent(error instanceof ApiError && error.errorCode === identityErrorCodes.resetTokenInvalid);
      setIsSending(false);
    }
  };

  return (
    <form className="auth-form recovery-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('reset_title')}>
      <p className="recovery-form__intro">{t('reset_intro')}</p>
      <RuleField
        id="reset-newPassword"
        name="newPassword"
        label={t('forgot_new_password')}
        rule={passwordRule}
        value={values.newPassword}
        onChange={(value) => setValue('newPassword', value)}
        error={errors.newPassword}
        type="password"
        autoComplete="new-password"
        hasHoverHint
      />
      <RuleField
        id="reset-confirmPassword"
        name="confirmPassword"
        label={t('register_field_confirmPassword')}
        rule={passwordRule}
        value={values.confirmPassword}
        onChange={(value) => setValue('confirmPassword', value)}
        error={errors.confirmPassword}
        type="password"
        autoComplete="new-password"
        hasRuleHint={false}
      />
      {formError && <p className="auth-form__error" role="alert">{formError}</p>}
      <button type="submit" className="button button--primary button--medium auth-form__submit" disabled={isSending}>
        {t(isSending ? 'forgot_sending' : 'reset_submit')}
      </button>
      {isLinkSpent && (
        <div className="auth-form__links auth-form__links--center">
          <button type="button" className="auth-form__link auth-form__link--strong" onClick={() => openModal({ kind: 'forgotPassword' })}>
            {t('reset_request_new_link')}
          </button>
        </div>
      )}
    </form>
  );
}
