// @vitest-environment jsdom
import { apiPaths, type AnnouncementList, type Banner } from '@lotus/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { initTestI18n, installFakeApi, LocationProbe, ok, renderWithProviders } from '../../auth/testing';
import { BannerCarousel } from './banner-carousel';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const banner = (id: string, overrides: Partial<Banner>): Banner => ({
  id,
  groupName: 'home',
  title: `Banner ${id}`,
  subtitle: null,
  buttonLabel: null,
  imageUrl: `/art/banners/home-${id}.svg`,
  linkUrl: null,
  sort: Number(id),
  ...overrides,
});

function renderCarousel(banners: Banner[]) {
  const list: AnnouncementList = { player: [], popup: [], promotion: [], banners };
  installFakeApi({ [`GET ${apiPaths.announcements}`]: () => ok(list) });
  renderWithProviders(
    <>
      <BannerCarousel />
      <LocationProbe />
    </>,
  );
}

const activeSlide = () => screen.getAllByRole('group').find((slide) => slide.getAttribute('aria-hidden') === 'false')!;

describe('home banner carousel', () => {
  test('draws the headline, the short line and a button that opens its page', async () => {
    renderCarousel([
      banner('1', {
        title: 'Live casino from Bangkok',
        subtitle: 'Real dealers, around the clock',
        buttonLabel: 'Play live',
        linkUrl: '/live',
      }),
      banner('2', { title: 'New slots every week', buttonLabel: 'Play slots', linkUrl: '/rng' }),
    ]);
    await screen.findByText('Live casino from Bangkok');
    const slide = within(activeSlide());
    expect(slide.getByText('Live casino from Bangkok').tagName).toBe('P');
    expect(slide.getByText('Real dealers, around the clock')).toBeTruthy();
    // The art carries no words: decoration, not a second name for the slide.
    expect(slide.getByRole('presentation', { hidden: true }).getAttribute('src')).toBe('/art/banners/home-1.svg');
    // One link for keyboards and screen readers: the button (the slide-wide cover is pointer-only).
    const buttons = slide.getAllByRole('link');
    expect(buttons.map((link) => link.textContent)).toEqual(['Play live']);
    expect(buttons[0]!.getAttribute('href')).toBe('/live');
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/live'));
  });

  test('the other slides wait, hidden, with their own text; arrows bring them', async () => {
    renderCarousel([
      banner('1', { title: 'First', buttonLabel: 'Go one', linkUrl: '/promotions' }),
      banner('2', { title: 'Second', subtitle: 'The second line', buttonLabel: 'Go two', linkUrl: '/rng' }),
    ]);
    await screen.findByText('First');
    expect(within(activeSlide()).queryByText('Second')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    const slide = within(activeSlide());
    expect(slide.getByText('Second')).toBeTruthy();
    expect(slide.getByRole('link', { name: 'Go two' }).getAttribute('href')).toBe('/rng');
  });

  test('without a button text the whole banner is the link, named by its headline', async () => {
    renderCarousel([banner('1', { title: 'Join today', linkUrl: '/join' })]);
    await screen.findByText('Join today');
    const link = within(activeSlide()).getByRole('link', { name: 'Join today' });
    expect(link.getAttribute('href')).toBe('/join');
  });

  test('an address outside the site opens in a new tab; no link, no button', async () => {
    renderCarousel([
      banner('1', { title: 'Our partner', buttonLabel: 'Visit', linkUrl: 'https://partner.example/' }),
      banner('2', { title: 'Just art' }),
    ]);
    const visit = await screen.findByRole('link', { name: 'Visit' });
    expect(visit.getAttribute('target')).toBe('_blank');
    expect(visit.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(within(activeSlide()).getByText('Just art')).toBeTruthy();
    expect(within(activeSlide()).queryAllByRole('link')).toEqual([]);
  });
});
