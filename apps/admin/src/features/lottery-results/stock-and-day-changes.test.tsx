// @vitest-environment jsdom
import {
  adminLotteryDayChangePaths,
  adminLotteryDayChangesSchema,
  adminLotteryResultDrawsSchema,
  adminLotteryResultEntriesSchema,
  adminLotteryResultPaths,
  type AdminLotteryResultEntry,
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
  type FakeAnswer,
} from '../../testing/back-office';
import { pickGame, resultEntry } from './testing';

afterEach(closeBackOffice);

const hour = 3_600_000;
const past = Date.now() - 2 * hour;
const games = [
  { gameCode: 'THAI_GOV', gameName: 'Thai Government', family: 'THAI_GOV' },
  { gameCode: 'STOCK_NIKKEI', gameName: 'Nikkei', family: 'THAI_STYLE' },
  { gameCode: 'STOCK_SET', gameName: 'Thai stock', family: 'THAI_STYLE' },
] as const;
const drawsRoute = {
  [`GET ${adminLotteryResultPaths.draws}`]: () =>
    ok(
      adminLotteryResultDrawsSchema.parse({
        games,
        draws: [{ numero: '20261130', drawTime: past, status: 'locked', result: null, hasPendingEntry: false }],
      }),
    ),
};
const entry = (overrides: Partial<AdminLotteryResultEntry>): AdminLotteryResultEntry =>
  resultEntry({
    entryId: '51',
    gameCode: 'STOCK_NIKKEI',
    gameName: 'Nikkei',
    family: 'THAI_STYLE',
    numero: '20261130',
    drawTime: past,
    ...overrides,
  });
const entriesOf = (items: AdminLotteryResultEntry[]) => () =>
  ok(adminLotteryResultEntriesSchema.parse({ items, pending: items.length }));
/** A refusal with details in `value` (a mismatch's fields, a draw's bets). */
const refusal = (status: number, errorCode: string, message: string, field: string, value: unknown): FakeAnswer => ({
  status,
  envelope: { success: false, value, errorCode, message, field },
});

