import type { AdminGame, AdminGameUpdateBody } from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Money, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { gameBodyOf, gameKeys, updateGame } from './api';
import { GameDialog } from './game-dialog';
import { localName } from './local-name';

type Flag = 'isEnabled' | 'isHot' | 'isNew';

/**
 * The vendor's games: each switch or order change is saved at once with the version read; a refusal
 * (someone saved the game first) shows as a toast and the table is read again.
 */
export function GamesPanel({ vendorId, games }: { vendorId: number; games: AdminGame[] }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const save = useMutation({
    mutationFn: (body: AdminGameUpdateBody) => updateGame(body),
    onSuccess: async () => {
      showToast(t('games_saved'));
      await queryClient.invalidateQueries({ queryKey: gameKeys.all });
    },
    onError: async (error) => {
      showToast(error instanceof ApiError ? error.message : t('games_error_field'), 'bad');
      await queryClient.invalidateQueries({ queryKey: gameKeys.of('vendor', vendorId) });
    },
  });
  const flag = (game: AdminGame, name: Flag, label: string) => (
    <label className="switch">
      <input
        type="checkbox"
        checked={game[name]}
        disabled={save.isPending}
        aria-label={`${label}: ${game.nameEn}`}
        onChange={(event) => save.mutate({ ...gameBodyOf(game), [name]: event.target.checked })}
      />
      <span className="games-flag-label">{label}</span>
    </label>
  );
  const saveSort = (game: AdminGame, text: string) => {
    const sort = Number(text);
    if (text.trim() === '' || !Number.isInteger(sort) || sort === game.sort) return;
    save.mutate({ ...gameBodyOf(game), sort });
  };
  const columns: Column<AdminGame>[] = [
    {
      key: 'game',
      header: t('games_game'),
      render: (game) => (
        <span className="games-vendor-cell">
          <img className="games-thumb" src={game.thumbnailUrl} alt="" />
          <span className="cell-stack">
            <span className="strong">{localName(i18n.language, game)}</span>
            <span className="muted">
              {game.gameId}
              {game.gameClassify ? ` · ${game.gameClassify}` : ''}
            </span>
            {game.isServed ? null : <Badge tone="warn">{t('games_not_served')}</Badge>}
          </span>
        </span>
      ),
    },
    { key: 'enabled', header: t('games_enabled'), render: (game) => flag(game, 'isEnabled', t('games_enabled')) },
    { key: 'hot', header: t('games_hot'), render: (game) => flag(game, 'isHot', t('games_hot')) },
    { key: 'new', header: t('games_new'), render: (game) => flag(game, 'isNew', t('games_new')) },
    {
      key: 'sort',
      header: t('games_sort'),
      render: (game) => (
        <input
          key={`${game.gameRowId}-${game.version}`}
          className="games-sort-input"
          type="number"
          inputMode="numeric"
          aria-label={`${t('games_sort')}: ${game.nameEn}`}
          defaultValue={game.sort}
          disabled={save.isPending}
          onBlur={(event) => saveSort(game, event.target.value)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') saveSort(game, event.currentTarget.value);
          }}
        />
      ),
    },
    { key: 'minBet', header: t('games_min_bet'), isNumeric: true, render: (game) => <Money amount={game.minBet} /> },
    {
      key: 'edit',
      header: t('games_actions'),
      render: (game) => (
        <button type="button" className="button is-small" onClick={() => setEditing(game)}>
          {t('games_edit')}
        </button>
      ),
    },
  ];
  return (
    <Panel title={t('games_games_title', { count: games.length })}>
      <DataTable
        caption={t('games_games_title', { count: games.length })}
        columns={columns}
        rows={games}
        rowKey={(game) => String(game.gameRowId)}
        emptyText={t('table_empty')}
      />
      {editing ? (
        <GameDialog key={`${editing.gameRowId}-${editing.version}`} game={editing} onClose={() => setEditing(null)} />
      ) : null}
    </Panel>
  );
}
