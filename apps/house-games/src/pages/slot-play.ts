// The slot page's pure rules of presentation: what a spinning reel shows, which cells a spin's
// wins light up, and how big a win is. Kept apart from the DOM so they are tested directly.
import { SLOT_LINES, type SlotSpin, type SlotSymbol } from '@lotus/fair';

/**
 * The cells of one reel's spin animation, top to bottom: the stopping symbols first, then symbols
 * of the real strip that run past, then the symbols showing now. The strip slides down from
 * showing the last three to showing the first three, so the reel lands exactly on its stop.
 */
export function reelSequence(
  strip: readonly SlotSymbol[],
  stop: number,
  showing: readonly SlotSymbol[],
  passing: number,
): SlotSymbol[] {
  const at = (offset: number) => strip[(stop + offset) % strip.length]!;
  return [...[0, 1, 2].map(at), ...Array.from({ length: passing }, (_, index) => at(3 + index)), ...showing];
}

/** `reel:row` of every cell a spin's wins use: each winning line's run, and every scatter when scatters pay. */
export function winningCells(spin: Pick<SlotSpin, 'grid' | 'lineWins' | 'scatterWinMinor'>): Set<string> {
  const cells = new Set<string>();
  for (const win of spin.lineWins) {
    const rows = SLOT_LINES[win.line - 1]!;
    for (let reel = 0; reel < win.count; reel += 1) cells.add(`${reel}:${rows[reel]}`);
  }
  if (spin.scatterWinMinor > 0) {
    spin.grid.forEach((column, reel) =>
      column.forEach((symbol, row) => symbol === 'SCATTER' && cells.add(`${reel}:${row}`)),
    );
  }
  return cells;
}

export type WinTier = 'none' | 'win' | 'big' | 'mega';

/** How a round's total win is celebrated: big from 10 total bets, mega from 50. */
export function winTier(totalWinMinor: number, totalBetMinor: number): WinTier {
  if (totalWinMinor <= 0) return 'none';
  if (totalWinMinor >= 50 * totalBetMinor) return 'mega';
  if (totalWinMinor >= 10 * totalBetMinor) return 'big';
  return 'win';
}

/** Space or Enter spins, unless the player is typing or pressing a control that has its own meaning. */
export function isSpinKey(event: Pick<KeyboardEvent, 'key' | 'repeat'>, targetTag: string): boolean {
  if (event.repeat || (event.key !== ' ' && event.key !== 'Enter')) return false;
  return !['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(targetTag.toUpperCase());
}
