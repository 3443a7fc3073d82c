// What the page draws of the table's two roads: the cells of @lotus/fair's beadPlate and bigRoad,
// from the table history (which arrives latest first), cut to the columns that fit on screen.
import { beadPlate, bigRoad, ROAD_ROWS, type BeadPlateCell, type BigRoadCell, type RoadEntry } from '@lotus/fair';

export interface Road<C> {
  /** Cells shifted so the newest column is the last visible one. */
  cells: C[];
  columns: number;
  rows: number;
}

/** Keeps the last `visible` columns (a long shoe scrolls left, as on a real table's board). */
function fit<C extends { column: number }>(cells: readonly C[], visible: number): Road<C> {
  const used = cells.reduce((most, cell) => Math.max(most, cell.column + 1), 0);
  const shift = Math.max(0, used - visible);
  return {
    cells: cells.filter((cell) => cell.column >= shift).map((cell) => ({ ...cell, column: cell.column - shift })),
    columns: visible,
    rows: ROAD_ROWS,
  };
}

export function tableRoads(
  historyLatestFirst: readonly RoadEntry[],
  visibleColumns: { bead: number; big: number },
): { bead: Road<BeadPlateCell>; big: Road<BigRoadCell> } {
  const oldestFirst = [...historyLatestFirst].reverse();
  return { bead: fit(beadPlate(oldestFirst), visibleColumns.bead), big: fit(bigRoad(oldestFirst), visibleColumns.big) };
}
