import '../register-recovery.css';
import type { CodeSent } from '@lotus/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeAuthError } from '../auth-errors';
import { SliderChallenge } from './slider-challenge';
import { WarningDialog } from './warning-dialog';

/** spec §4 and §9: no new code for 60 seconds per minute of the code's life. */
export const secondsPerExpiredMinute = 60;

export interface SmsCodeFieldProps {
  /** The input's id (for tests and labels). */
  id: string;
  value: string;
  onChange: (code: string) => void;
  /**
   * Checks where the code would go (the mobile number) before anything else; returns false to stop,
   * and the form shows its own message under the number (spec §5: mobile validated before the code request).
   */
  canSend: () => boolean;
  /** Sends the code with a solved slider's token; resolves the code's lifetime (spec §7 `expiredMinutes`). */
  send: (sliderToken: string) => Promise<CodeSent>;
  label?: string;
  placeholder?: string;
  error?: string;
  /** The rule's message when there is no error (register rules). */
  hint?: ReactNode;
  maxLength?: number;
  isRequired?: boolean;
}

type Phase = 'idle' | 'slider' | 'sending';

/**
 * The SMS code input with its send button (spec §4 "SMS code"): a send first checks the number,
 * then shows the slider, then calls `send`; the button counts down 60 s x expiredMinutes and sends
 * nothing while it runs. A refusal opens the warning dialog with the server's message (spec §8).
 * Used by mobile registration, the username form's phone and password recovery by phone.
 */
export function SmsCodeField({
  id,
  value,
  onChange,
  canSend,
  send,
  label,
  placeholder,
  error,
  hint,
  maxLength = 255,
  isRequired = true,
}: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [resendAtMs, setResendAtMs] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [hasSent, setHasSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (resendAtMs === null) return;
    // Counted from the clock, not by ticks: a throttled background tab still ends on time.
    const tick = () => {
      const left = Math.max(0, Math.ceil((resendAtMs - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) setResendAtMs(null);
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [resendAtMs]);

  const isCountingDown = secondsLeft > 0;

  const onSendClick = () => {
    if (phase !== 'idle' || isCountingDown) return;
    if (!canSend()) return;
    setPhase('slider');
  };

  const onSliderSolved = async (sliderToken: string) => {
    setPhase('sending');
    try {
      const sent = await send(sliderToken);
      setHasSent(true);
      setSecondsLeft(secondsPerExpiredMinute * sent.expiredMinutes);
      setResendAtMs(Date.now() + secondsPerExpiredMinute * sent.expiredMinutes * 1000);
      inputRef.current?.focus();
    } catch (sendError) {
      setFailure(describeAuthError(sendError, t));
    } finally {
      setPhase('idle');
    }
  };

  const buttonText = isCountingDown
    ? t('sms_code_resend_in', { seconds: secondsLeft })
    : phase === 'sending'
      ? t('sms_code_sending')
      : t(hasSent ? 'sms_code_send_again' : 'sms_code_send');

  return (
    <div className="auth-field sms-code-field">
      <label className="auth-field__label" htmlFor={id}>
        {label ?? t('register_field_verificationCode')}
        {isRequired && (
          <span className="auth-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="auth-field__row">
        <input
          ref={inputRef}
          id={id}
          className="auth-field__input"
          name="verificationCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={Boolean(error)}
          aria-required={isRequired}
          placeholder={placeholder ?? t('sms_code_placeholder')}
        />
        <button
          type="button"
          className="sms-code-field__send"
          onClick={onSendClick}
          disabled={phase !== 'idle' || isCountingDown}
          aria-live="polite"
        >
          {buttonText}
        </button>
      </div>
      {error ? (
        <p className="auth-field__error">{error}</p>
      ) : hasSent ? (
        <p className="auth-field__hint sms-code-field__sent">{t('sms_code_sent')}</p>
      ) : (
        hint
      )}
      {phase === 'slider' && (
        <div className="sms-code-field__slider">
          <SliderChallenge onSolved={(token) => void onSliderSolved(token)} />
          <button type="button" className="auth-form__link sms-code-field__cancel" onClick={() => setPhase('idle')}>
            {t('common_cancel')}
          </button>
        </div>
      )}
      {failure !== null && <WarningDialog message={failure} onClose={() => setFailure(null)} />}
    </div>
  );
}