describe('stock-index results typed as index values', () => {
  test('the values go to the server as typed; the digits appear only from its answer', async () => {
    const { calls } = installFakeApi({
      [`GET ${adminLotteryResultPaths.entries}`]: entriesOf([]),
      ...drawsRoute,
      [`POST ${adminLotteryResultPaths.enter}`]: () =>
        ok(entry({ isOwn: true, result: { family: 'THAI_STYLE', top3: '442', bottom2: '05' } })),
    });
    const user = await openBackOffice('Lottery results');
    await pickGame(user, 'Nikkei');
    const table = await screen.findByRole('table', { name: 'Draws' });
    await user.click(await within(table).findByRole('button', { name: 'Enter result' }));
    const dialog = await findDialog('Result of Nikkei, draw 20261130');
    expect((within(dialog).getByLabelText('Index values') as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByLabelText('Top 3')).toBeNull();
    await user.type(within(dialog).getByLabelText('Closing value'), '38654.4');
    await user.type(within(dialog).getByLabelText('Change'), '+123.05');
    await user.click(within(dialog).getByRole('button', { name: 'Save for confirmation' }));
    expect(await within(dialog).findByText('A value with two decimals, no sign (38654.42)')).toBeTruthy();
    expect(callsTo(calls, 'POST', adminLotteryResultPaths.enter)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Closing value'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save for confirmation' }));
    await waitFor(() => expect(callsTo(calls, 'POST', adminLotteryResultPaths.enter)).toHaveLength(1));
    expect(callsTo(calls, 'POST', adminLotteryResultPaths.enter)[0]!.body).toEqual({
      gameCode: 'STOCK_NIKKEI',
      numero: '20261130',
      indexValues: { close: '38654.42', change: '+123.05' },
    });
    const status = await within(dialog).findByRole('status');
    expect(status.textContent).toMatch(/server read.*Top 3\s*442.*Bottom 2\s*05/);
    await user.click(within(status).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('digits remain possible; a blind confirmation by index values that differs marks the values making the differing digits', async () => {
    const { calls } = installFakeApi({
      [`GET ${adminLotteryResultPaths.entries}`]: entriesOf([entry({ gameCode: 'STOCK_SET', gameName: 'Thai stock' })]),
      ...drawsRoute,
      [`POST ${adminLotteryResultPaths.confirm.replace(':entryId', '51')}`]: () =>
        refusal(
          409,
          'lottery.result.mismatch',
          'The values differ from the first entry (result.top3).',
          'result.top3',
          {
            fields: ['result.top3'],
            indexFields: ['indexValues.set50', 'indexValues.set'],
          },
        ),
    });
    const user = await openBackOffice('Lottery results');
    await user.click(await screen.findByRole('link', { name: /Entries/ }));
    const table = await screen.findByRole('table', { name: 'Entries' });
    const [row] = (await within(table).findAllByRole('row')).slice(1);
    await user.click(within(row!).getByRole('button', { name: 'Confirm' }));
    const dialog = await findDialog(/Confirm the result of Thai stock/);
    await user.click(within(dialog).getByLabelText('Digits (3 top, 2 bottom)'));
    expect(within(dialog).getByLabelText('Top 3')).toBeTruthy();
    await user.click(within(dialog).getByLabelText('Index values'));
    await user.type(within(dialog).getByLabelText('SET index'), '1423.57');
    await user.type(within(dialog).getByLabelText('SET50 index'), '912.39');
    await user.type(within(dialog).getByLabelText('SET change'), '+4.21');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', adminLotteryResultPaths.confirm.replace(':entryId', '51'))).toHaveLength(1),
    );
    expect(callsTo(calls, 'POST', adminLotteryResultPaths.confirm.replace(':entryId', '51'))[0]!.body).toEqual({
      indexValues: { set: '1423.57', set50: '912.39', setChange: '+4.21' },
    });
    const fieldOf = (label: string) => within(dialog).getByLabelText(label).closest('.field')!;
    await waitFor(() => expect(fieldOf('SET50 index').textContent).toContain('Differs from the first entry'));
    expect(fieldOf('SET index').textContent).toContain('Differs from the first entry');
    expect(fieldOf('SET change').textContent).not.toContain('Differs');
  });
});

describe('holiday day changes', () => {
  const list = adminLotteryDayChangesSchema.parse({
    games: [
      {
        gameCode: 'THAI_GOV',
        gameName: 'Thai Government',
        family: 'THAI_GOV',
        weekdays: [],
        monthDays: [1, 16],
        drawTime: '16:00',
      },
      { gameCode: 'LAO', gameName: 'Lao', family: 'LAO', weekdays: [1, 4], monthDays: [], drawTime: '20:30' },
    ],
    changes: [
      {
        gameCode: 'LAO',
        gameName: 'Lao',
        scheduledDay: '2026-12-03',
        drawDay: '2026-12-04',
        note: 'Holiday',
        draw: { numero: '20261204', status: 'open', orders: 0 },
        isRemovable: true,
      },
      {
        gameCode: 'LAO',
        gameName: 'Lao',
        scheduledDay: '2026-12-07',
        drawDay: null,
        note: null,
        draw: { numero: '20261207', status: 'cancelled', orders: 2 },
        isRemovable: false,
      },
    ],
  });

  test('listed, added (with bets: refused until the refund is accepted), removed while not used', async () => {
    let adds = 0;
    const { calls } = installFakeApi({
      [`GET ${adminLotteryResultPaths.entries}`]: entriesOf([]),
      ...drawsRoute,
      [`GET ${adminLotteryDayChangePaths.list}`]: () => ok(list),
      [`POST ${adminLotteryDayChangePaths.add}`]: () => {
        adds += 1;
        return adds === 1
          ? refusal(409, 'lottery.day_change.has.bets', "This day's draw already has bets.", 'refundBets', {
              orders: 3,
            })
          : ok({
              change: {
                ...list.changes[0]!,
                gameCode: 'THAI_GOV',
                gameName: 'Thai Government',
                scheduledDay: '2026-12-01',
                drawDay: '2026-12-02',
                isRemovable: false,
              },
              effect: 'cancelled',
              refundedOrders: 3,
            });
      },
      [`DELETE ${adminLotteryDayChangePaths.remove.replace(':gameCode', 'LAO').replace(':scheduledDay', '2026-12-03')}`]:
        () => ok({ removed: true }),
    });
    const user = await openBackOffice('Lottery results');
    await user.click(await screen.findByRole('link', { name: 'Holidays' }));
    const table = await screen.findByRole('table', { name: 'Draw day changes' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [moved, skipped] = within(table).getAllByRole('row').slice(1);
    expect(moved!.textContent).toMatch(/2026-12-03.*Moved to 2026-12-04.*20261204.*Bets: 0.*Holiday/);
    expect(skipped!.textContent).toMatch(/Skipped.*In effect/);
    expect(within(skipped!).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add a day change' }));
    const dialog = await findDialog('Move or skip a draw day');
    expect(dialog.textContent).toContain('days 1, 16 of the month · 16:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Pick a day')).toHaveLength(2);
    await user.type(within(dialog).getByLabelText('Scheduled day'), '2026-12-01');
    await user.type(within(dialog).getByLabelText('New day'), '2026-12-02');
    await user.type(within(dialog).getByLabelText('Note'), 'Constitution Day');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This draw has 3 bets')).toBeTruthy();
    expect(within(dialog).queryByText('Pick a day')).toBeNull();
    expect(callsTo(calls, 'POST', adminLotteryDayChangePaths.add)[0]!.body).toEqual({
      gameCode: 'THAI_GOV',
      scheduledDay: '2026-12-01',
      drawDay: '2026-12-02',
      note: 'Constitution Day',
      refundBets: false,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the draw and refund 3 bets' }));
    await waitFor(() => expect(callsTo(calls, 'POST', adminLotteryDayChangePaths.add)).toHaveLength(2));
    expect(callsTo(calls, 'POST', adminLotteryDayChangePaths.add)[1]!.body).toMatchObject({ refundBets: true });
    expect(await screen.findByText('Saved. The draw of 2026-12-01 was cancelled; refunded bets: 3')).toBeTruthy();

    await user.click(within(moved!).getByRole('button', { name: 'Remove' }));
    const confirm = await findDialog('Remove this day change');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(
        callsTo(
          calls,
          'DELETE',
          adminLotteryDayChangePaths.remove.replace(':gameCode', 'LAO').replace(':scheduledDay', '2026-12-03'),
        ),
      ).toHaveLength(1),
    );
  });
});
