import {
  adminFeedbackPageSchema,
  adminFeedbackSchema,
  feedbackPaths,
  type AdminFeedback,
  type AdminFeedbackPage,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { dayStartMs } from '../../lib/format';

export const feedbackPageSize = 20;
export const feedbackKeys = queryKeys('feedback');
const dayMs = 24 * 3_600_000;

/** The desk's filters as typed (days as yyyy-mm-dd, empty when not set). */
export interface FeedbackFilters {
  status: string;
  type: string;
  member: string;
  from: string;
  to: string;
}

export const feedbackQuery = (filters: FeedbackFilters, page: number) =>
  queryOptions({
    queryKey: feedbackKeys.of(filters, page),
    queryFn: ({ signal }) => {
      const from = dayStartMs(filters.from);
      const to = dayStartMs(filters.to);
      return apiRequest<AdminFeedbackPage>(feedbackPaths.adminList, {
        signal,
        query: {
          status: filters.status || undefined,
          type: filters.type || undefined,
          member: filters.member || undefined,
          from: from ?? undefined,
          // The "to" day is included: the bound is the start of the next day.
          to: to === null ? undefined : to + dayMs,
          page,
          pageSize: feedbackPageSize,
        },
        schema: import.meta.env.DEV && adminFeedbackPageSchema,
      });
    },
    placeholderData: keepPreviousData,
  });

const pathOf = (template: string, id: string) => template.replace(':feedbackId', encodeURIComponent(id));

/** The answer the member reads in "My feedback"; `version` is the note's as the operator read it. */
export function answerFeedback(id: string, body: { answer: string; version: number }) {
  return apiRequest<AdminFeedback>(pathOf(feedbackPaths.adminAnswer, id), {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV && adminFeedbackSchema,
  });
}

export function closeFeedback(id: string, version: number) {
  return apiRequest<AdminFeedback>(pathOf(feedbackPaths.adminClose, id), {
    method: 'POST',
    body: { version },
    schema: import.meta.env.DEV && adminFeedbackSchema,
  });
}
