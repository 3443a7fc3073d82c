export {
  ApiError,
  createApiClient,
  networkErrorCode,
  type AnswerSchema,
  type ApiClientWiring,
  type QueryParams,
  type RequestOptions,
} from './api-client';
export {
  IdempotencyKeys,
  idempotencyHeaderName,
  idempotencyInProgressCode,
  isRetryableFailure,
  newIdempotencyKey,
  useIdempotentMutation,
} from './idempotency';
export { createQueryClient, shouldRetryQuery } from './query-client';
export { queryKeys } from './query-keys';
export { applyDocumentLanguage, currentLanguage, startI18n, supportedLanguages, toI18nCode, useLanguage } from './i18n';
export {
  ceilingOf,
  draftsOf,
  emptyTier,
  fractionOf,
  isRateField,
  offerRequestOf,
  tierFieldsOf,
  tierProblems,
  tiersOfDrafts,
  type Ceiling,
  type OfferDraft,
  type TierDraft,
  type TierProblemCode,
} from './contract-tiers';
