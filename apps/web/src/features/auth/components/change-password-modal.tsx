import '../login.css';
import '../register-recovery.css';
import {
  passwordChangeRequestSchema,
  setRefusalFieldError,
  type PasswordChangeRequest,
  type PasswordLoginRequest,
  type RegisterFieldRule,
} from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endSession, useMemberInfo, useRegisterSettings } from '../../../api/member';
import { Modal } from '../../../components/modal';
import { paths } from '../../../config/paths';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import { session } from '../../../lib/session';
import { closeModal, openModal, type LoginAttempt } from '../../../stores/modal-store';
import { describeAuthError } from '../auth-errors';
import { completeLogin, openLoginVerificationIfAsked } from '../complete-login';
import { checkConfirmation, checkRule, describeRule } from '../register-rules';
import { SliderChallenge } from './slider-challenge';
import { createSession, updatePassword } from '../api/sessions';

export interface ChangePasswordModalProps {
  /** The server demands the change: closing logs out, since nothing else would work meanwhile. */
  isForced: boolean;
  account?: string;
  /** The password just typed at login: not asked again (spec §5). */
  knownPassword?: string;
  isRemembered?: boolean;
}

/**
 * The change-password modal (spec §2, §4, §5): forced after a login that answered
 * `passwordExpired` (or any call refused with `password.change.required`), or chosen in the member
 * centre. POST /wps/member/password (sealed) ends every session, so on success the member logs in
 * again with the new password (slider again), and lands on the home page.
 */
export function ChangePasswordModal(props: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const onClose = () => {
    if (!props.isForced) {
      closeModal();
      return;
    }
    // Logout first, while this modal is still the open one: a refusal of it must not reopen it.
    void endSession().then(closeModal);
  };
  return (
    <Modal title={t('change_password_title')} onClose={onClose} size="small" className="auth-modal">
      <ChangePasswordForm {...props} />
    </Modal>
  );
}

type Field = 'oldPassword' | 'newPassword' | 'confirmNewPassword';
type Step = 'form' | 'sending' | 'relogin' | 'relogging' | 'done';

/** While the merchant's rule loads: the server checks the real one anyway. */
const fallbackPasswordRule: RegisterFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '*',
  patternId: 0,
  minLength: 1,
  maxLength: 255,
};

/**
 * The contract's request with the browser's rules: the old password when asked, the merchant's
 * password rule (checked as the server checks it) and the confirmation.
 */
function changePasswordFormSchema(t: TFunction, rule: RegisterFieldRule, isOldPasswordAsked: boolean) {
  const label = (field: Field) => t(`change_password_${field}`);
  return passwordChangeRequestSchema.superRefine((values, context) =>
    addFieldIssues(context, {
      oldPassword:
        isOldPasswordAsked && !values.oldPassword ? t('register_required', { field: label('oldPassword') }) : null,
      newPassword: checkRule(values.newPassword, { ...rule, enabled: true, required: true }, label('newPassword'), t, {
        isSecret: true,
      }),
      confirmNewPassword: checkConfirmation(
        values.confirmNewPassword,
        values.newPassword,
        label('confirmNewPassword'),
        t,
      ),
    }),
  );
}

