import '../games.css';
import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../../../api/whitelabel';
import { LazyImage, lazyImagePlaceholder } from '../../../components/lazy-image';
import { Modal } from '../../../components/modal';
import { formatDateTime } from '../../../lib/format';
import { openModal } from '../../../stores/modal-store';
import { loadGamesCatalogue } from '../games-catalogue';
import type { LaunchProblem, SuggestedGame } from './launch-problem';

// The dialogs' texts are in the games catalogue; the header can launch before any game page loaded it.
await loadGamesCatalogue();

/**
 * The dialog of a refused launch (protocol notes "Special dialogs"): the maintenance window, the
 * deposit offer, the free-play refusal, or the generic popup with the server's message.
 */
export function LaunchProblemDialog({
  problem,
  onClose,
  onLaunch,
}: {
  problem: LaunchProblem;
  onClose: () => void;
  onLaunch: (game: SuggestedGame) => void;
}) {
  const { t } = useTranslation();
  const { data: whitelabel } = useWhitelabel();
  // Deposits live in the member centre; a merchant without it has no deposit page to offer (spec §2).
  const canOfferDeposit = problem.kind === 'balance' && !problem.isTrial && whitelabel?.switches.memberCentre !== false;
  const openDeposit = () => {
    onClose();
    openModal({ kind: 'memberCentre', page: 'depositv2' });
  };

  let title = t('in_popup_prompt');
  let message: string;
  switch (problem.kind) {
    case 'maintenance':
      title = t('launch_maintenance_title');
      message =
        problem.startMs !== null && problem.endMs !== null
          ? t('launch_maintenance_window', {
              start: formatDateTime(problem.startMs),
              end: formatDateTime(problem.endMs),
            })
          : t('launch_maintenance_message');
      break;
    case 'balance':
      title = t('launch_balance_title');
      message = problem.isTrial ? t('launch_balance_trial_message') : t('launch_balance_message');
      break;
    case 'trial':
      title = t('launch_trial_title');
      message = t('launch_trial_message');
      break;
    case 'noGame':
      message = t('launch_no_game');
      break;
    case 'error':
      message = problem.message ?? t('error_network');
      break;
  }

  return (
    <Modal title={title} onClose={onClose} size="small" className="launch-dialog">
      <p className="notice-modal__message" data-problem={problem.kind}>
        {message}
      </p>
      {problem.kind === 'maintenance' && problem.suggestions.length > 0 && (
        <section className="launch-dialog__suggestions" aria-labelledby="launch-suggestions-title">
          <h3 id="launch-suggestions-title" className="launch-dialog__suggestions-title">
            {t('launch_maintenance_suggestions')}
          </h3>
          <ul className="launch-dialog__suggestion-list">
            {problem.suggestions.map((game) => (
              <li key={`${game.vassalage}:${game.gameId}`}>
                <button type="button" className="launch-dialog__suggestion" onClick={() => onLaunch(game)}>
                  <LazyImage
                    src={game.thumbnailUrl ?? lazyImagePlaceholder}
                    alt=""
                    width={36}
                    height={48}
                    className="launch-dialog__suggestion-image"
                  />
                  <span>{game.displayName}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="notice-modal__actions">
        {canOfferDeposit ? (
          <>
            <button type="button" className="button button--ghost" onClick={onClose}>
              {t('common_cancel')}
            </button>
            <button type="button" className="button button--primary" onClick={openDeposit}>
              {t('launch_deposit')}
            </button>
          </>
        ) : (
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('in_increase_submit')}
          </button>
        )}
      </div>
    </Modal>
  );
}
