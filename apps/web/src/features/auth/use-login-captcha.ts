import { useState } from 'react';
import { isCaptchaNowRequired } from './auth-errors';

/**
 * The captcha of a login form (spec §5): none until the server asks for one, then required with
 * every attempt. Each attempt spends the one on screen, so its answer is cleared after a refusal,
 * and a new one loads when the refusal asks again.
 */
export function useLoginCaptcha() {
  const [isRequired, setIsRequired] = useState(false);
  const [answer, setAnswer] = useState('');
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  return {
    isRequired,
    /** For CaptchaField, with the form's error. */
    fieldProps: { value: answer, onChange: setAnswer, onCaptchaId: setCaptchaId, reloadKey },
    isMissing: isRequired && !answer.trim(),
    /** What the login request carries for it (nothing while none is asked or loaded). */
    requestFields: isRequired && captchaId ? { captcha: answer.trim(), captchaId } : {},
    afterRefusal: (error: unknown) => {
      if (isCaptchaNowRequired(error)) {
        setIsRequired(true);
        setReloadKey((key) => key + 1);
      }
      setAnswer('');
    },
  };
}
