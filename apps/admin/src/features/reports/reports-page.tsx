import type { DailySummaryReport, GameReport, MemberReport, PaymentReport } from '@lotus/contract';
import { useLanguage } from '@lotus/client';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote, FilterField, Money, PageHeader, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { formatCount } from '../../lib/format';
import { useSearchState } from '../../lib/use-search-state';
import {
  dailyReportQuery,
  downloadReportCsv,
  gameReportQuery,
  memberReportQuery,
  paymentReportQuery,
  reportTabs,
  type ReportRange,
  type ReportTab,
} from './api';
import { DailyCharts } from './report-charts';
import './reports.css';

const filterNames = ['tab', 'from', 'to'] as const;

function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The last seven days up to today (the operator's calendar; the server reads them in the merchant's time zone). */
function defaultRange(): ReportRange {
  const today = new Date();
  const from = new Date(today);
  from.setDate(today.getDate() - 6);
  return { from: isoDay(from), to: isoDay(today) };
}

/** A table's line or its totals line (shown last, in bold). */
type Line<T> = T & { lineKey: string; isTotal?: boolean };
/** A line's own figures, before withTotal gives it its key. */
type Unlined<L> = Omit<L, 'lineKey' | 'isTotal'>;

function withTotal<T>(rows: T[], key: (row: T) => string, total: T): Line<T>[] {
  return [...rows.map((row) => ({ ...row, lineKey: key(row) })), { ...total, lineKey: 'total', isTotal: true }];
}

/** Reports over the merchant's days: summary, games, payments, members; each with totals and a CSV. */
export function ReportsPage() {
  const { t } = useTranslation();
  const { values, setFilters } = useSearchState(filterNames);
  const fallback = defaultRange();
  const range: ReportRange = { from: values.from || fallback.from, to: values.to || fallback.to };
  const tab: ReportTab = (reportTabs as readonly string[]).includes(values.tab) ? (values.tab as ReportTab) : 'daily';
  const [draft, setDraft] = useState(range);
  const [csvError, setCsvError] = useState<unknown>(null);
  const [isDownloading, setIsDownloading] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ tab: values.tab, from: draft.from, to: draft.to });
  };
  const download = async () => {
    setCsvError(null);
    setIsDownloading(true);
    try {
      await downloadReportCsv(tab, range);
    } catch (error) {
      setCsvError(error);
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('reports_title')}
        subtitle={t('reports_subtitle')}
        actions={
          <button type="button" className="button" onClick={() => void download()} disabled={isDownloading}>
            {t('reports_download_csv')}
          </button>
        }
      />
      <Panel>
        <form className="filter-grid" onSubmit={submit}>
          <FilterField label={t('filter_from')}>
            {(id) => (
              <input
                id={id}
                type="date"
                value={draft.from}
                onChange={(event) => setDraft((current) => ({ ...current, from: event.target.value }))}
              />
            )}
          </FilterField>
          <FilterField label={t('filter_to')}>
            {(id) => (
              <input
                id={id}
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
          </div>
        </form>
        <ErrorNote error={csvError} />
        <div className="report-tabs" role="tablist" aria-label={t('reports_title')}>
          {reportTabs.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              className={tab === name ? 'button is-primary' : 'button is-ghost'}
              onClick={() => setFilters({ tab: name === 'daily' ? '' : name, from: values.from, to: values.to })}
            >
              {t(`reports_tab_${name}`)}
            </button>
          ))}
        </div>
      </Panel>
      {tab === 'daily' ? <DailyReport range={range} /> : null}
      {tab === 'games' ? <GamesReport range={range} /> : null}
      {tab === 'payments' ? <PaymentsReport range={range} /> : null}
      {tab === 'members' ? <MembersReport range={range} /> : null}
    </>
  );
}

function TimeZoneNote({ timezone }: { timezone: string | undefined }) {
  const { t } = useTranslation();
  return timezone ? <p className="muted report-note">{t('reports_timezone', { timezone })}</p> : null;
}

function useCount() {
  const language = useLanguage();
  return (value: number) => formatCount(value, language);
}

