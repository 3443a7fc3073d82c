/** The member's and visitor's calls (original-api-names.md; names the original lacks go under /wps/relay in its style). */
export const promotionPaths = {
  /** GET, no token needed (with one, each card carries the member's status): `promotionListQuerySchema` → `promotionListSchema`. */
  list: '/wps/relay/PROMOFE_getPromotionList',
  /** GET `?promotionId=`, no token needed: `promotionDetailSchema`. */
  detail: '/wps/relay/PROMOFE_getPromotionDetail',
  /** GET, no token: the categories that have running promotions, in order (the site's tabs). */
  categories: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
  /** GET, no token: how many promotions run per kind (the site's header badge for visitors). */
  merchantAvailable: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
  /** GET, token: `availablePromotionsSchema` (counts per kind of what the member can do now; polled every 5 min). */
  available: '/wps/relay/MCSFE_getAvailablePromotions',
  /** POST `joinPromotionRequestSchema`, token: join a deposit promotion (when it asks to be joined). */
  join: '/wps/relay/MCSFE_joinPromotion',
  /** POST multipart, one part `file`, token: a picture for an application → `promotionPictureSchema`. */
  uploadPicture: '/wps/relay/MCSFE_uploadRewardPicture',
  /** GET `?pictureId=`, token: the member's own picture (image bytes). */
  picture: '/wps/relay/MCSFE_getRewardPicture',
  /** POST `signUpRequestRewardRequestSchema`, token: apply for a MANUAL promotion → `promotionClaimSchema`. */
  signUpRequestReward: '/wps/relay/MCSFE_signUpRequestReward',
  /** GET `promotionClaimListQuerySchema`, token: the member's rewards (issued ones to claim first). */
  claimList: '/wps/relay/MCS2_getPromotionClaimList',
  /** POST `claimIssuedPromotionRequestSchema`, token, `Idempotency-Key`: claim an issued reward → `claimResultSchema`. */
  claimIssued: '/wps/relay/MCS2_claimIssuedPromotion',
  /** GET, token: the REGISTER (newbie) promotions with the member's profile progress. */
  registerList: '/wps/relay/MCSFE_getRegisterPromotionList',
  /** POST `{ promotionId }`, token: claim a REGISTER promotion once its required fields are done. */
  claimRegister: '/wps/relay/MCS2_claimRegisterPromotion',
  /** GET, token: the LOGIN (sign-in) promotions. */
  loginList: '/wps/relay/MCSFE_getLoginPromotion',
  /** GET `?configId=`, token: the days of one LOGIN promotion with what the member claimed. */
  loginHistory: '/wps/relay/MCSFE_getLoginPromotionConfigHistory',
  /** POST `{ id }` (the day's id), token: claim today's sign-in reward. */
  claimLogin: '/wps/relay/MCSFE_claimLoginPromotion',
  /** GET, token: the SAVIOR (rescue) promotions with the member's net loss of the period. */
  saviorList: '/wps/relay/MCSFE_getSaviorPromotion',
  /** POST `{ promId }`, token: claim the rescue bonus of the last closed period. */
  claimSavior: '/wps/relay/MCSFE_claimSaviorPromotion',
} as const;
