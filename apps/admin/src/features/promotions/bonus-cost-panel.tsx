import { formatMinorUnits, parseAmount, type BonusCostFigures, type BonusCostReport } from '@lotus/contract';
import { useLanguage } from '@lotus/client';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote, FilterField, Money, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { formatCount } from '../../lib/format';
import { bonusCostQuery, downloadBonusCostCsv } from './api';

type Source = BonusCostReport['sources'][number];
/** A table line: a day's or a source's figures, or the totals (last, in bold). */
type Line = BonusCostFigures & Partial<Source> & { day?: string; lineKey: string; isTotal?: boolean };

function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The last seven days up to today (the operator's calendar; the server reads them in the brand's time zone). */
function lastSevenDays(): { from: string; to: string } {
  const today = new Date();
  const from = new Date(today);
  from.setDate(today.getDate() - 6);
  return { from: isoDay(from), to: isoDay(today) };
}

/** Forfeited and expired both went back to the house: one column. */
function backToHouse(line: BonusCostFigures): string {
  return formatMinorUnits((parseAmount(line.forfeited) ?? 0n) + (parseAmount(line.expired) ?? 0n));
}

/**
 * The bonus cost report (`reports.read`): per day (the brand's) and promotion, the bonus issued, what
 * became cash, what went back to the house (forfeited or expired), what was spent in bets, and what is
 * still active; then each promotion's totals over the range.
 */
export function BonusCostPanel() {
  const { t } = useTranslation();
  const [range, setRange] = useState(lastSevenDays);
  const [draft, setDraft] = useState(range);
  const report = useQuery(bonusCostQuery(range));
  const data = report.data;
  const [csvError, setCsvError] = useState<unknown>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRange(draft);
  };
  // The days the tables show (the range applied), not a draft typed since.
  const exportCsv = async () => {
    setCsvError(null);
    setIsDownloading(true);
    try {
      await downloadBonusCostCsv(range);
    } catch (error) {
      setCsvError(error);
    } finally {
      setIsDownloading(false);
    }
  };
  const columns = useCostColumns();
  // The day column names the totals line; the promotion column beside it stays empty there.
  const dayColumns = columns.map((column) =>
    column.key === 'source' ? { ...column, render: (row: Line) => (row.isTotal ? null : column.render(row)) } : column,
  );
  const dayColumn: Column<Line> = {
    key: 'day',
    header: t('promotions_cost_day'),
    render: (row) =>
      row.isTotal ? (
        <strong>{t('promotions_cost_total')}</strong>
      ) : (
        <span className="mono bonus-cost-day">{row.day}</span>
      ),
  };
  const byDay: Line[] | undefined = data
    ? [
        ...[...data.rows]
          .reverse()
          .map((row) => ({ ...row, lineKey: `${row.day}:${row.sourceKind}:${row.promotionId ?? ''}` })),
        { ...data.totals, lineKey: 'total', isTotal: true },
      ]
    : undefined;
  const bySource: Line[] | undefined = data
    ? [
        ...data.sources.map((row) => ({ ...row, lineKey: `${row.sourceKind}:${row.promotionId ?? ''}` })),
        { ...data.totals, lineKey: 'total', isTotal: true },
      ]
    : undefined;
  return (
    <Panel title={t('promotions_cost_title')} className="bonus-cost">
      <form className="filter-grid" onSubmit={submit}>
        <FilterField label={t('filter_from')}>
          {(fieldId) => (
            <input
              id={fieldId}
              type="date"
              value={draft.from}
              onChange={(event) => setDraft((current) => ({ ...current, from: event.target.value }))}
            />
          )}
        </FilterField>
        <FilterField label={t('filter_to')}>
          {(fieldId) => (
            <input
              id={fieldId}
              type="date"
              value={draft.to}
              onChange={(event) => setDraft((current) => ({ ...current, to: event.target.value }))}
            />
          )}
        </FilterField>
        <div className="filter-actions">
          <button type="submit" className="button is-primary">
            {t('filter_apply')}
          </button>
          <button type="button" className="button" onClick={() => void exportCsv()} disabled={isDownloading}>
            {t('promotions_cost_export_csv')}
          </button>
        </div>
      </form>
      {data ? <p className="muted bonus-cost-note">{t('promotions_cost_note', { timezone: data.timezone })}</p> : null}
      <ErrorNote error={report.error} />
      <ErrorNote error={csvError} />
      <h3 className="bonus-cost-heading">{t('promotions_cost_by_day')}</h3>
      <DataTable
        caption={t('promotions_cost_by_day')}
        columns={[dayColumn, ...dayColumns]}
        rows={byDay}
        rowKey={(row) => row.lineKey}
        isLoading={report.isLoading}
      />
      <h3 className="bonus-cost-heading">{t('promotions_cost_by_promotion')}</h3>
      <DataTable
        caption={t('promotions_cost_by_promotion')}
        columns={columns}
        rows={bySource}
        rowKey={(row) => row.lineKey}
        isLoading={report.isLoading}
      />
    </Panel>
  );
}

function useCostColumns(): Column<Line>[] {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const count = (value: number) => formatCount(value, language);
  const sourceName = (row: Line) => {
    if (row.isTotal) return <strong>{t('promotions_cost_total')}</strong>;
    const name = i18n.language === 'th' ? row.promotionNameTh : row.promotionNameEn;
    if (name) return name;
    if (row.promotionId !== null && row.promotionId !== undefined) return `#${row.promotionId}`;
    return <span className="muted">{t(`promotions_cost_kind_${row.sourceKind ?? 'promotion'}`)}</span>;
  };
  return [
    { key: 'source', header: t('promotions_cost_promotion'), render: sourceName },
    {
      key: 'issued',
      header: t('promotions_cost_issued'),
      isNumeric: true,
      render: (row) => (
        <span className="cell-stack">
          <Money amount={row.issued} />
          <span className="muted bonus-cost-count">
            {t('promotions_cost_grants', { count: count(row.issuedCount) })}
          </span>
        </span>
      ),
    },
    {
      key: 'converted',
      header: t('promotions_cost_converted'),
      isNumeric: true,
      render: (row) => <Money amount={row.converted} />,
    },
    {
      key: 'house',
      header: t('promotions_cost_forfeited_expired'),
      isNumeric: true,
      render: (row) => <Money amount={backToHouse(row)} />,
    },
    {
      key: 'spent',
      header: t('promotions_cost_spent'),
      isNumeric: true,
      render: (row) => <Money amount={row.spent} />,
    },
    {
      key: 'active',
      header: t('promotions_cost_active'),
      isNumeric: true,
      render: (row) => (
        <span className="cell-stack">
          <Money amount={row.active} />
          <span className="muted bonus-cost-count">
            {t('promotions_cost_grants', { count: count(row.activeCount) })}
          </span>
        </span>
      ),
    },
  ];
}
