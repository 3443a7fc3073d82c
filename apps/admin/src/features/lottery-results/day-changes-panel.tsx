import { useLanguage } from '@lotus/client';
import {
  adminLotteryDayChangeErrorCodes,
  setRefusalFieldError,
  type AdminLotteryDayChange,
  type AdminLotteryDayChanges,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge, ErrorNote, Field, FilterField, Panel } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { DrawStatus } from '../lottery/draw-status';
import { refreshResults } from './api';
import { addDayChange, dayChangesQuery, removeDayChange } from './day-changes-api';

type Game = AdminLotteryDayChanges['games'][number];

/** A game's calendar in words: `1, 16 · 16:00` or `Mon, Thu · 20:30`. */
function calendarOf(t: TFunction, game: Game): string {
  const days = [
    ...game.weekdays.map((day) => t(`lottery_days_weekday_${day}`)),
    ...(game.monthDays.length > 0 ? [t('lottery_days_month_days', { days: game.monthDays.join(', ') })] : []),
  ];
  return `${days.join(', ')} · ${game.drawTime}`;
}

/**
 * Holiday day changes of the official calendars (`lottery.results`): the upcoming changes of every
 * game (or one), a day moved to another day or skipped, and the removal of a change not yet used. A
 * draw already created for the day moves with it when nobody has bet on it; with bets, the server
 * refuses until the operator accepts that the draw is cancelled and every bet refunded.
 */
