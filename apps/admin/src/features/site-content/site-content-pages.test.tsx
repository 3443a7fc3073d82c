// @vitest-environment jsdom
import {
  adminCustomerServiceBodySchema,
  adminCustomerServiceUpdateSchema,
  adminHelpArticleBodySchema,
  adminHomeLaneBodySchema,
  adminPath,
  gamesAdminPaths,
  siteContentPaths,
  type AdminCustomerService,
  type AdminHelpArticle,
  type AdminHelpCategory,
  type AdminHomeLane,
  type HomeLanes,
} from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import {
  callsTo,
  closeBackOffice,
  findDialog,
  installFakeApi,
  ok,
  openBackOffice,
  refuse,
} from '../../testing/back-office';
import { game, vendor } from '../games/games.fixtures';

afterEach(closeBackOffice);

const line: AdminCustomerService = {
  id: 7,
  version: 4,
  code: 'cs-line',
  type: 'LINE',
  labelTh: 'ไลน์',
  labelEn: 'LINE support',
  url: 'https://line.me/ti/p/@lotus',
  isVip: false,
  sort: 1,
  enabled: true,
};

const category: AdminHelpCategory = {
  id: 3,
  version: 1,
  code: 'money',
  titleTh: 'การเงิน',
  titleEn: 'Money',
  sort: 1,
  enabled: true,
  articleCount: 0,
};

const lanes: HomeLanes = {
  lanes: [
    {
      code: 'editors',
      title: "Editor's picks",
      category: null,
      games: [
        {
          gameId: 'LT-SLOT-1',
          nodeId: '1',
          vassalage: 'LTSLOT',
          gameType: 'RNG',
          gameCategory: 'RNG',
          gameClassify: null,
          displayName: 'Lotus Fortune',
          thumbnailUrl: '/art/games/lotus.svg',
          isHot: 1,
          isNew: false,
        },
      ],
    },
  ],
};

function siteRoutes(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    [`GET ${siteContentPaths.adminCustomerService}`]: () => ok([line]),
    [`GET ${siteContentPaths.adminHomeLanes}`]: () => ok([] as AdminHomeLane[]),
    [`GET ${siteContentPaths.homeLanes}`]: () => ok(lanes),
    [`GET ${siteContentPaths.adminHelpCategories}`]: () => ok([category]),
    [`GET ${siteContentPaths.adminHelpArticles}`]: () => ok([] as AdminHelpArticle[]),
    ...extra,
  });
}

