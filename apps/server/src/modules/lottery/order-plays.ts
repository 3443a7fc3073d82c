import {
  betWinMinor,
  lotteryPlay,
  parseBetContent,
  type LotteryFamily,
  type LotteryPlay,
  type LotteryResult,
} from '@lotus/fair';

/** What of an order its settlement and refunds read (the columns of lottery_order). */
export interface PricedOrder {
  play_id: number;
  bet_content: string;
  bet_num: number;
  stake_per_unit_minor: bigint;
  multiple: number;
  series: number;
  bet_amount_minor: bigint;
  reduced_numbers: string[];
}

function playOf(family: LotteryFamily, playId: number): LotteryPlay {
  const play = lotteryPlay(family, playId);
  // Orders are written only after their play was found: a missing one is a catalogue change, not input.
  if (!play) throw new Error(`lottery: play ${playId} of ${family} is not in the catalogue`);
  return play;
}

/**
 * What the house pays if one number of a number play wins once: its units (a Vietnamese bao lô charges
 * one per slot) each at the play's odds, at the order's series, rounded down like every win.
 */
export function numberPayoutMinor(
  play: LotteryPlay,
  bet: { units: number; numberCount: number; stakePerUnitMinor: bigint; multiple: number; series: number },
): bigint {
  return betWinMinor({
    stakePerUnitMinor: bet.stakePerUnitMinor,
    multiple: bet.multiple,
    winHundredths: play.oddsHundredths * (bet.units / bet.numberCount),
    series: bet.series,
  });
}

/**
 * An order's win against a result: the play's win over its content, less half of what its reduced
 * numbers won (a number taken past its limit in `reduce` mode pays half its odds).
 */
export function orderWinMinor(family: LotteryFamily, order: PricedOrder, result: LotteryResult): bigint {
  const play = playOf(family, order.play_id);
  const win = (winHundredths: number) =>
    betWinMinor({
      stakePerUnitMinor: order.stake_per_unit_minor,
      multiple: order.multiple,
      winHundredths,
      series: order.series,
    });
  let total = win(play.winHundredths(parseBetContent(order.bet_content), result));
  for (const number of order.reduced_numbers) {
    const numberWin = win(play.winHundredths({ rows: [[number]] }, result));
    total -= numberWin - numberWin / 2n;
  }
  return total;
}

/** The order's lines in the merchant's book (number plays only): what releasing it takes back. */
export function orderBookLines(
  family: LotteryFamily,
  order: PricedOrder,
): { playCode: string; number: string; stakeMinor: bigint; payoutMinor: bigint }[] {
  const play = playOf(family, order.play_id);
  const numbers = play.numbers?.(parseBetContent(order.bet_content));
  if (!numbers) return [];
  const payout = numberPayoutMinor(play, {
    units: order.bet_num,
    numberCount: numbers.length,
    stakePerUnitMinor: order.stake_per_unit_minor,
    multiple: order.multiple,
    series: order.series,
  });
  const stake = order.bet_amount_minor / BigInt(numbers.length);
  return numbers.map((number) => ({
    playCode: play.code,
    number,
    stakeMinor: stake,
    payoutMinor: order.reduced_numbers.includes(number) ? payout / 2n : payout,
  }));
}
