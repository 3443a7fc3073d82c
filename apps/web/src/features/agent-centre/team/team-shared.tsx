import './team.css';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { merchantTimeZone } from '../../../lib/format';
import { periodRange, type PeriodKey } from './api';

export interface Range {
  startDate: string;
  endDate: string;
}

const periods: PeriodKey[] = ['today', 'yesterday', 'week', 'month', 'custom'];

/** Today, yesterday, this week, this month or a custom range (the original's period tabs). */
export function usePeriod(initial: Exclude<PeriodKey, 'custom'> = 'today') {
  const [period, setPeriod] = useState<PeriodKey>(initial);
  const [custom, setCustom] = useState<Range>(periodRange('week'));
  const range = period === 'custom' ? custom : periodRange(period);
  return { period, setPeriod, custom, setCustom, range };
}

export function PeriodPicker({ state }: { state: ReturnType<typeof usePeriod> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="agent-team__period">
      <div className="agent-team__tabs" role="group" aria-label={t('agteam_period')}>
        {periods.map((period) => (
          <button
            key={period}
            type="button"
            className="agent-team__tab"
            aria-pressed={state.period === period}
            onClick={() => state.setPeriod(period)}
          >
            {t(`agteam_period_${period}`)}
          </button>
        ))}
      </div>
      {state.period === 'custom' ? (
        <div className="agent-team__dates">
          <label htmlFor={`${id}-from`}>{t('agteam_from')}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={state.custom.startDate}
            onChange={(event) => state.setCustom({ ...state.custom, startDate: event.target.value })}
          />
          <label htmlFor={`${id}-to`}>{t('agteam_to')}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={state.custom.endDate}
            onChange={(event) => state.setCustom({ ...state.custom, endDate: event.target.value })}
          />
        </div>
      ) : null}
    </div>
  );
}

export function Pager({
  page,
  size,
  total,
  onPage,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (total <= size) return null;
  return (
    <nav className="agent-team__pager" aria-label={t('agteam_pages')}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('agteam_prev')}
      </button>
      <span>{t('agteam_page_of', { page, pages })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('agteam_next')}
      </button>
    </nav>
  );
}

export function ErrorLine({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof ApiError ? error.message : (error as Error).message;
  return (
    <p className="agent-form__error" role="alert">
      {message}
    </p>
  );
}

export function Empty({ shown, children }: { shown: boolean; children: ReactNode }) {
  return shown ? <p className="agent-form__hint">{children}</p> : null;
}

/** A table that becomes a list of labelled cards on a phone (CSS: each cell shows its column's label). */
export function TeamTable({
  caption,
  columns,
  rows,
  footer,
}: {
  caption: string;
  columns: Array<{ key: string; label: string; numeric?: boolean }>;
  rows: Array<{ key: string; cells: Record<string, ReactNode> }>;
  footer?: Record<string, ReactNode>;
}) {
  return (
    <table className="agent-team__table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" className={column.numeric ? 'is-numeric' : undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {columns.map((column) => (
              <td key={column.key} data-label={column.label} className={column.numeric ? 'is-numeric' : undefined}>
                {row.cells[column.key]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer ? (
        <tfoot>
          <tr>
            {columns.map((column) => (
              <td key={column.key} data-label={column.label} className={column.numeric ? 'is-numeric' : undefined}>
                {footer[column.key]}
              </td>
            ))}
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

export function formatTime(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language === 'TH' ? 'th-TH' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: merchantTimeZone,
  }).format(new Date(ms));
}
