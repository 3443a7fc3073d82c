import type { GameCard } from '@lotus/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { LazyImage } from '../../../components/lazy-image';

interface GameTileProps {
  game: GameCard;
  vendorName?: string;
  onPlay: (game: GameCard) => void;
  /** The member's favourite mark; absent for visitors, who get no heart. */
  isFavorite?: boolean;
  onFavoriteChange?: (game: GameCard, isFavorite: boolean) => void;
}

/** A tile is a column of the game grid: about a third of a phone, at most ~240 px on a wide screen. */
const tileSizes = '(max-width: 640px) 34vw, 240px';

/** A game tile: portrait thumbnail, badges, favourite heart, name, vendor, and a play button. */
export function GameTile({ game, vendorName, onPlay, isFavorite, onFavoriteChange }: GameTileProps) {
  const { t } = useTranslation();
  return (
    <article className="game-tile" data-game-id={game.gameId}>
      <div className="game-tile__media">
        <LazyImage
          src={game.thumbnailUrl}
          alt=""
          width={300}
          height={400}
          sizes={tileSizes}
          className="game-tile__image"
        />
        <div className="game-tile__badges">
          {game.isHot === 1 && <span className="badge badge--hot">{t('game_badge_hot')}</span>}
          {game.isNew && <span className="badge badge--new">{t('game_badge_new')}</span>}
        </div>
        <div className="game-tile__overlay">
          <button
            type="button"
            className="game-tile__play"
            onClick={() => onPlay(game)}
            aria-label={t('game_play_named', { name: game.displayName })}
          >
            <Icon name="chevron-right" size={22} />
            <span>{t('game_play')}</span>
          </button>
        </div>
        {isFavorite !== undefined && onFavoriteChange && (
          <button
            type="button"
            className="game-tile__favorite"
            aria-pressed={isFavorite}
            aria-label={t('game_favorite_named', { name: game.displayName })}
            onClick={() => onFavoriteChange(game, !isFavorite)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
            </svg>
          </button>
        )}
      </div>
      <div className="game-tile__info">
        <h3 className="game-tile__name">{game.displayName}</h3>
        {vendorName && <p className="game-tile__vendor">{vendorName}</p>}
      </div>
    </article>
  );
}

/** The grey tile drawn while a page of games loads. */
export function GameTileSkeleton() {
  return (
    <div className="game-tile game-tile--skeleton" aria-hidden="true">
      <div className="game-tile__media" />
      <div className="game-tile__info">
        <span className="skeleton-line" />
        <span className="skeleton-line skeleton-line--short" />
      </div>
    </div>
  );
}
