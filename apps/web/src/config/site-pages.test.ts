import type { RouteObject } from 'react-router';
import { beforeAll, describe, expect, test } from 'vitest';
import { isSitePage, sitePagePathnames } from './site-pages';

/**
 * The demo seed's announcements and banners, loaded from the server by path at run time: the site
 * never imports server code (a lint rule), so neither its build nor its type check sees them.
 */
interface DemoAnnouncement {
  code: string;
  type: string;
  content: { TH: string; EN: string };
}
interface DemoBanner {
  code: string;
  linkUrl: string | null;
  buttonLabel: { TH: string; EN: string } | null;
}
const serverSiteUrl = new URL('../../../server/src/modules/site/', import.meta.url);
let demoAnnouncements: DemoAnnouncement[];
let demoBanners: DemoBanner[];

beforeAll(async () => {
  const announcements = (await import(/* @vite-ignore */ new URL('demo-announcements.ts', serverSiteUrl).href)) as {
    demoAnnouncementsAt(nowMs: number): DemoAnnouncement[];
  };
  const content = (await import(/* @vite-ignore */ new URL('demo-content.ts', serverSiteUrl).href)) as {
    demoBanners: DemoBanner[];
  };
  demoAnnouncements = announcements.demoAnnouncementsAt(Date.now());
  demoBanners = content.demoBanners;
});

const hrefsIn = (html: string): string[] => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);

function routePaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...routePaths(route.children ?? [])]);
}

describe('the site page table', () => {
  test('lists exactly the pages the router serves', async () => {
    const { routes } = await import('../app/router');
    const served = routePaths(routes).filter((path) => path !== '*');
    expect([...sitePagePathnames].sort()).toEqual([...new Set(served)].sort());
  });

  test.each([
    ['/promotions', true],
    ['/promoDetail?id=12', true],
    ['/help#about', true],
    ['/join', true],
    ['/rng?page=LTSLOT', true],
    // The referral menu the old demo named never existed.
    ['/invite', false],
    ['/referral', false],
    ['promotions', false],
    ['//evil.example/promotions', false],
    ['https://evil.example/promotions', false],
    ['', false],
  ])('isSitePage(%j) is %s', (href, expected) => {
    expect(isSitePage(href)).toBe(expected);
  });
});

describe('every link the demo seed writes opens a page of the site', () => {
  test('announcement, popup and promotion content', () => {
    const links = demoAnnouncements.flatMap((announcement) =>
      [...hrefsIn(announcement.content.TH), ...hrefsIn(announcement.content.EN)].map((href) => ({
        code: announcement.code,
        href,
      })),
    );
    // The popup and a promotion link somewhere: the check below is not vacuous.
    expect(links.map((link) => link.code)).toEqual(
      expect.arrayContaining(['popup-reload-bonus', 'promo-refer-friend']),
    );
    expect(links.filter((link) => !isSitePage(link.href))).toEqual([]);
  });

  test('banners: each home banner has a button going to a page of the site', () => {
    const home = demoBanners.filter((banner) => banner.code.startsWith('home-'));
    expect(home.length).toBeGreaterThan(0);
    for (const banner of home) {
      expect(banner.buttonLabel, banner.code).not.toBeNull();
      expect(isSitePage(banner.linkUrl ?? ''), `${banner.code} → ${banner.linkUrl}`).toBe(true);
    }
    expect(demoBanners.filter((banner) => banner.linkUrl !== null && !isSitePage(banner.linkUrl))).toEqual([]);
  });
});
