import '../games.css';
import type { GameCard, Vendor } from '@lotus/contract';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useFavoriteIds,
  useFavoritesList,
  useGameList,
  useRecentGames,
  useSetFavorite,
  useVassGameTypes,
} from '../../../api/games';
import { useHotGames } from '../../../api/hot-games';
import { Icon } from '../../../components/icon';
import { StatusPanel } from '../../../components/status-panel';
import { allVendors } from '../../../stores/game-nav-store';
import { classifiesOf, matchesGameFilter, type LobbyView } from '../game-groups';
import { useLaunchGame } from '../launch/use-launch-game';
import { useInfiniteScroll } from '../use-infinite-scroll';
import { GameTile, GameTileSkeleton } from './game-tile';

/** The search box waits this long after the last key before asking the server. */
export const searchDebounceMs = 300;
const skeletonCount = 12;
const views: readonly LobbyView[] = ['all', 'hot', 'new', 'favorites', 'recent'];

interface GameBrowserProps {
  /** The lobby's vendors (its tabs). */
  vendors: readonly Vendor[];
  /** The vendor tab chosen by `?page=`, or none for all of the lobby's vendors. */
  selected: Vendor | undefined;
  /** The game type the lobby lists when no vendor is chosen (RNG, LIVE, ...); none for the mixed lobbies. */
  gameType: string | undefined;
  vendorNames: ReadonlyMap<string, string>;
}

/**
 * A lobby's game list for a logged-in member (issue 5): search by name, classify chips and the views
 * All, Hot, New, Favourites and Recent; All and New scroll on without end, page by page.
 */
