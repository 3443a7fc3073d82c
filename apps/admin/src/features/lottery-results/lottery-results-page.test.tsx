// @vitest-environment jsdom
import {
  adminApiPaths,
  adminLotteryResultDrawsSchema,
  adminLotteryResultEntriesSchema,
  adminLotteryResultErrorCodes,
  adminLotteryResultImportSchema,
  adminLotteryResultPaths,
  operatorPermissions,
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
  operatorMe,
  refuse,
  type FakeAnswer,
} from '../../testing/back-office';
import { pickGame, resultEntry, resultTiersOf } from './testing';

afterEach(closeBackOffice);

const games = [
  { gameCode: 'THAI_GOV', gameName: 'Thai Government', family: 'THAI_GOV' },
  { gameCode: 'LAO', gameName: 'Lao', family: 'LAO' },
  { gameCode: 'HANOI', gameName: 'Hanoi', family: 'THAI_STYLE' },
  { gameCode: 'VN_NORTH', gameName: 'Vietnam North', family: 'VN_NORTH' },
] as const;
const hour = 3_600_000;
const past = Date.now() - 2 * hour;
const thaiSettled = {
  numero: '20261116',
  drawTime: past - 12 * 24 * hour,
  status: 'settled',
  result: { family: 'THAI_GOV', first: '123456', front3: ['012', '345'], back3: ['678', '901'], last2: '07' },
  hasPendingEntry: false,
} as const;
const drawsOf = (gameCode: string) =>
  adminLotteryResultDrawsSchema.parse({
    games,
    draws:
      gameCode === 'HANOI'
        ? [
            {
              numero: '20261129',
              drawTime: Date.now() + 22 * hour,
              status: 'open',
              result: null,
              hasPendingEntry: false,
            },
            { numero: '20261128', drawTime: past, status: 'locked', result: null, hasPendingEntry: false },
            {
              numero: '20261127',
              drawTime: past - 24 * hour,
              status: 'settled',
              result: { family: 'THAI_STYLE', top3: '900', bottom2: '09' },
              hasPendingEntry: false,
            },
          ]
        : gameCode === 'THAI_GOV'
          ? [
              { numero: '20261201', drawTime: past, status: 'locked', result: null, hasPendingEntry: false },
              thaiSettled,
            ]
          : [{ numero: '20261128', drawTime: past, status: 'locked', result: null, hasPendingEntry: false }],
  });
const drawsRoute = () => ({
  [`GET ${adminLotteryResultPaths.draws}`]: (call: { query: URLSearchParams }) =>
    ok(drawsOf(call.query.get('gameCode') ?? '')),
});

const entry = (overrides: Partial<AdminLotteryResultEntry>): AdminLotteryResultEntry =>
  resultEntry({
    entryId: '41',
    gameCode: 'HANOI',
    gameName: 'Hanoi',
    family: 'THAI_STYLE',
    numero: '20261128',
    drawTime: past,
    ...overrides,
  });
const entriesOf = (items: AdminLotteryResultEntry[]) =>
  ok(
    adminLotteryResultEntriesSchema.parse({ items, pending: items.filter((item) => item.status === 'pending').length }),
  );

