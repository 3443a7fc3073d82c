import { adminLotteryResultPaths, type AdminLotteryResultEntry } from '@lotus/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TestOperator } from '../../backoffice/backoffice.testing.ts';
import { useOfficialTestKit } from './official.testing.ts';

/**
 * A stock game's result typed in the back-office as the index values published (`indexValues`): the
 * server derives the digits with @lotus/fair (stock-index-results.ts), the blind four eyes compare the
 * derived digits (index values against index values or digits), a mismatch names the differing part
 * and the values that make it, bad values name their field in TH and EN. Monday 30 November 2026,
 * 17:00 Bangkok: the Nikkei (13:30) and SET (16:40) draws of the day are due.
 */
const kit = useOfficialTestKit({ startMs: Date.parse('2026-11-27T07:00:30Z'), draws: 'ahead' });
const { clock, drawOf, admin, confirmUrl } = kit;

beforeAll(() => {
  clock.nowMs = Date.parse('2026-11-30T10:00:00Z');
});

const post = (operator: TestOperator, url: string, body: unknown, language = 'EN') =>
  admin(operator, 'POST', url, body, language);
const enter = (operator: TestOperator, body: unknown, language = 'EN') =>
  post(operator, adminLotteryResultPaths.enter, body, language);

describe('index values in the entry form', () => {
  test.each([
    // A SET entry missing SET50; a Nikkei close without two decimals; a value the game does not publish.
    [
      { gameCode: 'STOCK_SET', indexValues: { set: '1423.57', setChange: '+4.21' } },
      'validation.failed',
      'indexValues.set50',
    ],
    [
      { gameCode: 'STOCK_NIKKEI', indexValues: { close: '38654.4', change: '-123.05' } },
      'validation.failed',
      'indexValues.close',
    ],
    [
      { gameCode: 'STOCK_NIKKEI', indexValues: { close: '+38654.42', change: '-1.05' } },
      'validation.failed',
      'indexValues.close',
    ],
    [
      { gameCode: 'STOCK_NIKKEI', indexValues: { close: '38654.42', change: '-123.05', set: '1.00' } },
      'validation.failed',
      'indexValues.set',
    ],
    // Both ways at once, or neither.
    [
      {
        gameCode: 'STOCK_NIKKEI',
        indexValues: { close: '38654.42', change: '-123.05' },
        result: { family: 'THAI_STYLE', top3: '442', bottom2: '05' },
      },
      'validation.failed',
      'result',
    ],
    [{ gameCode: 'STOCK_NIKKEI' }, 'validation.failed', 'result'],
    // Hanoi has no index values.
    [
      { gameCode: 'HANOI', indexValues: { close: '38654.42', change: '-123.05' } },
      'lottery.result.shape.invalid',
      'indexValues',
    ],
  ])('%j is refused naming the field', async (body, errorCode, field) => {
    for (const language of ['TH', 'EN']) {
      const response = await enter(kit.operatorA, { numero: '20261130', ...body }, language);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ errorCode, field });
      expect(response.json().message).toContain(field);
      if (language === 'TH') expect(response.json().message).toMatch(/[\u0E00-\u0E7F]/);
    }
  });

  test('the server derives the digits; the second operator must make the same ones, told which part and values differ', async () => {
    const entered = await enter(kit.operatorA, {
      gameCode: 'STOCK_NIKKEI',
      numero: '20261130',
      indexValues: { close: '38654.42', change: '-123.05' },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    const entry = entered.json<{ value: AdminLotteryResultEntry }>().value;
    // The enterer sees what the server derived: 3 top the close's units and decimals, 2 bottom the change's decimals.
    expect(entry).toMatchObject({
      status: 'pending',
      isOwn: true,
      result: { family: 'THAI_STYLE', top3: '442', bottom2: '05' },
    });

    const mismatch = await post(
      kit.operatorB,
      confirmUrl(entry.entryId),
      { indexValues: { close: '38654.42', change: '-123.15' } },
      'TH',
    );
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toMatchObject({
      errorCode: 'lottery.result.mismatch',
      field: 'result.bottom2',
      value: { fields: ['result.bottom2'], indexFields: ['indexValues.change'] },
    });
    expect((await drawOf('STOCK_NIKKEI', '20261130')).status).toBe('open');

    const confirmed = await post(kit.operatorB, confirmUrl(entry.entryId), {
      indexValues: { close: '38654.42', change: '-123.05' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { status, result } = await drawOf('STOCK_NIKKEI', '20261130');
    expect({ status, result }).toEqual({
      status: 'drawn',
      result: { family: 'THAI_STYLE', top3: '442', bottom2: '05' },
    });
    const audit = await kit.t.db
      .selectFrom('operator_audit')
      .select(['action', 'after'])
      .where('action', 'in', ['lottery.result.enter', 'lottery.result.confirm'])
      .orderBy('id')
      .execute();
    // The entry's audit row names how it was given, not its values (blind); the confirmation's has them.
    expect(audit[0]!.after).toMatchObject({ given: 'indexValues' });
    expect(JSON.stringify(audit[0]!.after)).not.toContain('38654');
    expect(audit[1]!.after).toMatchObject({ indexValues: { close: '38654.42', change: '-123.05' } });
  });

  test('SET from its three values, confirmed by a second operator typing the digits: the digits decide', async () => {
    const entered = await enter(kit.operatorA, {
      gameCode: 'STOCK_SET',
      numero: '20261130',
      indexValues: { set: '1423.57', set50: '912.38', setChange: '+4.21' },
    });
    const entry = entered.json<{ value: AdminLotteryResultEntry }>().value;
    expect(entry.result).toEqual({ family: 'THAI_STYLE', top3: '857', bottom2: '21' });
    // SET50's last decimal typed wrong: 3 top differs, made of SET50 and SET.
    const wrong = await post(kit.operatorB, confirmUrl(entry.entryId), {
      indexValues: { set: '1423.57', set50: '912.39', setChange: '+4.21' },
    });
    expect(wrong.json()).toMatchObject({
      field: 'result.top3',
      value: { indexFields: ['indexValues.set50', 'indexValues.set'] },
    });
    const confirmed = await post(kit.operatorB, confirmUrl(entry.entryId), {
      result: { family: 'THAI_STYLE', top3: '857', bottom2: '21' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await drawOf('STOCK_SET', '20261130')).status).toBe('drawn');
  });
});
