import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * Stock-index lotteries (issue 18; server modules/lottery/official, migration 0071): a result is read
 * from the index values as published, never typed as digits by whoever enters it. The back-office form
 * and the import may give these values; the SERVER takes 3 top and 2 bottom from them with
 * @lotus/fair's thaiStyleFromThaiStock / thaiStyleFromStockIndex, so one rule serves every path.
 * ---------------------------------------------------------------------------------------------- */

/** A value as published: the index's name. `setChange` and `change` are signed. */
export type StockIndexField = 'set' | 'set50' | 'setChange' | 'close' | 'change';

/** The values each stock game publishes, in the import's column order (after `gameCode,numero`). */
export const stockIndexFields: Readonly<Record<string, readonly StockIndexField[]>> = {
  STOCK_SET: ['set', 'set50', 'setChange'],
  STOCK_NIKKEI: ['close', 'change'],
  STOCK_HANGSENG: ['close', 'change'],
  STOCK_DOWJONES: ['close', 'change'],
};

/** Whether a game's result comes from index values. */
export const isStockIndexGame = (gameCode: string): boolean => Object.hasOwn(stockIndexFields, gameCode);

/** The changes carry a sign (`-123.05`, `+4.21`, `0.00`); closes never do. */
export const signedStockIndexFields: readonly StockIndexField[] = ['setChange', 'change'];

const indexValue = (signed: boolean) =>
  z
    .string()
    .trim()
    .regex(
      signed ? /^[+-]?[0-9]{1,7}\.[0-9]{2}$/ : /^[0-9]{1,7}\.[0-9]{2}$/,
      signed ? 'must be a value with two decimals, e.g. -123.05' : 'must be a value with two decimals, e.g. 38654.42',
    );

/**
 * Index values typed in (`indexValues` of an entry or a confirmation). Which ones a game needs is
 * stockIndexFields: the server refuses a missing one (400 `validation.failed`, field
 * `indexValues.<name>`) and one the game does not publish.
 */
export const stockIndexValuesSchema = z.strictObject({
  set: indexValue(false).optional(),
  set50: indexValue(false).optional(),
  setChange: indexValue(true).optional(),
  close: indexValue(false).optional(),
  change: indexValue(true).optional(),
});
export type StockIndexValues = z.infer<typeof stockIndexValuesSchema>;

/**
 * Which published values make which digits (for a mismatch on index values: the inputs to check):
 * STOCK_SET's 3 top are SET50's last decimal and SET's two, 2 bottom SET's change; the others' 3 top
 * are the close's units and decimals, 2 bottom the change's decimals.
 */
export function stockIndexFieldsOf(gameCode: string, part: 'top3' | 'bottom2'): StockIndexField[] {
  if (gameCode === 'STOCK_SET') return part === 'top3' ? ['set50', 'set'] : ['setChange'];
  return part === 'top3' ? ['close'] : ['change'];
}
