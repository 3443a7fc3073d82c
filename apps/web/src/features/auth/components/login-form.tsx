import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { openModal } from '../../../stores/modal-store';

/**
 * The top bar's login form (logged out). Submitting checks both fields are filled, then opens the
 * login modal with them, straight at the slider: the slider, captcha and sealed call live there,
 * in the auth chunk, so the top bar stays light.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '').trim();
    const password = String(data.get('password') ?? '');
    // An empty field: the modal shows the form with the same "required" messages.
    openModal({ kind: 'login', prefill: username && password ? { username, password } : undefined });
    if (username && password) event.currentTarget.reset();
  };

  return (
    <form className="login-form" onSubmit={onSubmit} aria-label={t('login_form_label')}>
      <label className="login-form__field">
        <span className="visually-hidden">{t('login_username')}</span>
        <Icon name="user" size={16} />
        <input name="username" autoComplete="username" placeholder={t('login_username')} maxLength={32} />
      </label>
      <label className="login-form__field">
        <span className="visually-hidden">{t('login_password')}</span>
        <Icon name="wallet" size={16} />
        <input
          name="password"
          type={isPasswordVisible ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder={t('login_password')}
          maxLength={64}
        />
        <button
          type="button"
          className="login-form__reveal"
          onClick={() => setIsPasswordVisible((isVisible) => !isVisible)}
          aria-label={t(isPasswordVisible ? 'login_hide_password' : 'login_show_password')}
          aria-pressed={isPasswordVisible}
        >
          <Icon name={isPasswordVisible ? 'eye-off' : 'eye'} size={16} />
        </button>
      </label>
      <button type="button" className="login-form__forgot" onClick={() => openModal({ kind: 'forgotPassword' })}>
        {t('login_forgot')}
      </button>
      <button type="submit" className="button button--primary button--small">
        {t('login_submit')}
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => openModal({ kind: 'register' })}
      >
        {t('register_submit')}
      </button>
    </form>
  );
}

/** Phones have no room for the form: two buttons open the modals instead. */
export function CompactAuthButtons() {
  const { t } = useTranslation();
  return (
    <div className="compact-auth">
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => openModal({ kind: 'login' })}
      >
        {t('login_submit')}
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => openModal({ kind: 'register' })}
      >
        {t('register_submit')}
      </button>
    </div>
  );
}
