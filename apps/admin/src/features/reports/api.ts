import {
  dailySummaryReportSchema,
  gameReportSchema,
  memberReportSchema,
  paymentReportSchema,
  reportsPaths,
  type DailySummaryReport,
  type GameReport,
  type MemberReport,
  type PaymentReport,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, fetchText } from '../../lib/api-client';

export const reportKeys = queryKeys('reports');

/** The report tabs, each with its JSON and CSV paths. */
export const reportTabs = ['daily', 'games', 'payments', 'members'] as const;
export type ReportTab = (typeof reportTabs)[number];

export interface ReportRange {
  from: string;
  to: string;
}

const csvPaths: Record<ReportTab, string> = {
  daily: reportsPaths.dailyCsv,
  games: reportsPaths.gamesCsv,
  payments: reportsPaths.paymentsCsv,
  members: reportsPaths.membersCsv,
};

export const dailyReportQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: reportKeys.of('daily', range),
    queryFn: ({ signal }) =>
      apiRequest<DailySummaryReport>(reportsPaths.daily, {
        signal,
        query: { ...range },
        schema: import.meta.env.DEV && dailySummaryReportSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const gameReportQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: reportKeys.of('games', range),
    queryFn: ({ signal }) =>
      apiRequest<GameReport>(reportsPaths.games, {
        signal,
        query: { ...range },
        schema: import.meta.env.DEV && gameReportSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const paymentReportQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: reportKeys.of('payments', range),
    queryFn: ({ signal }) =>
      apiRequest<PaymentReport>(reportsPaths.payments, {
        signal,
        query: { ...range },
        schema: import.meta.env.DEV && paymentReportSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const memberReportQuery = (range: ReportRange) =>
  queryOptions({
    queryKey: reportKeys.of('members', range),
    queryFn: ({ signal }) =>
      apiRequest<MemberReport>(reportsPaths.members, {
        signal,
        query: { ...range, limit: 20 },
        schema: import.meta.env.DEV && memberReportSchema,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * Fetches a report's CSV (behind the operator token, so not a plain link) and saves it as a file.
 * A data: URL, not a blob: one, which the back-office's CSP does not allow.
 */
export async function downloadReportCsv(tab: ReportTab, range: ReportRange): Promise<void> {
  const text = await fetchText(csvPaths[tab], { ...range, ...(tab === 'members' ? { limit: 100 } : {}) });
  const link = document.createElement('a');
  link.href = `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
  link.download = `${tab}-${range.from}-${range.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
}