describe('the lottery results page', () => {
  test('a due Hanoi draw takes its result: lengths checked before sending, then a pending entry for a second operator', async () => {
    const { calls } = installFakeApi({
      [`GET ${adminLotteryResultPaths.entries}`]: () => entriesOf([]),
      ...drawsRoute(),
      [`POST ${adminLotteryResultPaths.enter}`]: (call) =>
        ok(entry({ isOwn: true, result: (call.body as { result: AdminLotteryResultEntry['result'] }).result })),
    });
    const user = await openBackOffice('Lottery results');
    await waitFor(() => expect(callsTo(calls, 'GET', adminLotteryResultPaths.draws)).not.toHaveLength(0));
    expect(callsTo(calls, 'GET', adminLotteryResultPaths.draws)[0]!.query.get('gameCode')).toBe('THAI_GOV');
    await pickGame(user, 'Hanoi');
    const table = await screen.findByRole('table', { name: 'Draws' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const [coming, due, settled] = within(table).getAllByRole('row').slice(1);
    expect(within(coming!).queryByRole('button')).toBeNull();
    expect(due!.textContent).toContain('Needs a result');
    expect(settled!.textContent).toMatch(/Top 3\s*900.*Bottom 2\s*09/);
    await user.click(within(due!).getByRole('button', { name: 'Enter result' }));
    const dialog = await findDialog('Result of Hanoi, draw 20261128');
    await user.type(within(dialog).getByLabelText('Top 3'), '90');
    await user.type(within(dialog).getByLabelText('Bottom 2'), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save for confirmation' }));
    expect(await within(dialog).findByText('Exactly 3 digits')).toBeTruthy();
    expect(within(dialog).getByText('Exactly 2 digits')).toBeTruthy();
    expect(callsTo(calls, 'POST', adminLotteryResultPaths.enter)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Top 3'), '1');
    await user.type(within(dialog).getByLabelText('Bottom 2'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save for confirmation' }));
    await waitFor(() => expect(callsTo(calls, 'POST', adminLotteryResultPaths.enter)).toHaveLength(1));
    expect(callsTo(calls, 'POST', adminLotteryResultPaths.enter)[0]!.body).toEqual({
      gameCode: 'HANOI',
      numero: '20261128',
      result: { family: 'THAI_STYLE', top3: '901', bottom2: '91' },
    });
    expect(
      await screen.findByText('Result of draw 20261128 saved: a second operator must now type it again'),
    ).toBeTruthy();
  });

  test("the Thai government form has the sheet's six numbers; a refusal naming result.front3.1 shows under the second Front 3", async () => {
    installFakeApi({
      [`GET ${adminLotteryResultPaths.entries}`]: () => entriesOf([]),
      ...drawsRoute(),
      [`POST ${adminLotteryResultPaths.enter}`]: () =>
        refuse(400, 'validation.failed', 'Invalid input: result.front3.1', 'result.front3.1'),
    });
    const user = await openBackOffice('Lottery results');
    const table = await screen.findByRole('table', { name: 'Draws' });
    await user.click(await within(table).findByRole('button', { name: 'Enter result' }));
    const dialog = await findDialog('Result of Thai Government, draw 20261201');
    const values: [string, string][] = [
      ['First prize', '123456'],
      ['Front 3 #1', '012'],
      ['Front 3 #2', '345'],
      ['Back 3 #1', '678'],
      ['Back 3 #2', '901'],
      ['Last 2', '07'],
    ];
    for (const [label, value] of values) await user.type(within(dialog).getByLabelText(label), value);
    await user.click(within(dialog).getByRole('button', { name: 'Save for confirmation' }));
    const second = within(dialog).getByLabelText('Front 3 #2');
    await waitFor(() => expect(second.closest('.field')!.textContent).toContain('Invalid input: result.front3.1'));
    expect(within(dialog).getByLabelText('Front 3 #1').closest('.field')!.classList.contains('has-error')).toBe(false);
  });

  test('the northern Vietnamese form lays out its 27 numbers in their eight tiers', async () => {
    installFakeApi({ [`GET ${adminLotteryResultPaths.entries}`]: () => entriesOf([]), ...drawsRoute() });
    const user = await openBackOffice('Lottery results');
    await pickGame(user, 'Vietnam North');
    const table = await screen.findByRole('table', { name: 'Draws' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    await user.click(await within(table).findByRole('button', { name: 'Enter result' }));
    const dialog = await findDialog('Result of Vietnam North, draw 20261128');
    expect(resultTiersOf(dialog)).toEqual([
      ['Special prize (DB)', 1],
      ['First prize (G1)', 1],
      ['Second prize (G2)', 2],
      ['Third prize (G3)', 6],
      ['Fourth prize (G4)', 4],
      ['Fifth prize (G5)', 6],
      ['Sixth prize (G6)', 3],
      ['Seventh prize (G7)', 4],
    ]);
    expect(within(dialog).getByLabelText('Fourth prize (G4) #1').getAttribute('maxlength')).toBe('4');
    expect(within(dialog).getByLabelText('Seventh prize (G7) #4').getAttribute('maxlength')).toBe('2');
  });

  test('a correction of a settled draw is labelled and warns that its bets are settled again', async () => {
    const { calls } = installFakeApi({
      [`GET ${adminLotteryResultPaths.entries}`]: () => entriesOf([]),
      ...drawsRoute(),
      [`POST ${adminLotteryResultPaths.enter}`]: () => ok(entry({ purpose: 'correction', isOwn: true })),
    });
    const user = await openBackOffice('Lottery results');
    const table = await screen.findByRole('table', { name: 'Draws' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const settled = within(table).getAllByRole('row')[2]!;
    await user.click(within(settled).getByRole('button', { name: 'Correct' }));
    const dialog = await findDialog('Correction of Thai Government, draw 20261116');
    const note = within(dialog).getByRole('note');
    expect(note.textContent).toContain('This draw is settled');
    expect(note.textContent).toContain('only the differences are paid or taken back');
    expect(note.textContent).toMatch(/First prize\s*123456/);
    expect(within(dialog).getByRole('button', { name: 'Save correction for confirmation' })).toBeTruthy();
    expect(callsTo(calls, 'POST', adminLotteryResultPaths.enter)).toHaveLength(0);
  });

  test("pending entries: one's own values only; another's is confirmed by typing it again, a mismatch marks the differing inputs; reject needs a reason", async () => {
    const own = entry({
      entryId: '40',
      isOwn: true,
      enteredBy: 'ops.anna',
      numero: '20261127',
      result: { family: 'THAI_STYLE', top3: '900', bottom2: '09' },
    });
    const other = entry({});
    let confirmAnswer: FakeAnswer = refuse(
      409,
      adminLotteryResultErrorCodes.mismatch,
      'The values differ from the first entry (result.bottom2). Check the official source again.',
      'result.bottom2',
    );
    (confirmAnswer.envelope as { value: unknown }).value = { fields: ['result.bottom2', 'result.top3'] };
    const confirmPath = adminLotteryResultPaths.confirm.replace(':entryId', '41');
    const rejectPath = adminLotteryResultPaths.reject.replace(':entryId', '41');
    const { calls } = installFakeApi({
      [`GET ${adminLotteryResultPaths.entries}`]: () => entriesOf([other, own]),
      ...drawsRoute(),
      [`POST ${confirmPath}`]: () => confirmAnswer,
      [`POST ${rejectPath}`]: () => ok(entry({ status: 'rejected', decisionReason: 'typo' })),
    });
    const user = await openBackOffice('Lottery results');
    await user.click(await screen.findByRole('link', { name: /Entries/ }));
    const table = await screen.findByRole('table', { name: 'Entries' });
    const [otherRow, ownRow] = (await within(table).findAllByRole('row')).slice(1);
    expect(otherRow!.textContent).toContain('Hidden until confirmed');
    expect(otherRow!.textContent).not.toMatch(/900/);
    expect(ownRow!.textContent).toMatch(/ops\.anna \(you\)/);
    expect(ownRow!.textContent).toMatch(/Top 3\s*900/);
    expect(within(ownRow!).queryByRole('button', { name: 'Confirm' })).toBeNull();

    await user.click(within(otherRow!).getByRole('button', { name: 'Confirm' }));
    const dialog = await findDialog('Confirm the result of Hanoi, draw 20261128');
    expect((within(dialog).getByLabelText('Top 3') as HTMLInputElement).value).toBe('');
    await user.type(within(dialog).getByLabelText('Top 3'), '901');
    await user.type(within(dialog).getByLabelText('Bottom 2'), '19');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(/differ from the first entry \(result\.bottom2\)/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Top 3').closest('.field')!.textContent).toContain(
      'Differs from the first entry',
    );
    expect(callsTo(calls, 'POST', confirmPath)[0]!.body).toEqual({
      result: { family: 'THAI_STYLE', top3: '901', bottom2: '19' },
    });

    confirmAnswer = ok(entry({ status: 'confirmed', decidedBy: 'ops.anna', decidedAt: Date.now() }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Result of draw 20261128 confirmed')).toBeTruthy();

    await user.click(within(otherRow!).getByRole('button', { name: 'Reject' }));
    const reject = await findDialog('Reject this entry');
    const button = within(reject).getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.type(within(reject).getByLabelText('Reason'), 'typo in top 3');
    await user.click(button);
    await waitFor(() => expect(callsTo(calls, 'POST', rejectPath)).toHaveLength(1));
    expect(callsTo(calls, 'POST', rejectPath)[0]!.body).toEqual({ reason: 'typo in top 3' });
  });

  test('import: a file with unreadable lines is refused with each line named; a good one shows what became of each line', async () => {
    let answer: FakeAnswer = refuse(
      400,
      adminLotteryResultErrorCodes.importInvalid,
      'The file has lines that cannot be read (line 2). Nothing was imported.',
      'csv',
    );
    (answer.envelope as { value: unknown }).value = {
      lines: [
        { line: 2, problem: 'result.top3: must be 3 digits' },
        { line: 3, problem: '1 values instead of 2 (top3, bottom2)' },
      ],
    };
    const { calls } = installFakeApi({
      [`GET ${adminLotteryResultPaths.entries}`]: () => entriesOf([]),
      ...drawsRoute(),
      [`POST ${adminLotteryResultPaths.import}`]: () => answer,
    });
    const user = await openBackOffice('Lottery results');
    await user.click(await screen.findByRole('link', { name: 'Import' }));
    expect(await screen.findByText('gameCode,numero,top3,bottom2')).toBeTruthy();
    expect(screen.getByText(/gameCode,numero,DB,G1,G2_1,G2_2,G3_1/)).toBeTruthy();
    const csv = 'gameCode,numero,top3,bottom2\nHANOI,20261128,90,09\nHANOI,20261127,900';
    await user.type(screen.getByLabelText('Or paste the lines'), csv.replace(/\n/g, '{Enter}'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const problems = await screen.findByRole('list', { name: 'Lines that cannot be read' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 2: result.top3: must be 3 digits', 'Line 3: 1 values instead of 2 (top3, bottom2)']);
    expect(callsTo(calls, 'POST', adminLotteryResultPaths.import)[0]!.body).toEqual({ csv });

    answer = ok(
      adminLotteryResultImportSchema.parse({
        lines: [
          { line: 2, gameCode: 'HANOI', numero: '20261128', outcome: 'confirmed', errorCode: null, entryId: '41' },
          {
            line: 3,
            gameCode: 'HANOI',
            numero: '20261127',
            outcome: 'refused',
            errorCode: 'lottery.result.mismatch',
            entryId: null,
          },
        ],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const outcome = await screen.findByRole('table', { name: 'What became of each line' });
    const rows = within(outcome).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Confirmed');
    expect(rows[1]!.textContent).toContain('Differs from the entry waiting for confirmation');
    expect(screen.getByText('Imported: 0 entered, 1 confirmed, 1 refused')).toBeTruthy();
  });

  test('an operator without lottery.results has no menu entry', async () => {
    installFakeApi({
      [`GET ${adminApiPaths.me}`]: () =>
        ok(operatorMe(operatorPermissions.filter((permission) => permission !== 'lottery.results'))),
    });
    await openBackOffice('Dashboard');
    const menu = screen.getByRole('complementary', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: 'Lottery results' })).toBeNull();
  });
});
