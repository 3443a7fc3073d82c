import {
  depositLimitsSchema,
  depositProofSchema,
  depositReportSchema,
  depositSchema,
  depositSettingsSchema,
  depositPaths,
  type AskDepositQuestionRequest,
  type AttachDepositProofRequest,
  type Bank,
  type CreateDepositRequest,
  type Deposit,
  type DepositLimits,
  type DepositMethod,
  type DepositProof,
  type DepositReport,
  type DepositReportQuery,
  type DepositSettings,
  type SetDepositLimitsRequest,
} from '@lotus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionToken } from '../../../api/member';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaderName, queryKeys, useIdempotentMutation } from '@lotus/client';

/** Deposit calls of packages/contract/src/deposits.ts (page depositv2). Every query is the member's: keyed by token. */
const deposits = queryKeys('deposits');

export const depositKeys = {
  all: deposits.all,
  settings: (token: string | null) => deposits.of('settings', token),
  methods: (token: string | null) => deposits.of('methods', token),
  banks: (token: string | null) => deposits.of('banks', token),
  detail: (token: string | null, depositId: number) => deposits.of('detail', token, depositId),
  report: (token: string | null, query: Partial<DepositReportQuery>) => deposits.of('report', token, query),
  limits: (token: string | null) => deposits.of('limits', token),
};

export function useDepositSettings() {
  const token = useSessionToken();
  return useQuery({
    queryKey: depositKeys.settings(token),
    queryFn: () =>
      apiRequest<DepositSettings>(depositPaths.settings, {
        schema: import.meta.env.DEV && depositSettingsSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
  });
}

/** The channels open to the member, with what is left today: fresh each time the page opens. */
export function useDepositMethods() {
  const token = useSessionToken();
  return useQuery({
    queryKey: depositKeys.methods(token),
    queryFn: () => apiRequest<DepositMethod[]>(depositPaths.methods, { isSilent: true }),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/** Thai banks (for binding a withdrawal account): they change rarely. */
export function useBanks() {
  const token = useSessionToken();
  return useQuery({
    queryKey: depositKeys.banks(token),
    queryFn: () => apiRequest<Bank[]>(depositPaths.banks, { isSilent: true }),
    enabled: Boolean(token),
    staleTime: 60 * 60_000,
  });
}

const isFinal = (deposit: Deposit | undefined) => deposit !== undefined && deposit.status !== 'pending';

/**
 * One deposit, polled while it is pending (a gateway's callback or an operator settles it):
 * `pollMs` apart, stopping once it is approved, rejected or expired.
 */
export function useDeposit(depositId: number, pollMs: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: depositKeys.detail(token, depositId),
    queryFn: () =>
      apiRequest<Deposit>(depositPaths.detail, {
        schema: import.meta.env.DEV && depositSchema,
        query: { depositId },
        isSilent: true,
      }),
    enabled: Boolean(token),
    // The create call's answer is put in the cache (useCreateDeposit): the first poll comes `pollMs` later.
    staleTime: pollMs,
    refetchInterval: (query) => (isFinal(query.state.data) ? false : pollMs),
    refetchIntervalInBackground: true,
  });
}

/** The member's deposits: asked afresh each time the tab opens (an operator may have settled one meanwhile). */
export function useDepositReport(query: Partial<DepositReportQuery>) {
  const token = useSessionToken();
  return useQuery({
    queryKey: depositKeys.report(token, query),
    queryFn: () =>
      apiRequest<DepositReport>(depositPaths.report, {
        schema: import.meta.env.DEV && depositReportSchema,
        query,
        isSilent: true,
      }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The limits and what they count: fresh each time, since a pending deposit stops counting when it expires. */
export function useDepositLimits() {
  const token = useSessionToken();
  return useQuery({
    queryKey: depositKeys.limits(token),
    queryFn: () =>
      apiRequest<DepositLimits>(depositPaths.limits, {
        schema: import.meta.env.DEV && depositLimitsSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/**
 * The member's own changes to a deposit ("I have paid", a slip, a question): each call is idempotent
 * on the server (a repeat answers the deposit as it is), so a retry needs no key. The answer
 * replaces the cached deposit; lists and limits are asked again.
 */
function useDepositChange<Request>(path: string) {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (request: Request) =>
      apiRequest<Deposit>(path, { schema: import.meta.env.DEV && depositSchema, method: 'POST', body: request }),
    onSuccess: (deposit) => queryClient.setQueryData(depositKeys.detail(token, deposit.depositId), deposit),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: depositKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      }),
  });
}

/** POST MCSFE_confirmDepositPaid: "I have paid" (PROMPTPAY): the deposit waits for review and no longer expires. */
export const useConfirmDepositPaid = () => useDepositChange<{ depositId: number }>(depositPaths.confirmPaid);
/** POST MCSFE_attachDepositProof: a slip for a deposit without one (upload it first with useUploadDepositProof). */
export const useAttachDepositProof = () => useDepositChange<AttachDepositProofRequest>(depositPaths.attachProof);
/** POST MCSFE_initiateReminder: a question to the operators about the deposit. */
export const useAskDepositQuestion = () => useDepositChange<AskDepositQuestionRequest>(depositPaths.askQuestion);

/** POST multipart: a transfer slip (checked on the server by content). */
export function useUploadDepositProof() {
  return useMutation({
    mutationFn: (file: File) => {
      const formData = new FormData();
      formData.append('file', file);
      return apiRequest<DepositProof>(depositPaths.uploadProof, {
        schema: import.meta.env.DEV && depositProofSchema,
        method: 'POST',
        formData,
      });
    },
  });
}

/** POST MCSFE_createDepositTask under the action's Idempotency-Key. */
export function useCreateDeposit() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useIdempotentMutation<Deposit, CreateDepositRequest>({
    mutationFn: (request, key) =>
      apiRequest<Deposit>(depositPaths.create, {
        schema: import.meta.env.DEV && depositSchema,
        method: 'POST',
        body: request,
        headers: { [idempotencyHeaderName]: key },
      }),
    onSuccess: (deposit) => queryClient.setQueryData(depositKeys.detail(token, deposit.depositId), deposit),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: depositKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      }),
  });
}

/** POST MCSFE_setDepositLimits: decreases at once, increases after 24 hours. */
export function useSetDepositLimits() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useIdempotentMutation<DepositLimits, SetDepositLimitsRequest>({
    mutationFn: (request, key) =>
      apiRequest<DepositLimits>(depositPaths.setLimits, {
        schema: import.meta.env.DEV && depositLimitsSchema,
        method: 'POST',
        body: request,
        headers: { [idempotencyHeaderName]: key },
      }),
    onSuccess: (limits) => {
      queryClient.setQueryData(depositKeys.limits(token), limits);
      void queryClient.invalidateQueries({ queryKey: depositKeys.methods(token) });
    },
  });
}
