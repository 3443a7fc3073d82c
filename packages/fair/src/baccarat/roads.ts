// The two scoreboards ("roads") of a baccarat table, built from its round history, oldest first.
// Both are lists of placed cells; column 0 is the left edge and row 0 the top, `rows` tall.
import type { BaccaratOutcome } from './deal-baccarat.ts';

export type RoadEntry = Pick<BaccaratOutcome, 'result' | 'playerPair' | 'bankerPair'>;

export const ROAD_ROWS = 6;

export interface BeadPlateCell extends RoadEntry {
  column: number;
  row: number;
}

export interface BigRoadCell {
  column: number;
  row: number;
  result: 'PLAYER' | 'BANKER';
  /** Ties that followed this hand (or, for the very first cell, also those before it). */
  ties: number;
  playerPair: boolean;
  bankerPair: boolean;
}

/** Bead plate: every round, ties included, in reading order down each column, then the next column. */
export function beadPlate(entries: readonly RoadEntry[], rows = ROAD_ROWS): BeadPlateCell[] {
  return entries.map((entry, index) => ({
    column: Math.floor(index / rows),
    row: index % rows,
    result: entry.result,
    playerPair: entry.playerPair,
    bankerPair: entry.bankerPair,
  }));
}

/**
 * Big road: one column per streak of PLAYER or BANKER wins; a tie adds to the tie count of the
 * cell before it. A streak goes down its column; when it reaches the bottom row or an occupied
 * cell it turns right and runs along that row (the "dragon tail"). Each new streak starts in the
 * top row of the column after the previous streak's first column, or further right if a tail
 * already fills that cell.
 */
export function bigRoad(entries: readonly RoadEntry[], rows = ROAD_ROWS): BigRoadCell[] {
  const cells: BigRoadCell[] = [];
  const occupied = new Set<string>();
  const isFree = (column: number, row: number) => row < rows && !occupied.has(`${column}:${row}`);
  let leadingTies = 0;
  let streakColumn = -1;
  let isTurned = false;

  for (const entry of entries) {
    const last = cells.at(-1);
    if (entry.result === 'TIE') {
      if (last) last.ties += 1;
      else leadingTies += 1;
      continue;
    }
    let column: number;
    let row: number;
    if (last && last.result === entry.result) {
      if (!isTurned && isFree(last.column, last.row + 1)) {
        column = last.column;
        row = last.row + 1;
      } else {
        isTurned = true;
        column = last.column + 1;
        row = last.row;
      }
    } else {
      column = streakColumn + 1;
      while (!isFree(column, 0)) column += 1;
      streakColumn = column;
      row = 0;
      isTurned = false;
    }
    occupied.add(`${column}:${row}`);
    cells.push({
      column,
      row,
      result: entry.result,
      ties: cells.length === 0 ? leadingTies : 0,
      playerPair: entry.playerPair,
      bankerPair: entry.bankerPair,
    });
  }
  return cells;
}
