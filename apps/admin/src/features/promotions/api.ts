import {
  adminBonusPaths,
  adminBonusSettingsSchema,
  adminPromotionClaimPageSchema,
  adminPromotionGrantResultSchema,
  adminPromotionPageSchema,
  adminPromotionPaths,
  adminPromotionSchema,
  bonusCostReportSchema,
  type AdminBonusSettings,
  type AdminBonusSettingsRequest,
  type AdminPromotion,
  type AdminPromotionClaimPage,
  type AdminPromotionGrantRequest,
  type AdminPromotionGrantResult,
  type AdminPromotionInput,
  type AdminPromotionPage,
  type AdminPromotionReviewRequest,
  type AdminPromotionUpdate,
  type BonusCostReport,
  type PromotionClaimStatus,
} from '@lotus/contract';
import { queryKeys } from '@lotus/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, downloadCsv } from '../../lib/api-client';

export const promotionsPageSize = 20;
export const promotionKeys = queryKeys('promotions');

const promotionUrl = (id: number) => adminPromotionPaths.promotion.replace(':id', String(id));

/** GET /admin-api/promotions: the brand's promotions with claims and budget used. */
export const promotionListQuery = (page: number) =>
  queryOptions({
    queryKey: promotionKeys.of('list', page),
    queryFn: ({ signal }) =>
      apiRequest<AdminPromotionPage>(adminPromotionPaths.promotions, {
        signal,
        query: { page, pageSize: promotionsPageSize },
        schema: import.meta.env.DEV && adminPromotionPageSchema,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /admin-api/promotions/:id: every field, for the editor. */
export const promotionQuery = (id: number) =>
  queryOptions({
    queryKey: promotionKeys.of('one', id),
    queryFn: ({ signal }) =>
      apiRequest<AdminPromotion>(promotionUrl(id), { signal, schema: import.meta.env.DEV && adminPromotionSchema }),
  });

/** GET /admin-api/promotions/claims: the rewards of one status (the approval queue: `applying`). */
export const promotionClaimsQuery = (status: PromotionClaimStatus | '', page: number) =>
  queryOptions({
    queryKey: promotionKeys.of('claims', status, page),
    queryFn: ({ signal }) =>
      apiRequest<AdminPromotionClaimPage>(adminPromotionPaths.claims, {
        signal,
        query: { status: status || undefined, page, pageSize: promotionsPageSize },
        schema: import.meta.env.DEV && adminPromotionClaimPageSchema,
      }),
    placeholderData: keepPreviousData,
  });

export function createPromotion(body: AdminPromotionInput) {
  return apiRequest<AdminPromotion>(adminPromotionPaths.promotions, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminPromotionSchema,
  });
}

export function updatePromotion(id: number, body: AdminPromotionUpdate) {
  return apiRequest<AdminPromotion>(promotionUrl(id), {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV && adminPromotionSchema,
  });
}

export function grantPromotion(id: number, body: AdminPromotionGrantRequest) {
  return apiRequest<AdminPromotionGrantResult>(adminPromotionPaths.grant.replace(':id', String(id)), {
    method: 'POST',
    body,
    schema: import.meta.env.DEV && adminPromotionGrantResultSchema,
  });
}

export function reviewApplication(id: number, body: AdminPromotionReviewRequest) {
  return apiRequest<{ id: number; status: 'issued' | 'rejected' }>(
    adminPromotionPaths.review.replace(':id', String(id)),
    { method: 'POST', body },
  );
}

/** The path of an application's picture (read with the operator's token by ProofImage). */
export const picturePath = (pictureId: number) => adminPromotionPaths.picture.replace(':id', String(pictureId));

/** GET /admin-api/bonus/settings: the brand's bonus rules (withdrawal while turnover is unmet, forfeit threshold). */
export const bonusSettingsQuery = () =>
  queryOptions({
    queryKey: promotionKeys.of('bonus-settings'),
    queryFn: ({ signal }) =>
      apiRequest<AdminBonusSettings>(adminBonusPaths.settings, {
        signal,
        schema: import.meta.env.DEV && adminBonusSettingsSchema,
      }),
  });

export function saveBonusSettings(body: AdminBonusSettingsRequest) {
  return apiRequest<AdminBonusSettings>(adminBonusPaths.settings, {
    method: 'PUT',
    body,
    schema: import.meta.env.DEV && adminBonusSettingsSchema,
  });
}

/** GET /admin-api/bonus/cost (reports.read): bonus issued, converted, forfeited, expired and spent per day and promotion. */
export const bonusCostQuery = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: promotionKeys.of('bonus-cost', range),
    queryFn: ({ signal }) =>
      apiRequest<BonusCostReport>(adminBonusPaths.cost, {
        signal,
        query: { ...range },
        schema: import.meta.env.DEV && bonusCostReportSchema,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * Saves the bonus cost report of `range` as CSV (GET /admin-api/bonus/cost.csv, served like the reports'
 * CSVs: the server escapes the cells and defuses a name that starts like a formula).
 */
export function downloadBonusCostCsv(range: { from: string; to: string }): Promise<void> {
  return downloadCsv(adminBonusPaths.costCsv, { ...range }, `bonus-cost-${range.from}-${range.to}.csv`);
}
