import {
  feedbackPaths,
  memberFeedbackPageSchema,
  type MemberFeedbackPage,
  type MemberFeedbackRequest,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSessionToken } from '../../../api/member';
import { apiRequest } from '../../../lib/api-client';

export const myFeedbackKeys = queryKeys('my-feedback');

/** GET /wps/member/feedback: the member's notes with the operator's answers, newest first. */
export function useMyFeedback(page: number, pageSize: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: myFeedbackKeys.of(token, page),
    queryFn: () =>
      apiRequest<MemberFeedbackPage>(feedbackPaths.mine, {
        query: { page, pageSize },
        schema: import.meta.env.DEV && memberFeedbackPageSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
    // An answer may have come since: opening the page always reads the list again.
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

/** POST /wps/member/feedback: a new note of the member; its answer shows in the list once given. */
export function sendFeedback(body: MemberFeedbackRequest): Promise<{ id: string }> {
  return apiRequest<{ id: string }>(feedbackPaths.mine, { method: 'POST', body });
}
