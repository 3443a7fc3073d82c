import {
  BetContentError,
  betCost,
  checkSeries,
  lotteryPlay,
  LotteryPricingError,
  parseBetContent,
  type BetContent,
  type LotteryFamily,
  type LotteryPlay,
} from '@lotus/fair';
import { lotteryErrorCodes, parseAmount, type LotteryBet } from '@lotus/contract';
import { AppError } from '../../http/app-error.ts';
import type { LotteryGameSetting } from './game-settings.ts';
import { numberPayoutMinor } from './order-plays.ts';

/** One bet as the server priced it: nothing of the client's figures is used but what it was checked against. */
export interface PricedBet {
  play: LotteryPlay;
  content: BetContent;
  betContent: string;
  units: number;
  stakePerUnitMinor: bigint;
  multiple: number;
  series: number;
  costMinor: bigint;
  /** A number play's numbers (per-number limits), else null. */
  numbers: string[] | null;
  /** What the house pays if one of `numbers` wins once (0 when not a number play). */
  payoutPerNumberMinor: bigint;
}

const refuse = (status: number, code: string, field: string, params: Record<string, string | number> = {}) =>
  new AppError(status, code, { field, params: { field, ...params } });

/**
 * Expands, counts and prices each bet with `@lotus/fair` against the game's family and the merchant's
 * setting, refusing with the field named: an unknown play, a content the play cannot take, a count
 * that differs from the client's, a stake under the minimum, a multiple or an order over the maximum,
 * a series outside the allowed range.
 */
export function priceBets(
  family: LotteryFamily,
  bets: readonly LotteryBet[],
  setting: LotteryGameSetting,
): PricedBet[] {
  return bets.map((bet, index) => {
    const field = (name: string) => `bets[${index}].${name}`;
    const play = lotteryPlay(family, bet.playId);
    if (!play) throw refuse(400, lotteryErrorCodes.playUnknown, field('playId'));
    let content: BetContent;
    let units: number;
    try {
      content = parseBetContent(bet.betContent);
      units = play.count(content);
    } catch (error) {
      if (error instanceof BetContentError)
        throw refuse(400, lotteryErrorCodes.contentInvalid, field('betContent'), { reason: error.message });
      throw error;
    }
    if (units !== bet.betNum) throw refuse(400, lotteryErrorCodes.countMismatch, field('betNum'), { expected: units });
    const stakePerUnitMinor = parseAmount(bet.stakePerUnit)!;
    if (stakePerUnitMinor < setting.min_stake_minor)
      throw refuse(400, lotteryErrorCodes.amountOverLimits, field('stakePerUnit'));
    if (bet.multiple > setting.max_multiple)
      throw refuse(400, lotteryErrorCodes.multipleOverLimits, field('multiple'), { max: setting.max_multiple });
    try {
      checkSeries(bet.series, { minSeries: setting.min_series, maxSeries: setting.max_series });
    } catch (error) {
      if (error instanceof LotteryPricingError)
        throw refuse(400, lotteryErrorCodes.seriesOutOfRange, field('series'), {
          min: setting.min_series,
          max: setting.max_series,
        });
      throw error;
    }
    const costMinor = betCost({ units, stakePerUnitMinor, multiple: bet.multiple });
    if (costMinor > setting.max_order_minor)
      throw refuse(400, lotteryErrorCodes.amountOverLimits, field('stakePerUnit'));
    const numbers = play.numbers?.(content) ?? null;
    const payoutPerNumberMinor =
      numbers === null
        ? 0n
        : numberPayoutMinor(play, {
            units,
            numberCount: numbers.length,
            stakePerUnitMinor,
            multiple: bet.multiple,
            series: bet.series,
          });
    return {
      play,
      content,
      betContent: bet.betContent,
      units,
      stakePerUnitMinor,
      multiple: bet.multiple,
      series: bet.series,
      costMinor,
      numbers,
      payoutPerNumberMinor,
    };
  });
}
