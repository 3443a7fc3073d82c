import {
  adminApiPaths,
  adminDashboardSchema,
  adminDepositPageSchema,
  adminWithdrawalListSchema,
  depositPaths,
  withdrawalPaths,
  type AdminDashboard,
  type AdminDepositPage,
  type AdminWithdrawalList,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Deposit and withdrawal desks invalidate `dashboardKeys.all` when they settle one. */
export const dashboardKeys = queryKeys('dashboard');

/** The dashboard and its two queue counts refresh every 30 s while open. */
const refetchInterval = 30_000;

export const dashboardQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) =>
      apiRequest<AdminDashboard>(adminApiPaths.dashboard, {
        signal,
        schema: import.meta.env.DEV && adminDashboardSchema,
      }),
    refetchInterval,
  });

/** Only the total of pending deposits is read (a one-row page). */
export const pendingDepositsCountQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.of('deposits'),
    queryFn: ({ signal }) =>
      apiRequest<AdminDepositPage>(depositPaths.adminList, {
        signal,
        query: { status: 'pending', pageSize: 1 },
        schema: import.meta.env.DEV && adminDepositPageSchema,
      }),
    refetchInterval,
  });

export const withdrawalsCountQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.of('withdrawals'),
    queryFn: ({ signal }) =>
      apiRequest<AdminWithdrawalList>(withdrawalPaths.adminList, {
        signal,
        query: { pageSize: 1 },
        schema: import.meta.env.DEV && adminWithdrawalListSchema,
      }),
    refetchInterval,
  });
