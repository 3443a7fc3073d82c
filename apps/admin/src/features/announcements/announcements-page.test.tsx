// @vitest-environment jsdom
import {
  adminApiPaths,
  adminAnnouncementBodySchema,
  adminAnnouncementUpdateSchema,
  adminPath,
  announcementPaths,
  mediaPaths,
  type AdminAnnouncement,
  type AdminBanner,
} from '@lotus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  findDialog,
  installFakeApi,
  ok,
  openBackOffice,
  operatorMe,
  pngFile,
  refuse,
} from '../../testing/back-office';

afterEach(closeBackOffice);

const imageUrl = `/media/1/${'a'.repeat(64)}.png`;

const existing: AdminAnnouncement = {
  id: 11,
  version: 3,
  code: 'ann-1',
  type: 'PR',
  titleTh: 'โปรต้อนรับ',
  titleEn: 'Welcome bonus',
  contentTh: '<p>รับโบนัส</p>',
  contentEn: '<p>Get a bonus</p>',
  imageUrl: null,
  isPinned: false,
  isPopup: false,
  sort: 1,
  audience: 'members',
  enabled: true,
  activeFrom: null,
  activeUntil: null,
  publishedAt: Date.UTC(2026, 10, 1),
};

const banner: AdminBanner = {
  id: 5,
  version: 1,
  code: 'banner-1',
  groupName: 'home',
  titleTh: 'แบนเนอร์',
  titleEn: 'Weekend',
  subtitleTh: null,
  subtitleEn: null,
  buttonLabelTh: null,
  buttonLabelEn: null,
  imageUrl,
  linkUrl: '/promotions',
  sort: 0,
  enabled: true,
};

function routes(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    [`GET ${announcementPaths.adminAnnouncements}`]: () => ok([existing]),
    [`GET ${announcementPaths.adminBanners}`]: () => ok([banner]),
    ...extra,
  });
}

