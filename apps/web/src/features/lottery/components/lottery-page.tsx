import '../lottery.css';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { lotteryPrizeModes, type LotteryGame } from '@lotus/contract';
import { useLotteryGames, useVnGameMenu } from '../api/lottery';
import { loadLotteryCatalogue } from '../lottery-catalogue';
import { GamePanel } from './game-panel';
import { LotteryLobby } from './lottery-lobby';
import { MyBets } from './my-bets';
import { VnLobby } from './vn-lobby';

await loadLotteryCatalogue();

/** Which games a lobby lists: all, the Vietnamese ones (/vnlottery) or the SEA prize mode's (/seaLottery). */
export type LotteryLobbyKind = 'all' | 'vn' | 'sea';

const lobbyTexts: Record<LotteryLobbyKind, { title: string; subtitle: string }> = {
  all: { title: 'lottery_title', subtitle: 'lottery_subtitle' },
  vn: { title: 'lottery_vn_title', subtitle: 'lottery_vn_subtitle' },
  sea: { title: 'lottery_sea_title', subtitle: 'lottery_sea_subtitle' },
};

/** The Vietnamese games of `/lgw/vn/games/game_menu`, region after region. */
function useVnGames(isWanted: boolean): { data: LotteryGame[] | undefined; isPending: boolean; isError: boolean } {
  const menu = useVnGameMenu(isWanted);
  if (!isWanted) return { data: undefined, isPending: false, isError: false };
  return {
    data: menu.data?.flatMap((group) => group.gameMenus),
    isPending: menu.isPending,
    isError: menu.isError,
  };
}

/**
 * /lottery (issue 18): the lobby of draws and results, one game's panel with its bet slip with
 * `?gameCode=` (spec's `/lottery?gameCode=...`), or the member's lottery bets with `?view=bets`.
 * /vnlottery and /seaLottery list the Vietnamese and SEA games, their cards opening the game on /lottery.
 */
export function LotteryPage({ lobby = 'all' }: { lobby?: LotteryLobbyKind }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const games = useLotteryGames();
  const seaGames = useLotteryGames(lotteryPrizeModes.SEA, lobby === 'sea');
  const vnGames = useVnGames(lobby === 'vn');
  const lobbyGames = lobby === 'vn' ? vnGames : lobby === 'sea' ? seaGames : games;
  const gameCode = query.get('gameCode');
  const isBetsView = query.get('view') === 'bets';
  const game = gameCode ? games.data?.find((item) => item.gameCode === gameCode) : undefined;
  const familyOf = (code: string) => games.data?.find((item) => item.gameCode === code)?.family ?? '';
  return (
    <div className="lottery">
      <header className="page-title lottery-title">
        <div>
          <h1>{t(lobbyTexts[lobby].title)}</h1>
          <p>{t(lobbyTexts[lobby].subtitle)}</p>
        </div>
        {isBetsView ? null : (
          <Link className="button button--secondary button--small" to={paths.lottery.getHref('bets')}>
            {t('lottery_my_bets')}
          </Link>
        )}
      </header>
      {games.isPending ? (
        <p className="lottery-note">{t('lottery_loading')}</p>
      ) : games.isError ? (
        <p className="lottery-note" role="alert">
          {t('lottery_load_failed')}{' '}
          <button type="button" className="lottery-link-button" onClick={() => void games.refetch()}>
            {t('lottery_retry')}
          </button>
        </p>
      ) : isBetsView ? (
        <>
          <Link className="lottery-back" to={paths.lottery.getHref()}>
            {t('lottery_back')}
          </Link>
          <MyBets games={games.data} family={familyOf} />
        </>
      ) : game ? (
        <>
          <Link className="lottery-back" to={paths.lottery.getHref()}>
            {t('lottery_back')}
          </Link>
          <GamePanel key={game.gameCode} game={game} />
        </>
      ) : (
        <>
          {gameCode ? (
            <p className="lottery-note" role="alert">
              {t('lottery_game_unknown')}
            </p>
          ) : null}
          {lobbyGames.isPending ? (
            <p className="lottery-note">{t('lottery_loading')}</p>
          ) : lobbyGames.isError || !lobbyGames.data ? (
            <p className="lottery-note" role="alert">
              {t('lottery_load_failed')}
            </p>
          ) : lobbyGames.data.length === 0 ? (
            <p className="lottery-note">{t('lottery_no_games')}</p>
          ) : lobby === 'vn' ? (
            <VnLobby games={lobbyGames.data} />
          ) : (
            <LotteryLobby games={lobbyGames.data} />
          )}
        </>
      )}
    </div>
  );
}
