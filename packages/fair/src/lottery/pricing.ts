// What a lottery bet costs and what it wins. Money is a bigint of minor units, like the ledger's,
// because a win multiplies four factors (stake x multiple x odds x series) whose product passes
// 2^53 for ordinary bets: 1,000,000 minor units x multiple 100 x odds 980.00 x series 2000 is
// 1.96e16. Counts, multiples, odds in hundredths and series are small, so they are plain safe
// integers. Every division rounds down, so the house never pays a fraction of a minor unit.

/** The full prize group: at this series a play pays its listed odds (the original's base of 2000). */
export const FULL_SERIES = 2000;

/**
 * Refused pricing input. `series_invalid`: the series is not an integer from 1 to 2000;
 * `series_out_of_range`: it is outside the member's allowed range (the caller shows that range);
 * `amount_invalid`: a stake, multiple, count or odds is not a positive integer (a caller's bug or a
 * forged request: the server validates first and names the field).
 */
export class LotteryPricingError extends Error {
  constructor(
    readonly code: 'series_invalid' | 'series_out_of_range' | 'amount_invalid',
    message: string,
  ) {
    super(message);
  }
}

/** The stake a bet takes from the balance: units (its combinations) x stake per unit x multiple. */
export function betCost(bet: { units: number; stakePerUnitMinor: bigint; multiple: number }): bigint {
  assertPositiveInteger('units', bet.units);
  assertPositiveStake(bet.stakePerUnitMinor);
  assertPositiveInteger('multiple', bet.multiple);
  return BigInt(bet.units) * bet.stakePerUnitMinor * BigInt(bet.multiple);
}

/**
 * What a settled bet credits: `floor(stakePerUnit x multiple x winHundredths x series / 200000)`,
 * where `winHundredths` is the play's win for a stake of 1 per unit at the full series (the sum over
 * the bet's winning combinations) and 200000 is 100 (hundredths) x 2000 (the full series). The win is
 * credited as it is: the stake is not returned on top (odds of 9.80 pay 9.80 for 1).
 */
export function betWinMinor(bet: {
  stakePerUnitMinor: bigint;
  multiple: number;
  winHundredths: number;
  series: number;
}): bigint {
  assertPositiveStake(bet.stakePerUnitMinor);
  assertPositiveInteger('multiple', bet.multiple);
  if (!Number.isSafeInteger(bet.winHundredths) || bet.winHundredths < 0)
    throw new LotteryPricingError('amount_invalid', 'winHundredths must be a non-negative integer');
  assertSeries(bet.series);
  // bigint division truncates toward zero, which is floor for these non-negative numbers.
  return (
    (bet.stakePerUnitMinor * BigInt(bet.multiple) * BigInt(bet.winHundredths) * BigInt(bet.series)) /
    BigInt(100 * FULL_SERIES)
  );
}

/**
 * The odds shown at a series, in hundredths, rounded down like the win: 9.80 at series 1950 is
 * 9.555, shown 9.55. A display figure only: a bet's win is computed from the full product by
 * `betWinMinor`, never from these rounded odds.
 */
export function seriesOdds(oddsHundredths: number, series: number): number {
  assertPositiveInteger('oddsHundredths', oddsHundredths);
  assertSeries(series);
  return Math.floor((oddsHundredths * series) / FULL_SERIES);
}

/**
 * Checks the series a member bets at against the range the merchant allows them (the original's
 * `lottoGameBonus` minSeries..maxBetSeries) and returns it. A lower series pays less and leaves room
 * for the member's rebate, so a series above the member's maximum would pay more than agreed.
 */
export function checkSeries(series: number, range: { minSeries: number; maxSeries: number }): number {
  assertSeries(series);
  if (series < range.minSeries || series > range.maxSeries)
    throw new LotteryPricingError(
      'series_out_of_range',
      `series ${series} is outside the allowed ${range.minSeries}..${range.maxSeries}`,
    );
  return series;
}

function assertSeries(series: number): void {
  if (!Number.isSafeInteger(series) || series < 1 || series > FULL_SERIES)
    throw new LotteryPricingError('series_invalid', `series must be an integer from 1 to ${FULL_SERIES}`);
}

function assertPositiveInteger(field: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new LotteryPricingError('amount_invalid', `${field} must be a positive integer`);
}

function assertPositiveStake(stakePerUnitMinor: bigint): void {
  if (typeof stakePerUnitMinor !== 'bigint' || stakePerUnitMinor < 1n)
    throw new LotteryPricingError('amount_invalid', 'stakePerUnitMinor must be a positive bigint');
}