function ChangePasswordForm({
  isForced,
  account: givenAccount,
  knownPassword,
  isRemembered = false,
}: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useRegisterSettings();
  const member = useMemberInfo();
  // A reload during a forced change: the account comes from session storage (cpw); a voluntary change: member info.
  const account = givenAccount ?? session.getPendingPasswordChange() ?? member.data?.account ?? null;
  const rule = settings.data?.rules.password ?? fallbackPasswordRule;
  const [formError, setFormError] = useState('');
  const [step, setStep] = useState<Step>('form');
  const isOldPasswordAsked = knownPassword === undefined;
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useZodForm(
    useMemo(() => changePasswordFormSchema(t, rule, isOldPasswordAsked), [t, rule, isOldPasswordAsked]),
    {
      defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
      // As before: the messages stay until the next try.
      reValidateMode: 'onSubmit',
    },
  );

  const label = (field: Field) => t(`change_password_${field}`);

  const onSubmit = async (values: PasswordChangeRequest) => {
    if (step !== 'form') return;
    setStep('sending');
    const request: PasswordChangeRequest = {
      oldPassword: knownPassword ?? values.oldPassword,
      newPassword: values.newPassword,
      confirmNewPassword: values.confirmNewPassword,
    };
    try {
      await updatePassword(request);
    } catch (error) {
      setStep('form');
      // A wrong old password, an unchanged one...: under its field; anything else under the form.
      const fields: Field[] = isOldPasswordAsked
        ? ['oldPassword', 'newPassword', 'confirmNewPassword']
        : ['newPassword', 'confirmNewPassword'];
      if (!setRefusalFieldError(error, setError, fields)) setFormError(describeAuthError(error, t));
      return;
    }
    session.clearPendingPasswordChange();
    // Every session ended with the change; without a name to log in with, the member logs in by hand.
    if (account) {
      setStep('relogin');
    } else {
      session.clear();
      setStep('done');
    }
  };

  const logInAgain = async (sliderToken: string) => {
    if (!account) return;
    setStep('relogging');
    const payload: PasswordLoginRequest = {
      type: 'username',
      username: account,
      password: getValues('newPassword'),
      sliderToken,
      remember: isRemembered,
    };
    const attempt: LoginAttempt = {
      type: 'username',
      username: account,
      typedPassword: getValues('newPassword'),
      isRemembered,
    };
    try {
      const result = await createSession(payload);
      const outcome = await completeLogin(result, attempt);
      if (outcome === 'logged-in') void navigate(paths.home.getHref());
    } catch (error) {
      if (openLoginVerificationIfAsked(error, attempt)) return;
      session.clear();
      setFormError(describeAuthError(error, t));
      setStep('done');
    }
  };

  if (step === 'relogin' || step === 'relogging') {
    return (
      <div className="auth-form change-password">
        <p className="auth-form__success change-password__success" role="status">
          {t('change_password_success_relogin')}
        </p>
        <SliderChallenge onSolved={(token) => void logInAgain(token)} />
        {step === 'relogging' && <p className="auth-field__hint">{t('login_sending')}</p>}
      </div>
    );
  }

  if (step === 'done') {
    return (
      <div className="auth-form change-password">
        <p className="auth-form__success change-password__success" role="status">
          {t('change_password_success_login')}
        </p>
        {formError && (
          <p className="auth-form__error" role="alert">
            {formError}
          </p>
        )}
        <button
          type="button"
          className="button button--primary button--medium auth-form__submit"
          onClick={() => openModal({ kind: 'login' })}
        >
          {t('login_submit')}
        </button>
      </div>
    );
  }

  const renderPasswordField = (field: Field, hint?: string) => (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={`change-password-${field}`}>
        {label(field)}
      </label>
      <input
        id={`change-password-${field}`}
        className="auth-field__input"
        type="password"
        autoComplete={field === 'oldPassword' ? 'current-password' : 'new-password'}
        maxLength={255}
        {...register(field)}
        aria-invalid={Boolean(errors[field])}
        placeholder={label(field)}
      />
      {errors[field] ? (
        <p className="auth-field__error">{errors[field].message}</p>
      ) : (
        hint && <p className="auth-field__hint">{hint}</p>
      )}
    </div>
  );

  return (
    <form
      className="auth-form change-password"
      onSubmit={(event) => {
        setFormError('');
        void handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label={t('change_password_title')}
    >
      {isForced && <p className="change-password__intro">{t('change_password_forced_intro')}</p>}
      {account && (
        <p className="change-password__account">
          <span>{t('change_password_account')}</span>
          <strong>{account}</strong>
        </p>
      )}
      {isOldPasswordAsked && renderPasswordField('oldPassword')}
      {renderPasswordField('newPassword', describeRule(rule, t))}
      {renderPasswordField('confirmNewPassword')}
      {formError && (
        <p className="auth-form__error" role="alert">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary button--medium auth-form__submit"
        disabled={step !== 'form'}
      >
        {t(step === 'sending' ? 'change_password_sending' : 'change_password_submit')}
      </button>
      {isForced && (
        <button
          type="button"
          className="auth-form__link change-password__logout"
          onClick={() => void endSession().then(closeModal)}
        >
          {t('change_password_logout')}
        </button>
      )}
    </form>
  );
}