function DailyReport({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const count = useCount();
  const report = useQuery(dailyReportQuery(range));
  type Row = Line<DailySummaryReport['totals'] & { day?: string; live?: boolean }>;
  const money =
    (pick: (row: Row) => string, isSigned = false) =>
    (row: Row) => <Money amount={pick(row)} isSigned={isSigned} />;
  const columns: Column<Row>[] = [
    {
      key: 'day',
      header: t('reports_day'),
      render: (row) =>
        row.isTotal ? (
          <strong>{t('reports_total')}</strong>
        ) : (
          <span className="mono report-day">
            {row.day}
            {row.live ? ` · ${t('reports_live')}` : ''}
          </span>
        ),
    },
    {
      key: 'registrations',
      header: t('reports_registrations'),
      isNumeric: true,
      render: (row) => count(row.registrations),
    },
    {
      key: 'firstDeposits',
      header: t('reports_first_deposits'),
      isNumeric: true,
      render: (row) => count(row.firstDeposits),
    },
    {
      key: 'activePlayers',
      header: t('reports_active_players'),
      isNumeric: true,
      render: (row) => count(row.activePlayers),
    },
    { key: 'deposits', header: t('reports_deposits'), isNumeric: true, render: money((row) => row.deposits) },
    { key: 'withdrawals', header: t('reports_withdrawals'), isNumeric: true, render: money((row) => row.withdrawals) },
    { key: 'bets', header: t('reports_bets'), isNumeric: true, render: money((row) => row.bets) },
    { key: 'validBets', header: t('reports_valid_bets'), isNumeric: true, render: money((row) => row.validBets) },
    { key: 'payouts', header: t('reports_payouts'), isNumeric: true, render: money((row) => row.payouts) },
    { key: 'ggr', header: t('reports_ggr'), isNumeric: true, render: money((row) => row.ggr, true) },
    { key: 'bonuses', header: t('reports_bonuses'), isNumeric: true, render: money((row) => row.bonuses) },
    { key: 'rebates', header: t('reports_rebates'), isNumeric: true, render: money((row) => row.rebates) },
    { key: 'ngr', header: t('reports_ngr'), isNumeric: true, render: money((row) => row.ngr, true) },
  ];
  const data = report.data;
  return (
    <Panel title={t('reports_tab_daily')}>
      <TimeZoneNote timezone={data?.timezone} />
      <ErrorNote error={report.error} />
      {data ? <DailyCharts days={data.days} /> : null}
      <DataTable
        caption={t('reports_tab_daily')}
        columns={columns}
        rows={data ? withTotal<Unlined<Row>>([...data.days].reverse(), (row) => row.day!, data.totals) : undefined}
        rowKey={(row) => row.lineKey}
        isLoading={report.isLoading}
      />
    </Panel>
  );
}

type GameLine = GameReport['totals'];

function gameColumns(t: (key: string) => string, count: (value: number) => string): Column<Line<GameLine>>[] {
  return [
    { key: 'rounds', header: t('reports_rounds'), isNumeric: true, render: (row) => count(row.rounds) },
    { key: 'players', header: t('reports_players'), isNumeric: true, render: (row) => count(row.players) },
    { key: 'bets', header: t('reports_bets'), isNumeric: true, render: (row) => <Money amount={row.bets} /> },
    { key: 'payouts', header: t('reports_payouts'), isNumeric: true, render: (row) => <Money amount={row.payouts} /> },
    { key: 'ggr', header: t('reports_ggr'), isNumeric: true, render: (row) => <Money amount={row.ggr} isSigned /> },
    {
      key: 'rtp',
      header: t('reports_rtp'),
      isNumeric: true,
      render: (row) => (row.rtp === null ? '—' : `${row.rtp}%`),
    },
  ];
}

function GamesReport({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const count = useCount();
  const report = useQuery(gameReportQuery(range));
  const data = report.data;
  type VendorRow = Line<GameLine & { vendor?: string; vendorName?: string }>;
  type GameRow = Line<GameLine & { vendorName?: string; gameId?: string; gameName?: string }>;
  const totalLabel = <strong>{t('reports_total')}</strong>;
  const vendorColumns: Column<VendorRow>[] = [
    { key: 'vendor', header: t('reports_vendor'), render: (row) => (row.isTotal ? totalLabel : row.vendorName) },
    ...(gameColumns(t, count) as Column<VendorRow>[]),
  ];
  const columns: Column<GameRow>[] = [
    {
      key: 'game',
      header: t('reports_game'),
      render: (row) =>
        row.isTotal ? (
          totalLabel
        ) : (
          <span className="cell-stack">
            <span>{row.gameName}</span>
            <span className="muted">{row.vendorName}</span>
          </span>
        ),
    },
    ...(gameColumns(t, count) as Column<GameRow>[]),
  ];
  return (
    <>
      <Panel title={t('reports_by_vendor')}>
        <TimeZoneNote timezone={data?.timezone} />
        <ErrorNote error={report.error} />
        <DataTable
          caption={t('reports_by_vendor')}
          columns={vendorColumns}
          rows={data ? withTotal<Unlined<VendorRow>>(data.vendors, (row) => row.vendor!, data.totals) : undefined}
          rowKey={(row) => row.lineKey}
          isLoading={report.isLoading}
        />
        <p className="muted">{t('reports_players_note')}</p>
      </Panel>
      <Panel title={t('reports_by_game')}>
        <DataTable
          caption={t('reports_by_game')}
          columns={columns}
          rows={
            data
              ? withTotal<Unlined<GameRow>>(data.games, (row) => `${row.vendorName}/${row.gameId}`, data.totals)
              : undefined
          }
          rowKey={(row) => row.lineKey}
          isLoading={report.isLoading}
        />
      </Panel>
    </>
  );
}

function duration(seconds: number | null, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (seconds === null) return '—';
  if (seconds < 60) return t('reports_seconds', { value: seconds });
  if (seconds < 3600) return t('reports_minutes', { value: Math.round(seconds / 60) });
  return t('reports_hours', { value: Math.round(seconds / 360) / 10 });
}

function PaymentsReport({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const count = useCount();
  const report = useQuery(paymentReportQuery(range));
  const data = report.data;
  type Row = Line<PaymentReport['depositTotals'] & { channel?: string; status?: string }>;
  const columns: Column<Row>[] = [
    {
      key: 'channel',
      header: t('reports_channel'),
      render: (row) => (row.isTotal ? <strong>{t('reports_total')}</strong> : row.channel),
    },
    {
      key: 'status',
      header: t('reports_status'),
      render: (row) => (row.isTotal ? '' : t(`reports_status_${row.status}`, { defaultValue: row.status })),
    },
    { key: 'count', header: t('reports_count'), isNumeric: true, render: (row) => count(row.count) },
    { key: 'amount', header: t('reports_amount'), isNumeric: true, render: (row) => <Money amount={row.amount} /> },
    {
      key: 'avg',
      header: t('reports_avg_processing'),
      isNumeric: true,
      render: (row) => duration(row.avgProcessingSeconds, t),
    },
  ];
  const key = (row: Unlined<Row>) => `${row.channel}/${row.status}`;
  return (
    <>
      <Panel title={t('reports_deposits')}>
        <TimeZoneNote timezone={data?.timezone} />
        <ErrorNote error={report.error} />
        <DataTable
          caption={t('reports_deposits')}
          columns={columns}
          rows={data ? withTotal<Unlined<Row>>(data.deposits, key, data.depositTotals) : undefined}
          rowKey={(row) => row.lineKey}
          isLoading={report.isLoading}
        />
      </Panel>
      <Panel title={t('reports_withdrawals')}>
        <DataTable
          caption={t('reports_withdrawals')}
          columns={columns}
          rows={data ? withTotal<Unlined<Row>>(data.withdrawals, key, data.withdrawalTotals) : undefined}
          rowKey={(row) => row.lineKey}
          isLoading={report.isLoading}
        />
      </Panel>
    </>
  );
}

function MembersReport({ range }: { range: ReportRange }) {
  const { t } = useTranslation();
  const count = useCount();
  const report = useQuery(memberReportQuery(range));
  const data = report.data;
  type Row = MemberReport['winners'][number];
  const columns: Column<Row>[] = [
    { key: 'member', header: t('reports_member'), render: (row) => <strong>{row.username}</strong> },
    { key: 'rounds', header: t('reports_rounds'), isNumeric: true, render: (row) => count(row.rounds) },
    { key: 'bets', header: t('reports_bets'), isNumeric: true, render: (row) => <Money amount={row.bets} /> },
    {
      key: 'profit',
      header: t('reports_member_profit'),
      isNumeric: true,
      render: (row) => <Money amount={row.profit} isSigned />,
    },
    {
      key: 'deposits',
      header: t('reports_deposits'),
      isNumeric: true,
      render: (row) => <Money amount={row.deposits} />,
    },
    {
      key: 'withdrawals',
      header: t('reports_withdrawals'),
      isNumeric: true,
      render: (row) => <Money amount={row.withdrawals} />,
    },
  ];
  return (
    <>
      <Panel title={t('reports_winners')}>
        <TimeZoneNote timezone={data?.timezone} />
        <ErrorNote error={report.error} />
        <DataTable
          caption={t('reports_winners')}
          columns={columns}
          rows={data?.winners}
          rowKey={(row) => row.memberId}
          isLoading={report.isLoading}
        />
      </Panel>
      <Panel title={t('reports_losers')}>
        <DataTable
          caption={t('reports_losers')}
          columns={columns}
          rows={data?.losers}
          rowKey={(row) => row.memberId}
          isLoading={report.isLoading}
        />
      </Panel>
      {data ? (
        <Panel title={t('reports_member_totals')}>
          <dl className="detail-list">
            <div>
              <dt>{t('reports_members_count')}</dt>
              <dd>{count(data.totals.members)}</dd>
            </div>
            <div>
              <dt>{t('reports_bets')}</dt>
              <dd>
                <Money amount={data.totals.bets} />
              </dd>
            </div>
            <div>
              <dt>{t('reports_member_profit')}</dt>
              <dd>
                <Money amount={data.totals.profit} isSigned />
              </dd>
            </div>
            <div>
              <dt>{t('reports_deposits')}</dt>
              <dd>
                <Money amount={data.totals.deposits} />
              </dd>
            </div>
            <div>
              <dt>{t('reports_withdrawals')}</dt>
              <dd>
                <Money amount={data.totals.withdrawals} />
              </dd>
            </div>
          </dl>
        </Panel>
      ) : null}
    </>
  );
}
