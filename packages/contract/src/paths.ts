/** API paths, one place (spec §7 names). */
export const apiPaths = {
  systemStatus: '/wps/system/status',
  whitelabel: '/wps/system/whitelabel',
  domainRoute: '/wps/system/domainRoute',
  publicKey: '/wps/system/publicKey',
  registerSettings: '/wps/system/setting/register',
  country: '/wps/system/country',
  helpCenter: '/wps/system/helpCenter',
  gameMenus: '/lgw/games/game_menus',
  announcements: '/wps/relay/MCSFE_getListAnnouncements',
  hotGames: '/wps/relay/GCSGAME_hotGamesV2',
  feedback: '/wps/feedback',
  captcha: '/wps/captcha',
  sliderChallenge: '/wps/captcha/slider',
  sliderCheck: '/wps/captcha/slider/check',
  smsRegister: '/wps/verification/sms/register',
  devOutbox: '/wps/dev/outbox',
  login: '/wps/session/login',
  logout: '/wps/session/logout',
  register: '/wps/member/register',
  memberInfo: '/wps/member/info',
  memberLanguage: '/wps/member/language',
  registerMobile: '/wps/member/register/mobile',
  smsLogin: '/wps/verification/sms/noLogin',
  loginVerification: '/wps/session/login/verification',
  loginVerificationCode: '/wps/session/login/verification/code',
  freePlay: '/wps/session/login/freeplay',
  rememberForget: '/wps/session/remember',
  passwordChange: '/wps/member/password',
  passwordEmail: '/wps/member/password/email',
  passwordEmailReset: '/wps/member/password/email/reset',
  passwordSms: '/wps/member/password/sms',
  passwordVerification: '/wps/member/password/verification',
  totp: '/wps/v2/member/securityConfig/totp',
  memberIcons: '/wps/member/info/icon',
  playerAvatar: '/wps/relay/MCSFE_getPlayerAvatar',
  agentAffiliate: '/wps/agent/affiliate',
  agentDownline: '/wps/agent/downline',
  walletBalance: '/wps/v2/wallets/balance',
  walletStream: '/wps/v2/wallets/stream',
  merchantWallet: '/wps/relay/GCS_merchantWallet',
  /** The member's unread inbox messages (the original's `unreadMessage`; modules/inbox, `inboxPaths.unreadCount`). */
  unreadMessage: '/wps/relay/CSP_unreadCount',
} as const;

/**
 * The event name of GET /wps/v2/wallets/stream (server-sent events): its data is the wallet balance
 * JSON (money.ts walletBalanceSchema). Here, with the paths, so the site can read it without zod.
 */
export const walletStreamEventName = 'balance';
/**
 * The stream's last event when its session was revoked (logout, password change or reset, the member
 * locked, closed or forbidden to log in, the session ended in the back-office): data
 * `{ errorCode: 'user.or.token.invalid' }`. The site logs the member out at once.
 */
export const walletStreamSessionEndedEventName = 'session_ended';
/**
 * The stream's event when the member's unread inbox messages changed (a message arrived, was read or
 * deleted, in any tab or instance; modules/inbox): data `{ unreadCount }`. Also sent when the stream
 * opens, so the header's badge needs no polling.
 */
export const walletStreamUnreadEventName = 'unread';
export interface WalletStreamUnread {
  unreadCount: number;
}
/**
 * The stream's event when the member's claimable rewards changed (a reward issued by the deposit job,
 * an operator's grant to listed members or to a segment, an approved application; one claimed or
 * expired; a promotion edited; modules/promotions): data `{ claimableCount }`. Also sent when the
 * stream opens, so the reward counts need no polling.
 */
export const walletStreamRewardsEventName = 'rewards';
export interface WalletStreamRewards {
  /**
   * The member's rewards waiting for its claim: status `issued`, not past their expiry, of a promotion
   * still enabled, counting the segment grants that reach it and are not yet written as its rows.
   */
  claimableCount: number;
}

/** The lottery's reads (modules/lottery README; original-programmes §2), served to visitors and members. */
export const lotteryPaths = {
  games: '/lgw/games',
  popularGames: '/lgw/games/popular',
  /** The original's `/lotto/lgw/games/opened/numero`, under the merchant-scoped `/lgw` prefix. */
  openedNumeros: '/lgw/games/opened/numero',
  nearNumeros: '/lgw/numeros/near',
  latestDraws: '/lgw/draw',
  drawHistory: '/lgw/draw/code/:gameCode',
  /** The Vietnamese games' menu (`{prizeMode, device}`): groups with their `gameMenus`. */
  vnGameMenu: '/lgw/vn/games/game_menu',
  /** The Vietnamese games' current draws, as `openedNumeros`. */
  vnOpenedNumeros: '/lgw/vn/numeros/opened/game',
} as const;
