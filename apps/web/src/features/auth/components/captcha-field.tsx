import type { Captcha } from '@lotus/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { fetchCaptcha } from '../api/challenges';

/** spec §5: the captcha may be refreshed at most once a second. */
const refreshIntervalMs = 1000;

interface CaptchaFieldProps {
  value: string;
  onChange: (answer: string) => void;
  /** Told the id of the captcha on screen (null while none is loaded). */
  onCaptchaId: (captchaId: string | null) => void;
  /** Changing it loads a new captcha (a captcha is spent by every attempt, right or wrong). */
  reloadKey: number;
  error?: string;
}

/** GET /wps/captcha: the image, the answer input and a refresh button. */
export function CaptchaField({ value, onChange, onCaptchaId, reloadKey, error }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [isCoolingDown, setIsCoolingDown] = useState(false);
  const onCaptchaIdRef = useRef(onCaptchaId);
  useEffect(() => {
    onCaptchaIdRef.current = onCaptchaId;
  });

  const load = useCallback(async () => {
    onCaptchaIdRef.current(null);
    try {
      const next = await fetchCaptcha();
      setCaptcha(next);
      onCaptchaIdRef.current(next.captchaId);
    } catch {
      setCaptcha(null);
    }
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a new challenge on mount (and after each attempt)
    void load();
  }, [load, reloadKey]);

  const refresh = () => {
    if (isCoolingDown) return;
    setIsCoolingDown(true);
    window.setTimeout(() => setIsCoolingDown(false), refreshIntervalMs);
    onChange('');
    void load();
  };

  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor="auth-captcha">
        {t('captcha_label')}
      </label>
      <div className="auth-field__row">
        <input
          id="auth-captcha"
          className="auth-field__input"
          name="captcha"
          autoComplete="off"
          maxLength={255}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={Boolean(error)}
          placeholder={t('captcha_placeholder')}
        />
        {captcha ? (
          <img className="captcha-image" src={captcha.image} alt={t('captcha_image')} width={120} height={40} />
        ) : (
          <span className="captcha-image captcha-image--empty" />
        )}
        <button
          type="button"
          className="auth-field__icon-button"
          onClick={refresh}
          disabled={isCoolingDown}
          aria-label={t('captcha_refresh')}
        >
          <Icon name="refresh" size={16} />
        </button>
      </div>
      {error && <p className="auth-field__error">{error}</p>}
    </div>
  );
}
