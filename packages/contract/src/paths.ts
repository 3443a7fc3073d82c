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
} as const;
