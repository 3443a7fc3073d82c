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
import { apiRequest, downloadCsv } from '../../lib/api-client';

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

/** Saves a report's CSV as a file. */
export function downloadReportCsv(tab: ReportTab, range: ReportRange): Promise<void> {
  return downloadCsv(
    csvPaths[tab],
    { ...range, ...(tab === 'members' ? { limit: 100 } : {}) },
    `${tab}-${range.from}-${range.to}.csv`,
  );
}
