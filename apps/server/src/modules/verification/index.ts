/**
 * What other modules may use of verification: the slider token and captcha checks that guard login,
 * registration and code requests, the test-only bypass switch, the per-IP credential budget and the
 * prune of expired challenges.
 */
export { requireSliderToken, consumeSliderToken, type SliderTokenPurpose } from './consume-slider-token.ts';
export { requireCaptcha, verifyCaptcha } from './verify-captcha.ts';
export { assertChallengeBypassAllowed, challengeCheckOptions, type ChallengeCheckOptions } from './challenge-bypass.ts';
export { sha256Hex } from './challenge-hash.ts';
export { registerCredentialBudget } from './credential-budget.ts';
export { deleteExpiredChallenges } from './delete-expired-challenges.ts';
export { verificationRoutes } from './verification.routes.ts';
