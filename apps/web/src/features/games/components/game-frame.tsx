import '../games.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AppLink } from '../../../components/app-link';
import { Icon } from '../../../components/icon';
import { StatusPanel } from '../../../components/status-panel';
import { paths } from '../../../config/paths';
import { useStore } from '../../../stores/create-store';
import { launchedGameStore, type LaunchedGame } from '../../../stores/launched-game-store';
import { openModal } from '../../../stores/modal-store';
import { loadGamesCatalogue } from '../games-catalogue';
import { cancelScheduledReturn, returnGameWallets, scheduleReturn } from '../launch/game-wallet-return';

// The game pages' texts come with their chunks (the home page's JS budget).
await loadGamesCatalogue();

/**
 * A transfer-mode game's money goes back to the main wallet when the member leaves it: the page is left
 * (another page of the site, Back), or the tab is closed or reloaded (`pagehide`, sent with keepalive).
 * The game is then closed too (going back to /game shows no game rather than one with an empty wallet).
 * A return that fails leaves the money in the game's wallet and says where to find it (My wallet).
 */
function useReturnOnLeave(transfer: LaunchedGame['transfer']): void {
  const queryClient = useQueryClient();
  const key = transfer?.returnKey;
  useEffect(() => {
    if (!key) return;
    // Drawn again at once (React's development double draw): that was no leaving.
    cancelScheduledReturn(key);
    const onPageHide = () => void returnGameWallets(queryClient, key);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      scheduleReturn(queryClient, key, (isDone) => {
        if (launchedGameStore.get()?.transfer?.returnKey === key) launchedGameStore.set(null);
        if (!isDone)
          openModal({
            kind: 'notice',
            titleKey: 'game_frame_return_failed_title',
            messageKey: 'game_frame_return_failed',
          });
      });
    };
  }, [key, queryClient]);
}

/**
 * spec §2 /game: the launched game's address in a full-size frame under a slim bar (name, back,
 * reload, full screen), or a friendly panel when nothing was launched (a reload forgets the address,
 * which is kept in memory only: it carries the vendor's session).
 */
export function GameFrame() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const launchedGame = useStore(launchedGameStore);
  useReturnOnLeave(launchedGame?.transfer);
  const frameRef = useRef<HTMLDivElement>(null);
  // A new key makes React draw a new iframe, which loads the game again.
  const [loadCount, setLoadCount] = useState(0);

  if (!launchedGame) {
    return (
      <div className="page">
        <StatusPanel
          art="/art/misc/empty.svg"
          title={t('game_frame_empty_title')}
          message={t('game_frame_empty_message')}
          actions={
            <AppLink to={paths.home.getHref()} className="button button--primary">
              {t('common_back_home')}
            </AppLink>
          }
        />
      </div>
    );
  }

  // The first page of this tab (a shared link) has nothing to go back to: home instead.
  const goBack = () => void (location.key === 'default' ? navigate(paths.home.getHref()) : navigate(-1));
  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled;

  return (
    <div className="game-frame" ref={frameRef}>
      <div className="game-frame__bar">
        <button type="button" className="game-frame__action" onClick={goBack}>
          <Icon name="chevron-left" size={18} />
          <span className="game-frame__action-label">{t('game_frame_back')}</span>
        </button>
        <h1 className="game-frame__title">{launchedGame.title}</h1>
        <button
          type="button"
          className="game-frame__action"
          onClick={() => setLoadCount((count) => count + 1)}
          aria-label={t('game_frame_reload')}
          title={t('game_frame_reload')}
        >
          <Icon name="refresh" size={18} />
        </button>
        {canFullscreen && (
          <button
            type="button"
            className="game-frame__action"
            onClick={() => void frameRef.current?.requestFullscreen().catch(() => undefined)}
            aria-label={t('game_frame_fullscreen')}
            title={t('game_frame_fullscreen')}
          >
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
            </svg>
          </button>
        )}
      </div>
      <iframe
        key={`${launchedGame.url}#${loadCount}`}
        className="game-frame__iframe"
        src={launchedGame.url}
        title={launchedGame.title}
        allow="autoplay; fullscreen"
        allowFullScreen
      />
    </div>
  );
}
