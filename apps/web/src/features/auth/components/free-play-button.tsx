import { type FreePlayRequest } from '@lotus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { startSession } from '../../../api/member';
import { Icon } from '../../../components/icon';
import { paths } from '../../../config/paths';
import { session } from '../../../lib/session';
import { closeModal } from '../../../stores/modal-store';
import { describeAuthError } from '../auth-errors';
import { createFreePlaySession } from '../api/sessions';

/**
 * Free trial (spec §4 "Free play"; switch `freePlay`): POST /wps/session/login/freeplay sealed gives a
 * trial account (isAgent 4), then member info, no pending password change, modals closed, home.
 * Real-money actions of a trial account meet the login gate's "register first".
 */
export async function startFreePlay(): Promise<void> {
  const request: FreePlayRequest = {};
  const result = await createFreePlaySession(request);
  await startSession(result);
  session.clearPendingPasswordChange();
  closeModal();
}

export function FreePlayButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isStarting, setIsStarting] = useState(false);
  const [error, setError] = useState('');

  const onClick = async () => {
    setIsStarting(true);
    setError('');
    try {
      await startFreePlay();
      void navigate(paths.home.getHref());
    } catch (failure) {
      setError(describeAuthError(failure, t));
      setIsStarting(false);
    }
  };

  return (
    <div className="free-play">
      <button
        type="button"
        className="button button--ghost button--medium free-play__button"
        onClick={() => void onClick()}
        disabled={isStarting}
      >
        <Icon name="gift" size={18} />
        {t(isStarting ? 'login_free_play_starting' : 'login_free_play')}
      </button>
      {error && (
        <p className="auth-form__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
