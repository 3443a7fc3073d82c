// @vitest-environment jsdom
import {
  adminLotteryResultDrawsSchema,
  adminLotteryResultEntriesSchema,
  adminLotteryResultPaths,
  type AdminLotteryResultEntry,
} from '@lotus/contract';
import { screen, waitFor, within } from '@testing-library/dom';
import { afterEach, describe, expect, test } from 'vitest';
import { callsTo, closeBackOffice, findDialog, installFakeApi, ok, openBackOffice } from '../../testing/back-office';
import { importColumns, resultParts } from './result-inputs';
import { pickGame, resultEntry, resultTiersOf } from './testing';

/**
 * The back-office result form of a central or southern province (family VN_SOUTH, migration 0073):
 * its 18 numbers in nine tiers (ĐB 6 digits down to G8 2 digits), sent as the contract's result, and
 * the import columns the server reads (import-results.ts).
 */
afterEach(closeBackOffice);

const hour = 3_600_000;
const past = Date.now() - 2 * hour;
const games = [
  { gameCode: 'THAI_GOV', gameName: 'Thai Government', family: 'THAI_GOV' },
  { gameCode: 'VNS_VINHLONG', gameName: 'Southern Vietnam lottery: Vĩnh Long', family: 'VN_SOUTH' },
] as const;

// Vĩnh Long, 21 March 2025 (Dominicushuy/VinLot docs/schema_demo.sql), tier after tier.
const vinhLong = {
  DB: ['884933'],
  G1: ['47822'],
  G2: ['52562'],
  G3: ['02697', '41921'],
  G4: ['43112', '00396', '40790', '06774', '13233', '01640', '92891'],
  G5: ['8740'],
  G6: ['2134', '0135', '2862'],
  G7: ['268'],
  G8: ['43'],
};

describe('the southern Vietnamese result form', () => {
  test('lays out 18 numbers in nine tiers, checks their lengths and sends the VN_SOUTH result', async () => {
    const { calls } = installFakeApi({
      [`GET ${adminLotteryResultPaths.entries}`]: () =>
        ok(adminLotteryResultEntriesSchema.parse({ items: [], pending: 0 })),
      [`GET ${adminLotteryResultPaths.draws}`]: () =>
        ok(
          adminLotteryResultDrawsSchema.parse({
            games,
            draws: [{ numero: '20261127', drawTime: past, status: 'locked', result: null, hasPendingEntry: false }],
          }),
        ),
      [`POST ${adminLotteryResultPaths.enter}`]: (call) =>
        ok(
          resultEntry({
            entryId: '7',
            gameCode: 'VNS_VINHLONG',
            gameName: 'Southern Vietnam lottery: Vĩnh Long',
            family: 'VN_SOUTH',
            numero: '20261127',
            drawTime: past,
            result: (call.body as { result: AdminLotteryResultEntry['result'] }).result,
            isOwn: true,
            enteredBy: 'ops.ann',
          }),
        ),
    });
    const user = await openBackOffice('Lottery results');
    await pickGame(user, 'Vĩnh Long');
    const table = await screen.findByRole('table', { name: 'Draws' });
    await user.click(await within(table).findByRole('button', { name: 'Enter result' }));
    const dialog = await findDialog('Result of Southern Vietnam lottery: Vĩnh Long, draw 20261127');
    expect(resultTiersOf(dialog)).toEqual([
      ['Special prize (DB)', 1],
      ['First prize (G1)', 1],
      ['Second prize (G2)', 1],
      ['Third prize (G3)', 2],
      ['Fourth prize (G4)', 7],
      ['Fifth prize (G5)', 1],
      ['Sixth prize (G6)', 3],
      ['Seventh prize (G7)', 1],
      ['Eighth prize (G8)', 1],
    ]);
    const inputs = within(dialog).getAllByRole('textbox');
    expect(inputs.map((input) => input.getAttribute('maxlength'))).toEqual([
      '6',
      '5',
      '5',
      '5',
      '5',
      '5',
      '5',
      '5',
      '5',
      '5',
      '5',
      '5',
      '4',
      '4',
      '4',
      '4',
      '3',
      '2',
    ]);
    const values = Object.values(vinhLong).flat();
    for (const [index, input] of inputs.entries()) await user.type(input, values[index]!);
    await user.click(within(dialog).getByRole('button', { name: 'Save for confirmation' }));
    await waitFor(() => expect(callsTo(calls, 'POST', adminLotteryResultPaths.enter)).toHaveLength(1));
    expect(callsTo(calls, 'POST', adminLotteryResultPaths.enter)[0]!.body).toEqual({
      gameCode: 'VNS_VINHLONG',
      numero: '20261127',
      result: { family: 'VN_SOUTH', prizes: vinhLong },
    });
  });

  test('the import columns and the parts of a result follow the 18-number table', () => {
    expect(importColumns('VN_SOUTH')).toEqual([
      'DB',
      'G1',
      'G2',
      'G3_1',
      'G3_2',
      'G4_1',
      'G4_2',
      'G4_3',
      'G4_4',
      'G4_5',
      'G4_6',
      'G4_7',
      'G5',
      'G6_1',
      'G6_2',
      'G6_3',
      'G7',
      'G8',
    ]);
    expect(resultParts({ family: 'VN_SOUTH', prizes: vinhLong }).map(({ part }) => part)).toEqual([
      'DB',
      'G1',
      'G2',
      'G3',
      'G4',
      'G5',
      'G6',
      'G7',
      'G8',
    ]);
  });
});