export function DayChangesPanel({ gameCode, onGame }: { gameCode: string; onGame: (gameCode: string) => void }) {
  const { t } = useTranslation();
  const changes = useQuery(dayChangesQuery(gameCode, useLanguage()));
  const [isAdding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AdminLotteryDayChange | null>(null);
  const games = changes.data?.games ?? [];
  const game = games.find((item) => item.gameCode === gameCode);
  const remove = useMutation({
    mutationFn: (change: AdminLotteryDayChange) => removeDayChange(change.gameCode, change.scheduledDay),
    onSuccess: async (_, change) => {
      showToast(t('lottery_days_removed', { day: change.scheduledDay }));
      setRemoving(null);
      await refreshResults();
    },
  });
  const columns: Column<AdminLotteryDayChange>[] = [
    { key: 'game', header: t('lottery_results_game'), render: (change) => change.gameName },
    { key: 'scheduled', header: t('lottery_days_scheduled'), render: (change) => change.scheduledDay },
    {
      key: 'change',
      header: t('lottery_days_change'),
      render: (change) =>
        change.drawDay === null ? (
          <Badge tone="bad">{t('lottery_days_skipped')}</Badge>
        ) : (
          <Badge tone="info">{t('lottery_days_moved_to', { day: change.drawDay })}</Badge>
        ),
    },
    {
      key: 'draw',
      header: t('lottery_days_draw'),
      render: (change) =>
        change.draw ? (
          <span className="cell-stack">
            <strong>{change.draw.numero}</strong>
            <DrawStatus status={change.draw.status} />
            <span className="muted">{t('lottery_days_bets', { n: change.draw.orders })}</span>
          </span>
        ) : (
          <span className="muted">{t('lottery_days_no_draw')}</span>
        ),
    },
    { key: 'note', header: t('lottery_days_note'), render: (change) => change.note ?? '—' },
    {
      key: 'action',
      header: '',
      render: (change) =>
        change.isRemovable ? (
          <button type="button" className="button is-ghost" onClick={() => setRemoving(change)}>
            {t('lottery_days_remove')}
          </button>
        ) : (
          <span className="muted">{t('lottery_days_in_effect')}</span>
        ),
    },
  ];
  return (
    <Panel
      title={t('lottery_days_title')}
      className="results-panel"
      actions={
        <button type="button" className="button is-primary" onClick={() => setAdding(true)} disabled={!games.length}>
          {t('lottery_days_add')}
        </button>
      }
    >
      <div className="filter-grid">
        <FilterField label={t('lottery_results_game')}>
          {(id) => (
            <select id={id} value={gameCode} onChange={(event) => onGame(event.target.value)}>
              <option value="">{t('lottery_days_all_games')}</option>
              {games.map((item) => (
                <option key={item.gameCode} value={item.gameCode}>
                  {item.gameName} ({item.gameCode})
                </option>
              ))}
            </select>
          )}
        </FilterField>
      </div>
      <p className="muted">
        {game ? `${t('lottery_days_calendar')}: ${calendarOf(t, game)}. ` : null}
        {t('lottery_days_hint')}
      </p>
      <ErrorNote error={changes.error} />
      <DataTable
        caption={t('lottery_days_title')}
        columns={columns}
        rows={changes.data?.changes}
        rowKey={(change) => `${change.gameCode}:${change.scheduledDay}`}
        isLoading={changes.isLoading}
        emptyText={t('lottery_days_none')}
      />
      {isAdding ? (
        <AddDayChangeDialog games={games} gameCode={gameCode || games[0]!.gameCode} onClose={() => setAdding(false)} />
      ) : null}
      <ConfirmDialog
        title={t('lottery_days_remove_title')}
        isOpen={removing !== null}
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
        onConfirm={() => removing && remove.mutate(removing)}
        confirmLabel={t('lottery_days_remove')}
        tone="danger"
        isPending={remove.isPending}
        error={remove.error}
      >
        {removing ? (
          <p>
            {t(removing.drawDay ? 'lottery_days_remove_moved_text' : 'lottery_days_remove_skipped_text', {
              game: removing.gameName,
              day: removing.scheduledDay,
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </Panel>
  );
}

const dayPattern = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

function addSchema(t: TFunction) {
  return z
    .object({
      gameCode: z.string().min(1),
      scheduledDay: z.string().regex(dayPattern, t('lottery_days_day_rule')),
      kind: z.enum(['move', 'skip']),
      drawDay: z.string(),
      note: z.string().trim().max(200),
    })
    .superRefine((values, context) => {
      if (values.kind === 'move' && !dayPattern.test(values.drawDay))
        context.addIssue({ code: 'custom', path: ['drawDay'], message: t('lottery_days_day_rule') });
    });
}

/**
 * A new change: the game, the scheduled day, moved to a day or skipped, a note. When the day's draw
 * has bets the server answers how many; the operator then accepts that the draw is cancelled and
 * every bet refunded (the request again with `refundBets`), or gives up.
 */
function AddDayChangeDialog({ games, gameCode, onClose }: { games: Game[]; gameCode: string; onClose: () => void }) {
  const { t } = useTranslation();
  const schema = useMemo(() => addSchema(t), [t]);
  const [isPlaced, setPlaced] = useState(false);
  const [betsToRefund, setBetsToRefund] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: { gameCode, scheduledDay: '', kind: 'move', drawDay: '', note: '' } });
  const kind = watch('kind');
  const picked = games.find((item) => item.gameCode === watch('gameCode'));
  const save = useMutation({
    mutationFn: ({ values, refundBets }: { values: z.output<typeof schema>; refundBets: boolean }) =>
      addDayChange({
        gameCode: values.gameCode,
        scheduledDay: values.scheduledDay,
        drawDay: values.kind === 'skip' ? null : values.drawDay,
        ...(values.note ? { note: values.note } : {}),
        refundBets,
      }),
    onMutate: () => setPlaced(false),
    onSuccess: async (added) => {
      showToast(
        t(`lottery_days_added_${added.effect}`, {
          day: added.change.scheduledDay,
          n: added.refundedOrders,
        }),
      );
      await refreshResults();
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errorCode === adminLotteryDayChangeErrorCodes.hasBets) {
        const orders = (error.value as { orders?: unknown } | null)?.orders;
        setBetsToRefund(typeof orders === 'number' ? orders : 0);
        setPlaced(true);
        return;
      }
      setPlaced(setRefusalFieldError(error, setError, ['gameCode', 'scheduledDay', 'drawDay', 'note']));
    },
  });
  const send = (refundBets: boolean) => handleSubmit((values) => save.mutate({ values, refundBets }));
  return (
    <Dialog title={t('lottery_days_add_title')} isOpen onClose={onClose}>
      <form className="form" noValidate onSubmit={send(false)}>
        <Field label={t('lottery_results_game')} htmlFor="day-change-game" error={errors.gameCode?.message}>
          <select id="day-change-game" {...register('gameCode', { onChange: () => setBetsToRefund(null) })}>
            {games.map((item) => (
              <option key={item.gameCode} value={item.gameCode}>
                {item.gameName} ({item.gameCode})
              </option>
            ))}
          </select>
        </Field>
        {picked ? (
          <p className="muted">
            {t('lottery_days_calendar')}: {calendarOf(t, picked)}
          </p>
        ) : null}
        <Field
          label={t('lottery_days_scheduled')}
          hint={t('lottery_days_scheduled_hint')}
          htmlFor="day-change-scheduled"
          error={errors.scheduledDay?.message}
        >
          <input
            id="day-change-scheduled"
            type="date"
            {...register('scheduledDay', { onChange: () => setBetsToRefund(null) })}
          />
        </Field>
        <fieldset className="results-mode">
          <legend>{t('lottery_days_change')}</legend>
          <label className="results-mode-option">
            <input type="radio" value="move" {...register('kind', { onChange: () => setBetsToRefund(null) })} />{' '}
            {t('lottery_days_kind_move')}
          </label>
          <label className="results-mode-option">
            <input type="radio" value="skip" {...register('kind', { onChange: () => setBetsToRefund(null) })} />{' '}
            {t('lottery_days_kind_skip')}
          </label>
        </fieldset>
        {kind === 'move' ? (
          <Field label={t('lottery_days_new_day')} htmlFor="day-change-draw" error={errors.drawDay?.message}>
            <input
              id="day-change-draw"
              type="date"
              {...register('drawDay', { onChange: () => setBetsToRefund(null) })}
            />
          </Field>
        ) : null}
        <Field
          label={t('lottery_days_note')}
          hint={t('lottery_days_note_hint')}
          htmlFor="day-change-note"
          error={errors.note?.message}
        >
          <input id="day-change-note" maxLength={200} {...register('note')} />
        </Field>
        {betsToRefund !== null ? (
          <div className="results-warning" role="alert">
            <strong>{t('lottery_days_has_bets_title', { n: betsToRefund })}</strong>
            <p>{t(kind === 'skip' ? 'lottery_days_has_bets_skip' : 'lottery_days_has_bets_move')}</p>
          </div>
        ) : null}
        <ErrorNote error={isPlaced ? null : save.error} />
        <div className="form-actions">
          <button type="button" className="button is-ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          {betsToRefund !== null ? (
            <button
              type="button"
              className="button is-danger"
              disabled={save.isPending}
              aria-busy={save.isPending}
              onClick={() => void send(true)()}
            >
              {t('lottery_days_refund_and_save', { n: betsToRefund })}
            </button>
          ) : (
            <button type="submit" className="button is-primary" disabled={save.isPending} aria-busy={save.isPending}>
              {save.isPending ? t('working') : t('lottery_days_save')}
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
