import '../games.css';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { StatusPanel } from '../../../components/status-panel';
import { paths } from '../../../config/paths';
import { useStore } from '../../../stores/create-store';
import { launchedGameStore } from '../../../stores/launched-game-store';
import { loadGamesCatalogue } from '../games-catalogue';

// The game pages' texts come with their chunks (the home page's JS budget).
await loadGamesCatalogue();

/** spec §2 /game: the launched game's address in a full-width frame, or a friendly panel. */
export function GameFrame() {
  const { t } = useTranslation();
  const launchedGame = useStore(launchedGameStore);
  if (!launchedGame) {
    return (
      <div className="page">
        <StatusPanel
          art="/art/misc/empty.svg"
          title={t('game_frame_empty_title')}
          message={t('game_frame_empty_message')}
          actions={<AppLink to={paths.home.getHref()} className="button button--primary">{t('common_back_home')}</AppLink>}
        />
      </div>
    );
  }
  return (
    <div className="game-frame">
      <iframe className="game-frame__iframe" src={launchedGame.url} title={launchedGame.title} allow="autoplay; fullscreen" allowFullScreen />
    </div>
  );
}
