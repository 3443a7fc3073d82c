import type { OfficialLotteryResult } from '@lotus/contract';
import { thaiStyleFromStockIndex, thaiStyleFromThaiStock } from '@lotus/fair';

/**
 * Stock-index games (migration 0071): their result is read from the index's published values, not
 * typed as digits. An imported line of such a game may give the values (these columns after
 * `gameCode,numero`) instead of `top3,bottom2`; the digits are taken with @lotus/fair's helpers, so
 * the server and any check of a result use one rule. Values are decimal strings with two decimals as
 * published (`38654.42`, `-123.05`), never floats.
 */
export const stockIndexColumns: Readonly<Record<string, readonly string[]>> = {
  STOCK_SET: ['set', 'set50', 'setChange'],
  STOCK_NIKKEI: ['close', 'change'],
  STOCK_HANGSENG: ['close', 'change'],
  STOCK_DOWJONES: ['close', 'change'],
};

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