export function GameBrowser({ vendors, selected, gameType, vendorNames }: GameBrowserProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const [view, setView] = useState<LobbyView>('all');
  const [typedName, setTypedName] = useState('');
  const [gameName, setGameName] = useState('');
  const [gameClassify, setGameClassify] = useState<string | undefined>(undefined);
  const { launch, dialog } = useLaunchGame();

  useEffect(() => {
    const timer = setTimeout(() => setGameName(typedName.trim()), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [typedName]);

  const vendorCodes = useMemo(
    () => new Set(selected ? [selected.vassalage] : vendors.map((vendor) => vendor.vassalage)),
    [selected, vendors],
  );
  const { data: vendorTypes } = useVassGameTypes();
  const classifies = classifiesOf(vendorTypes ?? [], vendorCodes);
  const filter = { vendorCodes, gameClassify, gameName };

  const { data: favoriteIds = [] } = useFavoriteIds();
  const favorites = useMemo(() => new Set(favoriteIds), [favoriteIds]);
  const setFavorite = useSetFavorite();

  return (
    <section className="game-browser" aria-label={t('lobby_games')}>
      <div className="game-browser__toolbar">
        <div className="lobby-views" role="tablist" aria-label={t('lobby_views')}>
          {views.map((item) => (
            <button
              key={item}
              type="button"
              role="tab"
              className="lobby-views__tab"
              aria-selected={view === item}
              onClick={() => setView(item)}
            >
              {t(`lobby_view_${item}`)}
            </button>
          ))}
        </div>
        <div className="game-search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('lobby_search_label')}
          </label>
          <Icon name="search" size={18} className="game-search__icon" />
          <input
            id={searchId}
            type="search"
            className="game-search__input"
            value={typedName}
            maxLength={50}
            placeholder={t('lobby_search_placeholder')}
            onChange={(event) => setTypedName(event.target.value)}
          />
        </div>
      </div>
      {classifies.length > 1 && (
        <div className="classify-chips" role="group" aria-label={t('lobby_classify_label')}>
          {[undefined, ...classifies].map((code) => (
            <button
              key={code ?? 'all'}
              type="button"
              className="classify-chips__chip"
              aria-pressed={gameClassify === code}
              onClick={() => setGameClassify(code)}
            >
              {code ? t(`classify_${code}`, { defaultValue: code }) : t('lobby_classify_all')}
            </button>
          ))}
        </div>
      )}
      {view === 'all' || view === 'new' ? (
        <CatalogueList
          key={view}
          query={{
            vassalage: selected?.vassalage ?? allVendors,
            gameType: selected ? undefined : gameType,
            gameClassify,
            gameName: gameName || undefined,
          }}
          isNewOnly={view === 'new'}
          renderTile={(game) => tileOf(game)}
          isFiltered={Boolean(gameName || gameClassify)}
        />
      ) : (
        <PickedList view={view} filter={filter} renderTile={(game) => tileOf(game)} />
      )}
      {dialog}
    </section>
  );

  function tileOf(game: GameCard) {
    return (
      <GameTile
        game={game}
        vendorName={vendorNames.get(game.vassalage)}
        onPlay={launch}
        isFavorite={favorites.has(game.gameId)}
        onFavoriteChange={(changed, isFavorite) => setFavorite({ gameId: changed.gameId, isFavorite })}
      />
    );
  }
}

function SkeletonGrid() {
  return (
    <ul className="game-grid" aria-hidden="true">
      {Array.from({ length: skeletonCount }, (_, index) => (
        <li key={index}>
          <GameTileSkeleton />
        </li>
      ))}
    </ul>
  );
}

function ErrorPanel({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusPanel
      title={t('lobby_list_error')}
      message={t('error_network')}
      actions={
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('common_retry')}
        </button>
      }
    />
  );
}

function GameGrid({ games, renderTile }: { games: readonly GameCard[]; renderTile: (game: GameCard) => ReactNode }) {
  return (
    <ul className="game-grid">
      {games.map((game) => (
        <li key={`${game.vassalage}-${game.gameId}`}>{renderTile(game)}</li>
      ))}
    </ul>
  );
}

interface CatalogueListProps {
  query: { vassalage: string; gameType?: string; gameClassify?: string; gameName?: string };
  /** The New view: the same list, only the new games (the game list has no "new" filter). */
  isNewOnly: boolean;
  isFiltered: boolean;
  renderTile: (game: GameCard) => ReactNode;
}

/** GCSGAME_gameList page after page, loaded as the end of the list comes into view. */
function CatalogueList({ query, isNewOnly, isFiltered, renderTile }: CatalogueListProps) {
  const { t } = useTranslation();
  const list = useGameList(query);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const pages = list.data?.pages ?? [];
  const sentinelRef = useInfiniteScroll({
    onLoadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    canLoadMore: Boolean(hasNextPage) && !list.isError,
    pageCount: pages.length,
  });
  if (list.isPending) return <SkeletonGrid />;
  if (list.isError && pages.length === 0) return <ErrorPanel onRetry={() => void list.refetch()} />;
  const games = pages.flatMap((page) => page.games).filter((game) => !isNewOnly || game.isNew);
  const total = pages[0]?.totalElements ?? 0;
  return (
    <>
      {!isNewOnly && total > 0 && <p className="game-browser__count">{t('lobby_game_count', { count: total })}</p>}
      {games.length === 0 && !hasNextPage ? (
        <StatusPanel
          title={isFiltered ? t('lobby_no_match') : isNewOnly ? t('lobby_no_new') : t('game_none')}
          message={isFiltered ? t('lobby_no_match_hint') : undefined}
        />
      ) : (
        <GameGrid games={games} renderTile={renderTile} />
      )}
      {isFetchingNextPage && <SkeletonGrid />}
      {list.isFetchNextPageError && <ErrorPanel onRetry={() => void fetchNextPage()} />}
      <div ref={sentinelRef} className="game-browser__sentinel" data-testid="game-list-sentinel" />
    </>
  );
}

interface PickedListProps {
  view: Exclude<LobbyView, 'all' | 'new'>;
  filter: Parameters<typeof matchesGameFilter>[1];
  renderTile: (game: GameCard) => ReactNode;
}

/** Hot, favourite and recent games: short lists, filtered here by the lobby's vendors, classify and name. */
function PickedList({ view, filter, renderTile }: PickedListProps) {
  const { t } = useTranslation();
  const hot = useHotGames();
  const favorites = useFavoritesList(view === 'favorites');
  const recent = useRecentGames(view === 'recent');
  const favoritePages = favorites.data?.pages ?? [];
  const sentinelRef = useInfiniteScroll({
    onLoadMore: () => {
      if (favorites.hasNextPage && !favorites.isFetchingNextPage) void favorites.fetchNextPage();
    },
    canLoadMore: view === 'favorites' && Boolean(favorites.hasNextPage),
    pageCount: favoritePages.length,
  });

  const source = view === 'hot' ? hot : view === 'favorites' ? favorites : recent;
  if (source.isPending) return <SkeletonGrid />;
  if (source.isError) return <ErrorPanel onRetry={() => void source.refetch()} />;
  const all: readonly GameCard[] =
    view === 'hot'
      ? (hot.data ?? [])
      : view === 'favorites'
        ? favoritePages.flatMap((page) => page.content)
        : (recent.data ?? []);
  const games = all.filter((game) => matchesGameFilter(game, filter));
  const emptyTitle =
    view === 'favorites' ? t('lobby_favorites_empty') : view === 'recent' ? t('lobby_recent_empty') : t('game_none');
  const emptyHint =
    view === 'favorites' ? t('lobby_favorites_hint') : view === 'recent' ? t('lobby_recent_hint') : undefined;
  return (
    <>
      {games.length === 0 ? (
        <StatusPanel title={emptyTitle} message={emptyHint} />
      ) : (
        <GameGrid games={games} renderTile={renderTile} />
      )}
      <div ref={sentinelRef} className="game-browser__sentinel" />
    </>
  );
}