describe('Site content page', () => {
  test('a new channel: a phone that is no number is caught under its field, then the contract body is sent', async () => {
    const { calls } = siteRoutes({
      [`POST ${siteContentPaths.adminCustomerService}`]: (call) =>
        ok({ ...line, id: 8, version: 1, code: 'cs-new', ...(call.body as object) }),
    });
    const user = await openBackOffice('Site content');
    expect(await screen.findByText('ไลน์ / LINE support')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '+ Add channel' }));
    const dialog = await findDialog('New channel');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'PHONE');
    await user.type(within(dialog).getByLabelText('Link or number'), 'call us');
    await user.type(within(dialog).getByLabelText('Label (Thai)'), 'โทร');
    await user.type(within(dialog).getByLabelText('Label (English)'), 'Call us');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Check this field.')).toBeTruthy();
    expect(callsTo(calls, 'POST', siteContentPaths.adminCustomerService)).toHaveLength(0);

    const url = within(dialog).getByLabelText('Link or number');
    await user.clear(url);
    await user.type(url, '+66 2 123 4567');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', siteContentPaths.adminCustomerService)).toHaveLength(1));
    const body = adminCustomerServiceBodySchema.parse(
      callsTo(calls, 'POST', siteContentPaths.adminCustomerService)[0]!.body,
    );
    expect(body).toEqual({
      type: 'PHONE',
      labelTh: 'โทร',
      labelEn: 'Call us',
      url: '+66 2 123 4567',
      isVip: false,
      sort: 0,
      enabled: true,
    });
    expect(await screen.findByText('Channel saved')).toBeTruthy();
  });

  test('an edit sends the version it read; a stale one shows why, keeps the form and reads the list again', async () => {
    const itemPath = adminPath(siteContentPaths.adminCustomerServiceItem, { id: 7 });
    const { calls } = siteRoutes({
      [`PUT ${itemPath}`]: () =>
        refuse(409, 'site.content.version.conflict', 'This item was changed by someone else after you opened it'),
    });
    const user = await openBackOffice('Site content');
    await user.click(await screen.findByRole('button', { name: 'Edit LINE support' }));
    const dialog = await findDialog('Edit channel');
    const label = within(dialog).getByLabelText('Label (English)');
    await user.clear(label);
    await user.type(label, 'LINE 24h');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('changed by someone else');
    const sent = adminCustomerServiceUpdateSchema.parse(callsTo(calls, 'PUT', itemPath)[0]!.body);
    expect(sent).toMatchObject({ version: 4, labelEn: 'LINE 24h', type: 'LINE' });
    expect((within(dialog).getByLabelText('Label (English)') as HTMLInputElement).value).toBe('LINE 24h');
    await waitFor(() => expect(callsTo(calls, 'GET', siteContentPaths.adminCustomerService).length).toBeGreaterThan(1));
  });

  test('a picked lane: games chosen by vendor and name, reordered, sent as ids in that order; the preview shows the lanes the site receives', async () => {
    const slots = vendor({ gameCount: 3, enabledGameCount: 2 });
    const lotusGame = (gameId: string, nameEn: string, isEnabled = true) =>
      game({ gameRowId: gameId.length, gameId, nameTh: nameEn, nameEn, isEnabled });
    const { calls } = siteRoutes({
      [`GET ${gamesAdminPaths.vendors}`]: () => ok({ vendors: [slots] }),
      [`GET ${gamesAdminPaths.vendor}`]: () =>
        ok({
          vendor: slots,
          games: [
            lotusGame('LT-SLOT-1', 'Lucky Lotus'),
            lotusGame('LT-SLOT-2', 'Golden Elephant'),
            lotusGame('LT-OFF', 'Off', false),
          ],
          maintenance: [],
        }),
      [`POST ${siteContentPaths.adminHomeLanes}`]: (call) => ok({ id: 1, version: 1, ...(call.body as object) }),
    });
    const user = await openBackOffice('Site content');
    await user.click(await screen.findByRole('tab', { name: 'Home game lanes' }));
    const preview = (await screen.findByRole('heading', { name: 'As the site shows it now' })).closest('section')!;
    expect(await within(preview).findByText('Lotus Fortune')).toBeTruthy();
    expect(within(preview).getByRole('heading', { name: "Editor's picks" })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '+ Add lane' }));
    const dialog = await findDialog('New lane');
    await user.type(within(dialog).getByLabelText('Code'), 'editors');
    await user.type(within(dialog).getByLabelText('Title (Thai)'), 'เกมแนะนำ');
    await user.type(within(dialog).getByLabelText('Title (English)'), 'Picks');
    await user.selectOptions(within(dialog).getByLabelText('Games'), 'picked');
    const picker = within(dialog).getByRole('group', { name: 'Picked games' });
    await user.selectOptions(within(picker).getByLabelText('Vendor'), 'Lotus Slots');
    const gameSelect = within(picker).getByLabelText('Game');
    await waitFor(() => expect(within(gameSelect).getByRole('option', { name: 'Lucky Lotus' })).toBeTruthy());
    expect(within(gameSelect).queryByRole('option', { name: 'Off' }), 'a switched-off game is not offered').toBeNull();
    await user.selectOptions(gameSelect, 'Lucky Lotus');
    await user.click(within(picker).getByRole('button', { name: 'Add game' }));
    await user.selectOptions(gameSelect, 'Golden Elephant');
    await user.click(within(picker).getByRole('button', { name: 'Add game' }));
    expect(
      within(gameSelect).queryByRole('option', { name: 'Lucky Lotus' }),
      'a picked game is not offered twice',
    ).toBeNull();
    await user.click(within(picker).getByRole('button', { name: 'Move LT-SLOT-2 up' }));
    expect(
      within(picker)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Golden Elephant'), expect.stringContaining('Lucky Lotus')]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'POST', siteContentPaths.adminHomeLanes)).toHaveLength(1));
    const body = adminHomeLaneBodySchema.parse(callsTo(calls, 'POST', siteContentPaths.adminHomeLanes)[0]!.body);
    expect(body).toMatchObject({ source: 'picked', gameIds: ['LT-SLOT-2', 'LT-SLOT-1'], category: null, maxGames: 12 });
  });
});

describe('Help centre page', () => {
  test('a new article goes with its category; a refusal naming the anchor shows under it', async () => {
    const { calls } = siteRoutes({
      [`POST ${siteContentPaths.adminHelpArticles}`]: () =>
        refuse(409, 'site.content.code.taken', 'Another item already uses this tag. Choose another one.', 'tag'),
    });
    const user = await openBackOffice('Help centre');
    expect(await screen.findByText('การเงิน / Money')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '+ Add article' }));
    const dialog = await findDialog('New article');
    await user.type(within(dialog).getByLabelText('Anchor (/help#…)'), 'deposit');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Money');
    await user.type(within(dialog).getByLabelText('Title (Thai)'), 'ฝากเงิน');
    await user.type(within(dialog).getByLabelText('Title (English)'), 'Deposits');
    await user.type(within(dialog).getByLabelText('Content (Thai, HTML)'), '<p>ฝาก</p>');
    await user.type(within(dialog).getByLabelText('Content (English, HTML)'), '<p>Deposit</p>');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another item already uses this tag. Choose another one.')).toBeTruthy();
    const body = adminHelpArticleBodySchema.parse(callsTo(calls, 'POST', siteContentPaths.adminHelpArticles)[0]!.body);
    expect(body).toMatchObject({ tag: 'deposit', categoryId: 3, contentEn: '<p>Deposit</p>', enabled: true });
  });
});
