import {
  claimResultSchema,
  loginHistorySchema,
  loginPromotionListSchema,
  promotionCategoryListSchema,
  promotionClaimListSchema,
  promotionClaimSchema,
  promotionDetailSchema,
  promotionListSchema,
  promotionPaths,
  promotionPictureSchema,
  registerPromotionListSchema,
  saviorPromotionListSchema,
  type ClaimIssuedPromotionRequest,
  type ClaimResult,
  type PromotionCategory,
  type PromotionCategoryList,
  type PromotionClaim,
  type PromotionClaimList,
  type PromotionDetail,
  type PromotionList,
  type PromotionPicture,
  type SignUpRequestRewardRequest,
} from '@lotus/contract';
import { idempotencyHeaderName, queryKeys, useIdempotentMutation } from '@lotus/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSessionToken } from '../../../api/member';
import { apiRequest } from '../../../lib/api-client';

export const promotionKeys = queryKeys('promotions');

export type LoginPromotion = z.infer<typeof loginPromotionListSchema>[number];
export type LoginDay = z.infer<typeof loginHistorySchema>[number];
export type SaviorPromotion = z.infer<typeof saviorPromotionListSchema>[number];
export type RegisterPromotion = z.infer<typeof registerPromotionListSchema>['content'][number];

/** PROMOFE_getPromotionAnnouncementCategory: the tabs (categories with running promotions). */
export function usePromotionCategories() {
  return useQuery({
    queryKey: promotionKeys.of('categories'),
    queryFn: () =>
      apiRequest<PromotionCategoryList>(promotionPaths.categories, {
        schema: import.meta.env.DEV && promotionCategoryListSchema,
        isSilent: true,
      }),
  });
}

/** PROMOFE_getPromotionList: with a token each card carries the member's state. */
export function usePromotionList(category: PromotionCategory | null) {
  const token = useSessionToken();
  return useQuery({
    queryKey: promotionKeys.of('list', token, category),
    queryFn: () =>
      apiRequest<PromotionList>(promotionPaths.list, {
        query: category ? { category } : {},
        schema: import.meta.env.DEV && promotionListSchema,
        isSilent: true,
      }),
  });
}

/** PROMOFE_getPromotionDetail. */
export function usePromotionDetail(promotionId: number | null) {
  const token = useSessionToken();
  return useQuery({
    queryKey: promotionKeys.of('detail', token, promotionId),
    queryFn: () =>
      apiRequest<PromotionDetail>(promotionPaths.detail, {
        query: { promotionId: String(promotionId) },
        schema: import.meta.env.DEV && promotionDetailSchema,
        isSilent: true,
      }),
    enabled: promotionId !== null,
  });
}

/** MCSFE_joinPromotion. */
export function useJoinPromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (promotionId: number) =>
      apiRequest<unknown>(promotionPaths.join, { method: 'POST', body: { promotionId } }),
    onSettled: () => client.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

/** MCSFE_uploadRewardPicture (multipart `file`). */
export function useUploadRewardPicture() {
  return useMutation({
    mutationFn: (file: File) => {
      const formData = new FormData();
      formData.append('file', file);
      return apiRequest<PromotionPicture>(promotionPaths.uploadPicture, {
        method: 'POST',
        formData,
        schema: import.meta.env.DEV && promotionPictureSchema,
      });
    },
  });
}

/** MCSFE_signUpRequestReward: apply for a MANUAL promotion. */
export function useSignUpRequestReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignUpRequestRewardRequest) =>
      apiRequest<PromotionClaim>(promotionPaths.signUpRequestReward, {
        method: 'POST',
        body,
        schema: import.meta.env.DEV && promotionClaimSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

/** MCS2_getPromotionClaimList: issued rewards first, then the recent ones. */
export function usePromotionClaims() {
  const token = useSessionToken();
  return useQuery({
    queryKey: promotionKeys.of('claims', token),
    queryFn: () =>
      apiRequest<PromotionClaimList>(promotionPaths.claimList, {
        schema: import.meta.env.DEV && promotionClaimListSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/** MCS2_claimIssuedPromotion under the action's Idempotency-Key. */
export function useClaimIssued() {
  const client = useQueryClient();
  return useIdempotentMutation<ClaimResult, ClaimIssuedPromotionRequest>({
    mutationFn: (body, key) =>
      apiRequest<ClaimResult>(promotionPaths.claimIssued, {
        method: 'POST',
        body,
        headers: { [idempotencyHeaderName]: key },
        schema: import.meta.env.DEV && claimResultSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

/** MCSFE_getRegisterPromotionList: newbie promotions with the member's profile progress. */
export function useRegisterPromotions() {
  const token = useSessionToken();
  return useQuery({
    queryKey: promotionKeys.of('register', token),
    queryFn: () =>
      apiRequest<z.infer<typeof registerPromotionListSchema>>(promotionPaths.registerList, {
        schema: import.meta.env.DEV && registerPromotionListSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
  });
}

/** MCS2_claimRegisterPromotion under the action's Idempotency-Key. */
export function useClaimRegister() {
  const client = useQueryClient();
  return useIdempotentMutation<ClaimResult, { promotionId: number }>({
    mutationFn: (body, key) =>
      apiRequest<ClaimResult>(promotionPaths.claimRegister, {
        method: 'POST',
        body,
        headers: { [idempotencyHeaderName]: key },
        schema: import.meta.env.DEV && claimResultSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

/** MCSFE_getLoginPromotion: the sign-in promotions. */
export function useLoginPromotions() {
  const token = useSessionToken();
  return useQuery({
    queryKey: promotionKeys.of('login', token),
    queryFn: () =>
      apiRequest<LoginPromotion[]>(promotionPaths.loginList, {
        schema: import.meta.env.DEV && loginPromotionListSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
  });
}

/** MCSFE_getLoginPromotionConfigHistory: the days of one sign-in promotion. */
export function useLoginHistory(configId: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: promotionKeys.of('login-history', token, configId),
    queryFn: () =>
      apiRequest<LoginDay[]>(promotionPaths.loginHistory, {
        query: { configId: String(configId) },
        schema: import.meta.env.DEV && loginHistorySchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/** MCSFE_claimLoginPromotion under the action's Idempotency-Key. */
export function useClaimLogin() {
  const client = useQueryClient();
  return useIdempotentMutation<ClaimResult, { id: string }>({
    mutationFn: (body, key) =>
      apiRequest<ClaimResult>(promotionPaths.claimLogin, {
        method: 'POST',
        body,
        headers: { [idempotencyHeaderName]: key },
        schema: import.meta.env.DEV && claimResultSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

/** MCSFE_getSaviorPromotion: the rescue promotions with the member's net loss of the last closed period. */
export function useSaviorPromotions() {
  const token = useSessionToken();
  return useQuery({
    queryKey: promotionKeys.of('savior', token),
    queryFn: () =>
      apiRequest<SaviorPromotion[]>(promotionPaths.saviorList, {
        schema: import.meta.env.DEV && saviorPromotionListSchema,
        isSilent: true,
      }),
    enabled: Boolean(token),
  });
}

/** MCSFE_claimSaviorPromotion under the action's Idempotency-Key. */
export function useClaimSavior() {
  const client = useQueryClient();
  return useIdempotentMutation<ClaimResult, { promId: number }>({
    mutationFn: (body, key) =>
      apiRequest<ClaimResult>(promotionPaths.claimSavior, {
        method: 'POST',
        body,
        headers: { [idempotencyHeaderName]: key },
        schema: import.meta.env.DEV && claimResultSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
