import {
  adminMaintenanceCreateBodySchema,
  setRefusalFieldError,
  type AdminMaintenanceCreateBody,
  type AdminMaintenanceWindow,
} from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTime, ErrorNote, Field, Panel } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { fallbackTimeZone, fromLocalInput } from '../../lib/zoned-time';
import { useMe } from '../auth/api';
import { createMaintenance, deleteMaintenance, gameKeys } from './api';
import { checkedAs } from './checked-draft';

const weekdays = [0, 1, 2, 3, 4, 5, 6] as const;

/** The form's values: instants as datetime-local text in the merchant's time zone. */
interface Draft {
  kind: 'once' | 'weekly';
  startsAt: string;
  endsAt: string;
  weekday: string;
  startTime: string;
  endTime: string;
}

const fields: Array<Path<Draft>> = ['kind', 'startsAt', 'endsAt', 'weekday', 'startTime', 'endTime'];

function toBody(vendorId: number, draft: Draft, timeZone: string): AdminMaintenanceCreateBody {
  // The instants of the datetime-local texts in the merchant's zone; left out when empty or invalid.
  const startsAt = fromLocalInput(draft.startsAt, timeZone);
  const endsAt = fromLocalInput(draft.endsAt, timeZone);
  return draft.kind === 'once'
    ? {
        vendorId,
        kind: 'once',
        ...(startsAt === null ? {} : { startsAt }),
        ...(endsAt === null ? {} : { endsAt }),
      }
    : {
        vendorId,
        kind: 'weekly',
        ...(draft.weekday === '' ? {} : { weekday: Number(draft.weekday) }),
        ...(draft.startTime === '' ? {} : { startTime: draft.startTime }),
        ...(draft.endTime === '' ? {} : { endTime: draft.endTime }),
      };
}

/**
 * The vendor's maintenance windows: one-off (start, end) or weekly (a weekday and a time range in
 * the merchant's time zone). Inside one, members cannot open the vendor's games and are offered
 * others (spec §8).
 */
export function MaintenancePanel({ vendorId, windows }: { vendorId: number; windows: AdminMaintenanceWindow[] }) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<AdminMaintenanceWindow | null>(null);
  // One-off times are typed in the merchant's time zone (me), as weekly windows are kept in it.
  const timeZone = useMe().data?.merchant.timeZone ?? fallbackTimeZone;
  const schema = useMemo(
    () => checkedAs<Draft>(t, (draft) => adminMaintenanceCreateBodySchema.safeParse(toBody(vendorId, draft, timeZone))),
    [t, vendorId, timeZone],
  );
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors },
  } = useZodForm(schema, {
    defaultValues: { kind: 'once', startsAt: '', endsAt: '', weekday: '1', startTime: '', endTime: '' },
  });
  const kind = watch('kind');
  const refresh = () => queryClient.invalidateQueries({ queryKey: gameKeys.all });
  const create = useMutation({
    mutationFn: (draft: Draft) => createMaintenance(toBody(vendorId, draft, timeZone)),
    onSuccess: async () => {
      showToast(t('games_maintenance_added'));
      reset();
      await refresh();
    },
    onError: (error) => setRefusalFieldError(error, setError, fields),
  });
  const remove = useMutation({
    mutationFn: (window: AdminMaintenanceWindow) => deleteMaintenance(window.windowId),
    onSuccess: async () => {
      showToast(t('games_maintenance_removed'));
      setRemoving(null);
      await refresh();
    },
  });
  const errorOf = (name: keyof Draft) => errors[name]?.message;
  const isRefusalPlaced = create.error instanceof ApiError && fields.includes(create.error.field as Path<Draft>);
  const describe = (window: AdminMaintenanceWindow) =>
    window.kind === 'once' ? (
      <span>
        <DateTime value={window.startsAt} /> – <DateTime value={window.endsAt} />
      </span>
    ) : (
      t('games_maintenance_weekly_text', {
        weekday: t(`games_weekday_${window.weekday}`),
        start: window.startTime,
        end: window.endTime,
        timeZone: window.timeZone,
      })
    );
  const columns: Column<AdminMaintenanceWindow>[] = [
    { key: 'kind', header: t('games_maintenance_kind'), render: (row) => t(`games_maintenance_${row.kind}`) },
    { key: 'when', header: t('games_maintenance_when'), render: describe },
    {
      key: 'remove',
      header: t('games_actions'),
      render: (row) => (
        <button type="button" className="button is-small is-danger" onClick={() => setRemoving(row)}>
          {t('games_remove')}
        </button>
      ),
    },
  ];
  return (
    <Panel title={t('games_maintenance_title')}>
      <p className="muted games-panel-note">{t('games_maintenance_note')}</p>
      <DataTable
        caption={t('games_maintenance_title')}
        columns={columns}
        rows={windows}
        rowKey={(row) => row.windowId}
        emptyText={t('games_maintenance_none')}
      />
      <form
        className="form"
        noValidate
        aria-label={t('games_maintenance_add')}
        onSubmit={(event) => void handleSubmit((draft) => create.mutate(draft))(event)}
      >
        <div className="form-grid">
          <Field label={t('games_maintenance_kind')} htmlFor="maintenance-kind">
            <select id="maintenance-kind" {...register('kind')}>
              <option value="once">{t('games_maintenance_once')}</option>
              <option value="weekly">{t('games_maintenance_weekly')}</option>
            </select>
          </Field>
          {kind === 'once' ? (
            <>
              <Field
                label={t('games_maintenance_starts')}
                htmlFor="maintenance-starts"
                hint={t('games_maintenance_zone_hint', { timeZone })}
                error={errorOf('startsAt')}
              >
                <input id="maintenance-starts" type="datetime-local" {...register('startsAt')} />
              </Field>
              <Field label={t('games_maintenance_ends')} htmlFor="maintenance-ends" error={errorOf('endsAt')}>
                <input id="maintenance-ends" type="datetime-local" {...register('endsAt')} />
              </Field>
            </>
          ) : (
            <>
              <Field label={t('games_maintenance_weekday')} htmlFor="maintenance-weekday" error={errorOf('weekday')}>
                <select id="maintenance-weekday" {...register('weekday')}>
                  {weekdays.map((day) => (
                    <option key={day} value={String(day)}>
                      {t(`games_weekday_${day}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('games_maintenance_start_time')} htmlFor="maintenance-start" error={errorOf('startTime')}>
                <input id="maintenance-start" type="time" {...register('startTime')} />
              </Field>
              <Field
                label={t('games_maintenance_end_time')}
                htmlFor="maintenance-end"
                hint={t('games_maintenance_end_time_hint')}
                error={errorOf('endTime')}
              >
                <input id="maintenance-end" type="time" {...register('endTime')} />
              </Field>
            </>
          )}
        </div>
        {isRefusalPlaced ? null : <ErrorNote error={create.error} />}
        <div className="form-actions">
          <button type="submit" className="button is-primary" disabled={create.isPending}>
            {t('games_maintenance_add')}
          </button>
        </div>
      </form>
      <ConfirmDialog
        title={t('games_maintenance_remove_title')}
        isOpen={removing !== null}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
        confirmLabel={t('games_remove')}
        tone="danger"
        isPending={remove.isPending}
        error={remove.error}
      >
        <p>{removing ? describe(removing) : null}</p>
      </ConfirmDialog>
    </Panel>
  );
}
