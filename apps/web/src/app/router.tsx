import type { ComponentType } from 'react';
import type * as ComingSoonPages from './routes/coming-soon-pages';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { loadChunk } from '../lib/chunk-loader';
import { BareLayout, SiteLayout } from './layouts/site-layout';
import { AppRoot, Splash } from './root';
import { RouteError } from './route-error';
// The landing page is in the entry chunk: most visits start there, and its modules (and those it
// shares with the header) then travel in one file instead of some thirty small ones, which gzip
// worse and cost a request each.
import { Component as HomePage } from './routes/home';

/** A route whose module loads on first visit, failing after the spec's 120 s chunk timeout. */
const lazyRoute = (load: () => Promise<{ Component: ComponentType }>) => () => loadChunk(load);

const lobby = lazyRoute(() => import('./routes/lobby'));
const category = lazyRoute(() => import('./routes/category'));
const comingSoon = (pick: (module: typeof ComingSoonPages) => ComponentType) =>
  lazyRoute(() => import('./routes/coming-soon-pages').then((module) => ({ Component: pick(module) })));

/** Pages of the full frame (header, side menu, footer). */
const fullFrameRoutes: RouteObject[] = [
  ...[paths.home.path, ...paths.homeAliases, paths.register.path, paths.registerHtml.path, paths.login.path].map(
    (path) => ({ path, Component: HomePage }),
  ),
  { path: paths.notice.path, lazy: lazyRoute(() => import('./routes/notice')) },
  { path: paths.vip.path, lazy: comingSoon((module) => module.VipPage) },
  ...paths.lobby.keys.map((key) => ({ path: `/${key}`, lazy: lobby })),
  ...paths.category.keys.map((key) => ({ path: `/${key}`, lazy: category })),
  { path: paths.promotions.path, lazy: lazyRoute(() => import('./routes/promotions')) },
  { path: paths.promoDetail.path, lazy: lazyRoute(() => import('./routes/promo-detail')) },
  { path: paths.help.path, lazy: lazyRoute(() => import('./routes/help')) },
  ...[paths.download.path, paths.downloadAlias.path].map((path) => ({
    path,
    lazy: lazyRoute(() => import('./routes/download')),
  })),
  { path: paths.join.path, lazy: lazyRoute(() => import('./routes/join')) },
  { path: paths.socialCallback.path, lazy: lazyRoute(() => import('./routes/social-callback')) },
  { path: paths.agentCenter.path, lazy: lazyRoute(() => import('./routes/agent-centre')) },
  { path: `${paths.agentCenter.path}/:page`, lazy: lazyRoute(() => import('./routes/agent-centre')) },
  { path: paths.game.path, lazy: lazyRoute(() => import('./routes/game')) },
  { path: paths.fair.path, lazy: lazyRoute(() => import('./routes/fair')) },
  // Unknown addresses get the site's own not-found page inside the frame, never a blank page.
  { path: '*', lazy: lazyRoute(() => import('./routes/not-found')) },
];

/** The routes of spec §2, each page group a lazy chunk. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    HydrateFallback: Splash,
    errorElement: <RouteError />,
    children: [
      {
        element: <SiteLayout variant="full" />,
        children: [{ errorElement: <RouteError />, children: fullFrameRoutes }],
      },
      {
        element: <SiteLayout variant="no-side-menu" />,
        children: [
          {
            errorElement: <RouteError />,
            children: [{ path: paths.pointMall.path, lazy: comingSoon((module) => module.PointMallPage) }],
          },
        ],
      },
      {
        element: <SiteLayout variant="header-only" />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: paths.lottery.getHref(), lazy: lazyRoute(() => import('./routes/lottery')) },
              // The Vietnamese and Southeast Asian lobbies; their games open on /lottery.
              { path: '/vnlottery', lazy: lazyRoute(() => import('./routes/vn-lottery')) },
              { path: '/seaLottery', lazy: lazyRoute(() => import('./routes/sea-lottery')) },
              { path: paths.seamless.path, lazy: comingSoon((module) => module.SeamlessPage) },
            ],
          },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          {
            errorElement: <RouteError />,
            children: [{ path: paths.helpBare.path, lazy: lazyRoute(() => import('./routes/help-bare')) }],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/**
 * Loads the lazy route modules of `pathname` into the route table, so the router starts with the page
 * drawn instead of its HydrateFallback: hydrating the server's first screen needs the same page at
 * once (the server loaded the same modules before its render).
 */
export async function loadRouteModules(pathname: string): Promise<void> {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (typeof route.lazy !== 'function') continue;
    const properties = await route.lazy();
    Object.assign(route, properties);
    route.lazy = undefined;
  }
}
