import type { GameCard } from '@lotus/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../../components/icon';
import { LazyImage } from '../../../components/lazy-image';
import { paths } from '../../../config/paths';
import { useLoginGate } from '../../../lib/login-gate';

/** A game tile: portrait thumbnail, badges, name, vendor, and a play button behind the login gate. */
export function GameTile({ game, vendorName }: { game: GameCard; vendorName?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requireLogin = useLoginGate();
  // spec §4: a game needs a login; the launched address is then shown on /game.
  const onPlay = () => requireLogin(() => void navigate(paths.game.getHref()));

  return (
    <article className="game-tile" data-game-id={game.gameId}>
      <div className="game-tile__media">
        <LazyImage src={game.thumbnailUrl} alt="" width={300} height={400} className="game-tile__image" />
        <div className="game-tile__badges">
          {game.isHot === 1 && <span className="badge badge--hot">{t('game_badge_hot')}</span>}
          {game.isNew && <span className="badge badge--new">{t('game_badge_new')}</span>}
        </div>
        <div className="game-tile__overlay">
          <button type="button" className="game-tile__play" onClick={onPlay} aria-label={t('game_play_named', { name: game.displayName })}>
            <Icon name="chevron-right" size={22} />
            <span>{t('game_play')}</span>
          </button>
        </div>
      </div>
      <div className="game-tile__info">
        <h3 className="game-tile__name">{game.displayName}</h3>
        {vendorName && <p className="game-tile__vendor">{vendorName}</p>}
      </div>
    </article>
  );
}
