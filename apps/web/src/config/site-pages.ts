import { paths } from './paths';

/**
 * Every page address the router serves (app/router.tsx builds its routes from the same `paths`
 * entries; a test keeps the two lists equal). Links that arrive as data (banners, announcement and
 * promotion content written by operators or the demo seed) are checked against it.
 */
export const sitePagePathnames: readonly string[] = [
  paths.home.path,
  ...paths.homeAliases,
  paths.login.path,
  paths.register.path,
  paths.registerHtml.path,
  paths.notice.path,
  paths.vip.path,
  paths.pointMall.path,
  ...paths.lottery.paths,
  ...paths.lobby.keys.map((key) => `/${key}`),
  ...paths.category.keys.map((key) => `/${key}`),
  paths.promotions.path,
  paths.promoDetail.path,
  paths.seamless.path,
  paths.help.path,
  paths.helpBare.path,
  paths.download.path,
  paths.downloadAlias.path,
  paths.join.path,
  paths.socialCallback.path,
  paths.game.path,
  paths.fair.path,
  paths.agentCenter.path,
  `${paths.agentCenter.path}/:page`,
];

/** Whether `href` is a same-site address (`/path`, with any query or anchor) of a page the site has. */
export function isSitePage(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return false;
  return sitePagePathnames.includes(new URL(href, 'https://site.invalid').pathname);
}
