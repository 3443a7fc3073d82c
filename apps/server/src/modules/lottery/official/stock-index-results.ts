import {
  adminLotteryResultErrorCodes,
  stockIndexFields,
  type OfficialLotteryResult,
  type StockIndexField,
  type StockIndexValues,
} from '@lotus/contract';
import { thaiStyleFromStockIndex, thaiStyleFromThaiStock } from '@lotus/fair';
import { AppError } from '../../../http/app-error.ts';

/**
 * Stock-index games (migration 0071): their result is read from the index's published values, not
 * typed as digits. An imported line of such a game may give the values (these columns after
 * `gameCode,numero`) instead of `top3,bottom2`; the digits are taken with @lotus/fair's helpers, so
 * the server and any check of a result use one rule. Values are decimal strings with two decimals as
 * published (`38654.42`, `-123.05`), never floats.
 */
export const stockIndexColumns: Readonly<Record<string, readonly string[]>> = stockIndexFields;

/**
 * The Thai-style result of a stock game from its index values (in stockIndexColumns' order), or a
 * problem in words (a value without two decimals, a sign on a close) for the import's line report.
 */
export function stockIndexResult(
  gameCode: string,
  values: readonly string[],
): { result: OfficialLotteryResult } | { problem: string } {
  const columns = stockIndexColumns[gameCode];
  if (!columns) return { problem: `${gameCode} is not a stock-index game` };
  if (values.length !== columns.length)
    return { problem: `${values.length} values instead of ${columns.length} (${columns.join(', ')})` };
  try {
    const derived =
      gameCode === 'STOCK_SET'
        ? thaiStyleFromThaiStock({ set: values[0]!, set50: values[1]!, setChange: values[2]! })
        : thaiStyleFromStockIndex({ close: values[0]!, change: values[1]! });
    return { result: { family: 'THAI_STYLE', top3: derived.top3, bottom2: derived.bottom2 } };
  } catch (error) {
    if (error instanceof RangeError) return { problem: error.message };
    throw error;
  }
}

/**
 * A result given in the back-office as the index values published (`indexValues` of an entry or a
 * confirmation): the game's values in order, the digits derived here as the import derives them.
 * Refused with 400 naming the field (TH and EN messages): index values for a game that has none
 * (`lottery.result.shape.invalid`, field `indexValues`), a value the game does not publish or one it
 * needs missing (`validation.failed`, field `indexValues.<name>`), a value @lotus/fair refuses.
 */
export function resultFromIndexValues(gameCode: string, indexValues: StockIndexValues): OfficialLotteryResult {
  const fields = stockIndexFields[gameCode];
  if (!fields)
    throw new AppError(400, adminLotteryResultErrorCodes.shapeInvalid, {
      field: 'indexValues',
      params: { field: 'indexValues' },
    });
  const given = Object.keys(indexValues).filter(
    (name) => indexValues[name as StockIndexField] !== undefined,
  ) as StockIndexField[];
  const extra = given.find((name) => !fields.includes(name));
  if (extra) throw AppError.badRequest(`indexValues.${extra}`);
  const missing = fields.find((name) => indexValues[name] === undefined);
  if (missing) throw AppError.badRequest(`indexValues.${missing}`);
  const derived = stockIndexResult(
    gameCode,
    fields.map((name) => indexValues[name]!),
  );
  if ('problem' in derived) {
    // @lotus/fair names the value first (`close: expected ...`).
    const name = fields.find((field) => derived.problem.startsWith(`${field}:`)) ?? fields[0]!;
    throw AppError.badRequest(`indexValues.${name}`);
  }
  return derived.result;
}
