/**
 * When a house game draws and what each draw is called. Draws fall every `intervalSeconds` from
 * midnight in Asia/Bangkok (the interval divides a day), and a draw's numero is its Bangkok day and its
 * number within the day: the 841st draw of a 1-minute game on 27 November 2026 (14:01 Bangkok) is
 * `20261127-0841`. The day's last draw falls on the next midnight and is still that day's (1440th).
 * Bangkok keeps UTC+7 all year, so no time-zone database is needed.
 */
const bangkokOffsetMs = 7 * 3_600_000;
const dayMs = 86_400_000;

export interface DrawSlot {
  numero: string;
  opensAtMs: number;
  locksAtMs: number;
  drawsAtMs: number;
}

/** The numero of the draw at `drawsAtMs` (on the game's grid). */
export function numeroOf(drawsAtMs: number, intervalSeconds: number): string {
  const localMs = drawsAtMs + bangkokOffsetMs;
  // The draw on midnight closes the previous day, so the day is the one of the instant just before.
  const dayStartMs = Math.floor((localMs - 1) / dayMs) * dayMs;
  const number = Math.round((localMs - dayStartMs) / (intervalSeconds * 1000));
  const day = new Date(dayStartMs).toISOString().slice(0, 10).replaceAll('-', '');
  return `${day}-${String(number).padStart(4, '0')}`;
}

/** The first draw instant on the game's grid strictly after `afterMs`. */
export function nextDrawAfter(afterMs: number, intervalSeconds: number): number {
  const intervalMs = intervalSeconds * 1000;
  const localMs = afterMs + bangkokOffsetMs;
  return (Math.floor(localMs / intervalMs) + 1) * intervalMs - bangkokOffsetMs;
}

/**
 * The game's draws strictly after `afterMs` up to `untilMs`, skipping any whose bets would already be
 * closed at `nowMs` (a draw nobody could bet on is not worth creating).
 */
export function drawSlotsBetween(
  game: { intervalSeconds: number; lockSeconds: number },
  afterMs: number,
  untilMs: number,
  nowMs: number,
): DrawSlot[] {
  const intervalMs = game.intervalSeconds * 1000;
  const slots: DrawSlot[] = [];
  for (let drawsAtMs = nextDrawAfter(afterMs, game.intervalSeconds); drawsAtMs <= untilMs; drawsAtMs += intervalMs) {
    const locksAtMs = drawsAtMs - game.lockSeconds * 1000;
    if (locksAtMs <= nowMs) continue;
    slots.push({
      numero: numeroOf(drawsAtMs, game.intervalSeconds),
      opensAtMs: drawsAtMs - intervalMs,
      locksAtMs,
      drawsAtMs,
    });
  }
  return slots;
}
