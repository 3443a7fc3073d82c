import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorNote, PageHeader } from '../../components/bits';
import { lotteryGamesQuery } from './api';
import { BookPanel } from './book-panel';
import { DrawsPanel } from './draws-panel';
import { GamesPanel } from './games-panel';
import { NumberRulesPanel } from './number-rules-panel';
import { OrdersPanel } from './orders-panel';
import './lottery.css';

const tabs = ['book', 'games', 'numbers', 'orders', 'draws'] as const;
type Tab = (typeof tabs)[number];

/**
 * Lottery (`lottery.manage`): the book of a draw (what the house pays if each number wins, read again
 * every few seconds while the draw is open), the brand's setting of each game, blocked numbers, the
 * members' orders, and cancelling a draw whose result never came. Each part is a tab in the URL
 * (`?tab=`); the game picked is shared by the tabs that need one (`?game=`).
 */
export function LotteryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const games = useQuery(lotteryGamesQuery());
  const tab: Tab = (tabs as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'book';
  const items = games.data?.items ?? [];
  const gameId = Number(params.get('game')) || items.find((game) => game.isGameEnabled)?.gameId || items[0]?.gameId;
  const game = items.find((item) => item.gameId === gameId);
  const setGame = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('game', String(next));
      updated.delete('page');
      updated.delete('numero');
      return updated;
    });
  const linkTo = (next: Tab) => {
    const updated = new URLSearchParams();
    updated.set('tab', next);
    if (gameId) updated.set('game', String(gameId));
    return `?${updated.toString()}`;
  };
  return (
    <div className="lottery-page">
      <PageHeader title={t('lottery_title')} subtitle={t('lottery_subtitle')} />
      <nav className="member-tabs lottery-tabs" aria-label={t('lottery_title')}>
        {tabs.map((item) => (
          <Link
            key={item}
            to={linkTo(item)}
            className={item === tab ? 'member-tab is-active' : 'member-tab'}
            aria-current={item === tab ? 'page' : undefined}
          >
            {t(`lottery_tab_${item}`)}
          </Link>
        ))}
      </nav>
      <ErrorNote error={games.error} />
      {tab === 'games' ? <GamesPanel games={games.data?.items} isLoading={games.isLoading} /> : null}
      {tab === 'orders' ? <OrdersPanel games={items} /> : null}
      {game && tab === 'book' ? <BookPanel games={items} game={game} onGame={setGame} /> : null}
      {game && tab === 'numbers' ? <NumberRulesPanel games={items} game={game} onGame={setGame} /> : null}
      {game && tab === 'draws' ? <DrawsPanel games={items} game={game} onGame={setGame} /> : null}
    </div>
  );
}
