import type { AdminLotteryBook, AdminLotteryGame } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Badge, DateTime, ErrorNote, FilterField, Money, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { formatCount } from '../../lib/format';
import { useLanguage } from '@lotus/client';
import { bookRefreshMs, lotteryBookQuery } from './api';
import { GamePicker } from './game-picker';
import { DrawStatus } from './draw-status';

type NumberLine = AdminLotteryBook['numbers'][number];
type PlayLine = AdminLotteryBook['plays'][number];

/** How much of its limit a number's payout uses, in whole percent (null: no limit). */
export function limitUsePercent(line: Pick<NumberLine, 'payout' | 'limit'>): number | null {
  if (line.limit === null || Number(line.limit) === 0) return null;
  return Math.min(100, Math.round((Number(line.payout) / Number(line.limit)) * 100));
}

/**
 * The book of a draw (default: the game's current draw): what the brand's members staked and what the
 * house pays if each number wins, highest first, beside the limit a new bet on it meets; and the
 * stakes per play. Read again every few seconds while the draw is open or waiting for its result.
 */
export function BookPanel({
  games,
  game,
  onGame,
}: {
  games: readonly AdminLotteryGame[];
  game: AdminLotteryGame;
  onGame: (gameId: number) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const numero = params.get('numero') ?? '';
  const [draft, setDraft] = useState(numero);
  const book = useQuery(lotteryBookQuery(game.gameId, numero));
  const data = book.data;
  const isLive = data?.draw?.status === 'open' || data?.draw?.status === 'locked';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (draft.trim()) updated.set('numero', draft.trim().toUpperCase());
      else updated.delete('numero');
      return updated;
    });
  };
  const numberColumns: Column<NumberLine>[] = [
    { key: 'play', header: t('lottery_play'), render: (line) => line.playCode },
    {
      key: 'number',
      header: t('lottery_number'),
      render: (line) => (
        <span className="cell-stack">
          <strong className="lottery-number">{line.number}</strong>
          {line.isClosed ? <Badge tone="bad">{t('lottery_closed')}</Badge> : null}
        </span>
      ),
    },
    { key: 'stake', header: t('lottery_stake'), isNumeric: true, render: (line) => <Money amount={line.stake} /> },
    {
      key: 'payout',
      header: t('lottery_payout_if_wins'),
      isNumeric: true,
      render: (line) => <Money amount={line.payout} />,
    },
    {
      key: 'limit',
      header: t('lottery_limit'),
      isNumeric: true,
      render: (line) => {
        const use = limitUsePercent(line);
        return line.limit === null ? (
          <span className="muted">{t('lottery_no_limit')}</span>
        ) : (
          <span className="cell-stack">
            <Money amount={line.limit} />
            <span className={use !== null && use >= 90 ? 'lottery-use is-high' : 'lottery-use'}>
              {t('lottery_limit_used', { percent: use ?? 0 })}
            </span>
          </span>
        );
      },
    },
  ];
  const playColumns: Column<PlayLine>[] = [
    {
      key: 'play',
      header: t('lottery_play'),
      render: (line) => (
        <span className="cell-stack">
          <span>{line.playCode}</span>
          <span className="muted">{line.isNumberPlay ? t('lottery_number_play') : t('lottery_other_play')}</span>
        </span>
      ),
    },
    {
      key: 'orders',
      header: t('lottery_orders'),
      isNumeric: true,
      render: (line) => formatCount(line.orders, language),
    },
    { key: 'stake', header: t('lottery_stake'), isNumeric: true, render: (line) => <Money amount={line.stake} /> },
  ];
  return (
    <>
      <Panel
        title={t('lottery_tab_book')}
        actions={
          isLive ? (
            <span className="lottery-live" role="status">
              {t('lottery_live', { seconds: bookRefreshMs / 1000 })}
            </span>
          ) : null
        }
      >
        <form className="filter-grid" onSubmit={submit}>
          <GamePicker games={games} gameId={game.gameId} onGame={onGame} />
          <FilterField label={t('lottery_draw')}>
            {(id) => (
              <input
                id={id}
                value={draft}
                placeholder={t('lottery_current_draw')}
                onChange={(event) => setDraft(event.target.value)}
                autoComplete="off"
                maxLength={14}
              />
            )}
          </FilterField>
          <div className="filter-actions">
            <button type="submit" className="button is-primary">
              {t('filter_apply')}
            </button>
            {numero ? (
              <button
                type="button"
                className="button is-ghost"
                onClick={() => {
                  setDraft('');
                  setParams((current) => {
                    const updated = new URLSearchParams(current);
                    updated.delete('numero');
                    return updated;
                  });
                }}
              >
                {t('lottery_current_draw')}
              </button>
            ) : null}
          </div>
        </form>
        <ErrorNote error={book.error} />
        {data && data.draw === null ? <p className="muted">{t('lottery_no_draw')}</p> : null}
        {data?.draw ? (
          <>
            <dl className="lottery-totals" aria-label={t('lottery_totals')}>
              <div>
                <dt>{t('lottery_draw')}</dt>
                <dd>
                  <strong>{data.draw.numero}</strong> <DrawStatus status={data.draw.status} />
                </dd>
              </div>
              <div>
                <dt>{t('lottery_draws_at')}</dt>
                <dd>
                  <DateTime value={data.draw.drawsAt} />
                </dd>
              </div>
              <div>
                <dt>{t('lottery_orders')}</dt>
                <dd data-testid="lottery-book-orders">{formatCount(data.totals.orders, language)}</dd>
              </div>
              <div>
                <dt>{t('lottery_members')}</dt>
                <dd>{formatCount(data.totals.members, language)}</dd>
              </div>
              <div>
                <dt>{t('lottery_stake')}</dt>
                <dd data-testid="lottery-book-stake">
                  <Money amount={data.totals.stake} />
                </dd>
              </div>
              <div>
                <dt>{t('lottery_worst_number')}</dt>
                <dd>
                  <Money amount={data.totals.maxPayout} />
                </dd>
              </div>
            </dl>
            {data.draw.winningNumber ? (
              <p>
                {t('lottery_result')}: <strong className="lottery-number">{data.draw.winningNumber.join(' ')}</strong>
              </p>
            ) : null}
          </>
        ) : null}
      </Panel>
      {data?.draw ? (
        <>
          <Panel title={t('lottery_book_numbers')}>
            <DataTable
              caption={t('lottery_book_numbers')}
              columns={numberColumns}
              rows={data.numbers}
              rowKey={(line) => `${line.playCode}:${line.number}`}
              isLoading={book.isLoading}
              emptyText={t('lottery_book_empty')}
            />
            {data.numberCount > data.numbers.length ? (
              <p className="muted">
                {t('lottery_book_more', {
                  shown: formatCount(data.numbers.length, language),
                  total: formatCount(data.numberCount, language),
                })}
              </p>
            ) : null}
          </Panel>
          <Panel title={t('lottery_book_plays')}>
            <DataTable
              caption={t('lottery_book_plays')}
              columns={playColumns}
              rows={data.plays}
              rowKey={(line) => line.playCode}
              emptyText={t('lottery_book_empty')}
            />
          </Panel>
        </>
      ) : null}
    </>
  );
}
