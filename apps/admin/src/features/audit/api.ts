import { adminApiPaths, adminAuditPageSchema, type AdminAuditPage } from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { dayStartMs } from '../../lib/format';

export const auditPageSize = 25;
export const auditKeys = queryKeys('audit');
const dayMs = 24 * 3_600_000;

/** The audit filters as typed (days as yyyy-mm-dd, empty when not set). */
export interface AuditFilters {
  operator: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}

export const auditQuery = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: auditKeys.of(filters, page),
    queryFn: ({ signal }) => {
      const from = dayStartMs(filters.from);
      const to = dayStartMs(filters.to);
      return apiRequest<AdminAuditPage>(adminApiPaths.audit, {
        signal,
        query: {
          operator: filters.operator,
          action: filters.action,
          targetType: filters.targetType,
          targetId: filters.targetId,
          from: from ?? undefined,
          // The "to" day is included: the bound is the start of the next day.
          to: to === null ? undefined : to + dayMs,
          page,
          pageSize: auditPageSize,
        },
        schema: import.meta.env.DEV && adminAuditPageSchema,
      });
    },
    placeholderData: keepPreviousData,
  });
