import type { HomeLane } from '@lotus/contract';
import { useTranslation } from 'react-i18next';
import { useGameMenus } from '../../../api/game-menus';
import { useHomeLanes } from '../../../api/home-lanes';
import { Spinner } from '../../../components/global-loader';
import { GameTile } from '../../games/components/game-tile';
import { HotGamesGrid } from '../../games/components/hot-games';
import { vendorNames } from '../../games/game-groups';
import { useLaunchGame } from '../../games/launch/use-launch-game';

/**
 * The home page's games: the lanes the operator set (hot games of a category, or games they picked),
 * each a titled grid of tiles that launch; without lanes (or if they cannot be read) the one grid of
 * hot games the page always had.
 */
export function HomeLanes() {
  const { t } = useTranslation();
  const { data: lanes, isPending } = useHomeLanes();
  if (isPending) return <Spinner />;
  if (!lanes || lanes.length === 0) {
    return (
      <section className="section" aria-labelledby="home-hot-games">
        <div className="section__head">
          <h2 id="home-hot-games" className="section__title">
            {t('home_hot_games')}
          </h2>
        </div>
        <HotGamesGrid limit={18} />
      </section>
    );
  }
  return <LaneSections lanes={lanes} />;
}

function LaneSections({ lanes }: { lanes: HomeLane[] }) {
  const { data: menus = [] } = useGameMenus();
  const { launch, dialog } = useLaunchGame();
  const names = vendorNames(menus);
  return (
    <>
      {lanes.map((lane) => (
        <section key={lane.code} className="section" aria-labelledby={`home-lane-${lane.code}`}>
          <div className="section__head">
            <h2 id={`home-lane-${lane.code}`} className="section__title">
              {lane.title}
            </h2>
          </div>
          <ul className="game-grid">
            {lane.games.map((game) => (
              <li key={`${game.vassalage}-${game.gameId}`}>
                <GameTile game={game} vendorName={names.get(game.vassalage)} onPlay={launch} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {dialog}
    </>
  );
}