describe('Announcements page', () => {
  test('lists announcements and banners with type, audience and status', async () => {
    routes();
    await openBackOffice('Announcements');
    const row = (await screen.findByText('Welcome bonus')).closest('tr')!;
    expect(within(row).getByText('PR · Promotion')).toBeTruthy();
    expect(within(row).getByText('Logged-in members')).toBeTruthy();
    expect(within(row).getByText('Always')).toBeTruthy();
    expect(await screen.findByText('Weekend')).toBeTruthy();
  });

  test('a new promotion with an uploaded image is sent as the contract body', async () => {
    const { calls } = routes({
      [`POST ${mediaPaths.upload}`]: () =>
        ok({
          id: 1,
          url: imageUrl,
          contentType: 'image/png',
          sizeBytes: 68,
          width: 1,
          height: 1,
          sha256: 'a'.repeat(64),
        }),
      [`POST ${announcementPaths.adminAnnouncements}`]: (call) =>
        ok({ ...existing, id: 12, version: 1, ...(call.body as object) }),
    });
    const user = await openBackOffice('Announcements');
    await user.click(await screen.findByRole('button', { name: 'New announcement' }));
    const dialog = await findDialog('New announcement');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'PR');
    await user.type(within(dialog).getByLabelText('Title (Thai)'), 'โปรใหม่');
    await user.type(within(dialog).getByLabelText('Title (English)'), 'New promo');
    await user.type(within(dialog).getByLabelText('Text (English)'), '<p>Deposit today</p>');
    await user.upload(within(dialog).getByLabelText('Image'), pngFile('promo.png'));
    await waitFor(() => expect(within(dialog).getByRole('img', { name: 'Image' }).getAttribute('src')).toBe(imageUrl));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', announcementPaths.adminAnnouncements)).toHaveLength(1));
    const body = adminAnnouncementBodySchema.parse(
      callsTo(calls, 'POST', announcementPaths.adminAnnouncements)[0]!.body,
    );
    expect(body).toMatchObject({
      type: 'PR',
      titleTh: 'โปรใหม่',
      titleEn: 'New promo',
      contentEn: '<p>Deposit today</p>',
      imageUrl,
      audience: 'all',
      enabled: true,
      activeFrom: null,
      activeUntil: null,
    });
    expect(await screen.findByText('Announcement created: the site shows it now')).toBeTruthy();
  });

  test('an announcement for agents only: the audience is chosen in the form, sent, and named in the list', async () => {
    let saved: typeof existing | null = null;
    const { calls } = installFakeApi({
      [`GET ${announcementPaths.adminAnnouncements}`]: () => ok(saved ? [existing, saved] : [existing]),
      [`GET ${announcementPaths.adminBanners}`]: () => ok([banner]),
      [`POST ${announcementPaths.adminAnnouncements}`]: (call) => {
        saved = { ...existing, id: 13, version: 1, ...(call.body as object) };
        return ok(saved);
      },
    });
    const user = await openBackOffice('Announcements');
    await user.click(await screen.findByRole('button', { name: 'New announcement' }));
    const dialog = await findDialog('New announcement');
    expect(within(dialog).getByText(/never on the site nor as a popup/)).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Who sees it'), 'Agents only (agent centre)');
    await user.type(within(dialog).getByLabelText('Title (Thai)'), 'อัตราใหม่');
    await user.type(within(dialog).getByLabelText('Title (English)'), 'New rates for agents');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', announcementPaths.adminAnnouncements)).toHaveLength(1));
    const body = adminAnnouncementBodySchema.parse(
      callsTo(calls, 'POST', announcementPaths.adminAnnouncements)[0]!.body,
    );
    expect(body).toMatchObject({ audience: 'agents', titleEn: 'New rates for agents' });
    const row = (await screen.findByText('New rates for agents')).closest('tr')!;
    expect(within(row).getByText('Agents only (agent centre)')).toBeTruthy();
  });

  test('the schedule is in the merchant’s time zone, named beside it, not the browser’s', async () => {
    const me = operatorMe();
    const { calls } = routes({
      [`GET ${adminApiPaths.me}`]: () => ok({ ...me, merchant: { ...me.merchant, timeZone: 'America/New_York' } }),
      [`GET ${announcementPaths.adminAnnouncements}`]: () =>
        ok([{ ...existing, activeFrom: Date.UTC(2026, 10, 20, 15, 0), activeUntil: null }]),
      [`PUT ${adminPath(announcementPaths.adminAnnouncementItem, { id: existing.id })}`]: (call) =>
        ok({ ...existing, ...(call.body as object), version: 4 }),
    });
    const user = await openBackOffice('Announcements');
    await user.click(await screen.findByRole('button', { name: 'Edit Welcome bonus' }));
    const dialog = await findDialog('Edit announcement');
    // 15:00 UTC on 20 November is 10:00 in New York (EST).
    const from = within(dialog).getByLabelText('Shown from') as HTMLInputElement;
    expect(from.value).toBe('2026-11-20T10:00');
    expect(within(dialog).getByText("In the brand's time zone (America/New_York). Empty: no limit.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Shown until'), { target: { value: '2026-12-01T09:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const path = adminPath(announcementPaths.adminAnnouncementItem, { id: existing.id });
    await waitFor(() => expect(callsTo(calls, 'PUT', path)).toHaveLength(1));
    expect(callsTo(calls, 'PUT', path)[0]!.body).toMatchObject({
      activeFrom: Date.UTC(2026, 10, 20, 15, 0),
      activeUntil: Date.UTC(2026, 11, 1, 14, 0),
    });
  });

  test('an empty title is caught under its field before anything is sent', async () => {
    const { calls } = routes();
    const user = await openBackOffice('Announcements');
    await user.click(await screen.findByRole('button', { name: 'New announcement' }));
    const dialog = await findDialog('New announcement');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText('Enter a title of 1 to 200 characters')).length).toBe(2);
    expect(callsTo(calls, 'POST', announcementPaths.adminAnnouncements)).toHaveLength(0);
  });

  test('an edit sends the version it read; a stale one shows the conflict and keeps the form', async () => {
    const itemPath = adminPath(announcementPaths.adminAnnouncementItem, { id: 11 });
    const { calls } = routes({
      [`PUT ${itemPath}`]: () =>
        refuse(409, 'site.content.version.conflict', 'Someone else saved this first: nothing was changed'),
    });
    const user = await openBackOffice('Announcements');
    await user.click(await screen.findByRole('button', { name: 'Edit Welcome bonus' }));
    const dialog = await findDialog('Edit announcement');
    const title = within(dialog).getByLabelText('Title (English)');
    await user.clear(title);
    await user.type(title, 'Welcome bonus 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Someone else saved this first');
    const sent = adminAnnouncementUpdateSchema.parse(callsTo(calls, 'PUT', itemPath)[0]!.body);
    expect(sent).toMatchObject({ version: 3, titleEn: 'Welcome bonus 2', audience: 'members' });
    expect((within(dialog).getByLabelText('Title (English)') as HTMLInputElement).value).toBe('Welcome bonus 2');
    // The list is read again, so a reopened form starts from the other operator's version.
    await waitFor(() => expect(callsTo(calls, 'GET', announcementPaths.adminAnnouncements).length).toBeGreaterThan(1));
  });

  test('the preview draws the text the server kept, in both languages', async () => {
    routes({
      [`POST ${announcementPaths.adminAnnouncementPreview}`]: () =>
        ok({
          th: { title: 'โปรต้อนรับ', content: '<p>รับโบนัส</p>' },
          en: { title: 'Welcome bonus', content: '<p><b>Bold</b> text</p>' },
          imageUrl,
        }),
    });
    const user = await openBackOffice('Announcements');
    await user.click(await screen.findByRole('button', { name: 'Edit Welcome bonus' }));
    const dialog = await findDialog('Edit announcement');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Bold').tagName).toBe('B');
    expect(within(preview).getByText('รับโบนัส')).toBeTruthy();
  });

  test('deleting asks first and sends the version', async () => {
    const itemPath = adminPath(announcementPaths.adminAnnouncementItem, { id: 11 });
    const { calls } = routes({ [`DELETE ${itemPath}`]: () => ok(null) });
    const user = await openBackOffice('Announcements');
    await user.click(await screen.findByRole('button', { name: 'Delete Welcome bonus' }));
    const dialog = await findDialog('Delete for good?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', itemPath)).toHaveLength(1));
    expect(callsTo(calls, 'DELETE', itemPath)[0]!.query.get('version')).toBe('3');
  });
});
