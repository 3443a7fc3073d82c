import type { GameCard } from '@lotus/contract';
import { useTranslation } from 'react-i18next';
import { useGameMenus } from '../../../api/game-menus';
import { useHotGames } from '../../../api/hot-games';
import { Spinner } from '../../../components/global-loader';
import { StatusPanel } from '../../../components/status-panel';
import { vendorNames } from '../game-groups';
import { useLaunchGame } from '../launch/use-launch-game';
import { GameTile } from './game-tile';

interface HotGamesGridProps {
  /** Keeps only some games (a category's or a vendor's); all hot games when absent. */
  filter?: (games: readonly GameCard[]) => GameCard[];
  limit?: number;
}

/** The hot games of GCSGAME_hotGamesV2 (public) as a responsive grid of tiles that launch. */
export function HotGamesGrid({ filter, limit }: HotGamesGridProps) {
  const { t } = useTranslation();
  const { data: games, isPending, isError, refetch } = useHotGames();
  const { data: menus = [] } = useGameMenus();
  const { launch, dialog } = useLaunchGame();
  if (isPending) return <Spinner />;
  if (isError) {
    return (
      <StatusPanel
        title={t('error_network')}
        actions={
          <button type="button" className="button button--primary" onClick={() => void refetch()}>
            {t('common_retry')}
          </button>
        }
      />
    );
  }
  const names = vendorNames(menus);
  const shown = (filter ? filter(games) : games).slice(0, limit);
  if (shown.length === 0) return <StatusPanel title={t('game_none')} />;
  return (
    <>
      <ul className="game-grid">
        {shown.map((game) => (
          <li key={`${game.vassalage}-${game.gameId}`}>
            <GameTile game={game} vendorName={names.get(game.vassalage)} onPlay={launch} />
          </li>
        ))}
      </ul>
      {dialog}
    </>
  );
}
