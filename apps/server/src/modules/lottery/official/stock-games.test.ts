import { adminLotteryResultPaths, type AdminLotteryResultImport } from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import type { TestOperator } from '../../backoffice/backoffice.testing.ts';
import { useOfficialTestKit } from './official.testing.ts';
import { stockIndexResult } from './stock-index-results.ts';

/**
 * Stock-index lotteries (migration 0071): their calendars (trading days at each market's close in
 * Bangkok time) and their results imported from the index values, the digits taken by @lotus/fair.
 * The clock starts on Friday 27 November 2026, 14:00:30 Bangkok (07:00:30 UTC).
 */
const kit = useOfficialTestKit({ startMs: Date.parse('2026-11-27T07:00:30Z'), draws: 'ahead' });
const { clock, admin } = kit;

const importCsv = (operator: TestOperator, csv: string) =>
  admin(operator, 'POST', adminLotteryResultPaths.import, { csv });

async function drawsOf(gameCode: string) {
  return kit.t.db
    .selectFrom('lottery_draw as d')
    .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
    .select(['d.numero', 'd.locks_at', 'd.draws_at', 'd.status', 'd.result'])
    .where('g.code', '=', gameCode)
    .orderBy('d.draws_at')
    .execute();
}

describe('stock-index calendars', () => {
  test.each([
    // Friday 16:40 Bangkok is still to come; then Monday and Tuesday (no weekend draws).
    ['STOCK_SET', ['20261127', '20261130', '20261201'], '2026-11-27T09:40:00.000Z'],
    // Friday 13:30 Bangkok closed its bets at 13:00, before the clock: Monday first.
    ['STOCK_NIKKEI', ['20261130', '20261201', '20261202'], '2026-11-30T06:30:00.000Z'],
    ['STOCK_HANGSENG', ['20261127', '20261130', '20261201'], '2026-11-27T08:10:00.000Z'],
    // The Bangkok morning after New York's Friday is Saturday; none on Sunday or Monday.
    ['STOCK_DOWJONES', ['20261128', '20261201', '20261202'], '2026-11-27T20:00:00.000Z'],
  ])('%s draws on trading days at the close', async (gameCode, numeros, firstDrawsAt) => {
    const draws = await drawsOf(gameCode);
    expect(draws.slice(0, 3).map((draw) => draw.numero)).toEqual(numeros);
    expect(draws[0]!.draws_at.toISOString()).toBe(firstDrawsAt);
    expect(draws[0]!.draws_at.getTime() - draws[0]!.locks_at.getTime()).toBe(1_800_000);
    expect(draws.every((draw) => draw.status === 'open' && draw.result === null)).toBe(true);
  });
});

describe('results from index values', () => {
  test.each([
    // Refusals first: a close without two decimals, a signed close, a change without its decimals, the wrong count.
    ['STOCK_NIKKEI', ['38654.4', '-123.05'], /close/],
    ['STOCK_NIKKEI', ['+38654.42', '-123.05'], /close/],
    ['STOCK_HANGSENG', ['26000.50', '-12'], /change/],
    ['STOCK_SET', ['1423.57', '+4.21'], /2 values instead of 3/],
    ['HANOI', ['1.00', '2.00'], /not a stock-index game/],
  ])('%s %j is refused', (gameCode, values, problem) => {
    const outcome = stockIndexResult(gameCode, values);
    expect('problem' in outcome && outcome.problem).toMatch(problem);
  });

  test.each([
    ['STOCK_NIKKEI', ['38654.42', '-123.05'], '442', '05'],
    ['STOCK_DOWJONES', ['44910.65', '+0.00'], '065', '00'],
    ['STOCK_SET', ['1423.57', '912.38', '+4.21'], '857', '21'],
  ])('%s %j gives 3 top %s and 2 bottom %s', (gameCode, values, top3, bottom2) => {
    expect(stockIndexResult(gameCode, values)).toEqual({ result: { family: 'THAI_STYLE', top3, bottom2 } });
  });

  test('an imported file of index values: a bad value refuses the file; two operators importing the same values set the results', async () => {
    // Monday 30 November, 17:00 Bangkok: Nikkei (13:30) and SET (16:40) have closed.
    clock.nowMs = Date.parse('2026-11-30T10:00:00Z');
    const bad = await importCsv(kit.operatorA, 'gameCode,numero,values\nSTOCK_NIKKEI,20261130,38654.4,-123.05\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorCode: 'lottery.result.import.invalid', field: 'csv' });
    expect(bad.json().value.lines[0]).toMatchObject({ line: 2, problem: expect.stringMatching(/^close:/) });

    // Index values, or the digits themselves: both are lines of a stock game.
    const csv =
      'STOCK_NIKKEI,20261130,38654.42,-123.05\nSTOCK_SET,20261130,1423.57,912.38,+4.21\nSTOCK_HANGSENG,20261130,262,10\n';
    const first = await importCsv(kit.operatorA, csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ value: AdminLotteryResultImport }>().value.lines.map((line) => line.outcome)).toEqual([
      'entered',
      'entered',
      'entered',
    ]);
    // The second operator's source gives the same index values; for Hang Seng, the digits.
    const second = await importCsv(kit.operatorB, csv);
    expect(second.json<{ value: AdminLotteryResultImport }>().value.lines.map((line) => line.outcome)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
    ]);
    const resultOf = async (gameCode: string) => (await drawsOf(gameCode)).find((draw) => draw.numero === '20261130')!;
    expect(await resultOf('STOCK_NIKKEI')).toMatchObject({
      status: 'drawn',
      result: { family: 'THAI_STYLE', top3: '442', bottom2: '05' },
    });
    expect((await resultOf('STOCK_SET')).result).toEqual({ family: 'THAI_STYLE', top3: '857', bottom2: '21' });
    expect((await resultOf('STOCK_HANGSENG')).result).toEqual({ family: 'THAI_STYLE', top3: '262', bottom2: '10' });
  });
});
