import '../lottery.css';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useLotteryGames } from '../api/lottery';
import { loadLotteryCatalogue } from '../lottery-catalogue';
import { GamePanel } from './game-panel';
import { LotteryLobby } from './lottery-lobby';
import { MyBets } from './my-bets';

await loadLotteryCatalogue();

/**
 * /lottery (issue 18): the lobby of draws and results, one game's panel with its bet slip with
 * `?gameCode=` (spec's `/lottery?gameCode=...`), or the member's lottery bets with `?view=bets`.
 */
export function LotteryPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const games = useLotteryGames();
  const gameCode = query.get('gameCode');
  const isBetsView = query.get('view') === 'bets';
  const game = gameCode ? games.data?.find((item) => item.gameCode === gameCode) : undefined;
  const familyOf = (code: string) => games.data?.find((item) => item.gameCode === code)?.family ?? '';
  return (
    <div className="lottery">
      <header className="page-title lottery-title">
        <div>
          <h1>{t('lottery_title')}</h1>
          <p>{t('lottery_subtitle')}</p>
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
          {games.data.length === 0 ? (
            <p className="lottery-note">{t('lottery_no_games')}</p>
          ) : (
            <LotteryLobby games={games.data} />
          )}
        </>
      )}
    </div>
  );
}
